import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { unzipSync } from 'fflate';
import { readBody, sendJson } from './media.js';

/**
 * The fake Replicate's Train parts (issue 21), hooked into fake-replicate.ts: `GET /v1/account`;
 * `POST /v1/models` (a destination model; 409 when it exists); `GET /v1/models/{owner}/{name}` of the
 * trainer (`latest_version.id`) and of destination models (their versions); `POST /v1/models/ostris/
 * flux-dev-lora-trainer/versions/{version}/trainings` (the destination must exist and the version be
 * the trainer's; `input.input_images` must be a Files API URL of a zip of images) answers a training
 * `starting`, which advances on each `GET /v1/trainings/{id}` through `processing` (tqdm logs) to
 * `succeeded` with `output.version` (a new version of the destination) and `output.weights`;
 * `POST /v1/trainings/{id}/cancel`; `DELETE` of a version, then of a model without versions (409
 * while it has some). `state.outcome` makes trainings hold until cancelled, or fail.
 */

const TRAINER = 'ostris/flux-dev-lora-trainer';
export const FAKE_TRAINER_VERSION = 'e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497';

interface FakeTraining {
  id: string;
  model: string;
  version: string;
  destination: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  polls: number;
  logs: string;
  output: { version: string; weights: string } | null;
  error: string | null;
  urls: { get: string; cancel: string };
}

export interface FakeReplicateTraining {
  username: string;
  /** Destination models by `owner/name`, with their versions. */
  models: Map<string, { visibility: string; hardware: string; versions: string[] }>;
  trainings: Map<string, FakeTraining>;
  imagesSeen: number[];
  deletes: string[];
  state: { outcome: 'succeed' | 'hold' | 'fail' };
  route(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<boolean>;
}

export function createFakeReplicateTraining(options: {
  base: () => string;
  /** A Files API upload by its id (the archive). */
  file: (id: string) => Buffer | undefined;
}): FakeReplicateTraining {
  const username = 'kaleido-test';
  const models: FakeReplicateTraining['models'] = new Map();
  const trainings = new Map<string, FakeTraining>();
  const imagesSeen: number[] = [];
  const deletes: string[] = [];
  const state: FakeReplicateTraining['state'] = { outcome: 'succeed' };

  function advance(training: FakeTraining) {
    if (training.status === 'canceled' || training.status === 'succeeded' || training.status === 'failed')
      return;
    training.polls += 1;
    if (training.polls <= 2) return;
    training.status = 'processing';
    const step = training.polls - 2;
    training.logs += `flux_train_replicate: ${Math.min(100, step * 25)}%|${'█'.repeat(step)}| ${step * 250}/1000 [00:0${step}<00:03]\n`;
    if (step < 4 || state.outcome === 'hold') return;
    if (state.outcome === 'fail') {
      training.status = 'failed';
      training.error = 'CUDA out of memory';
      return;
    }
    const version = randomBytes(32).toString('hex');
    models.get(training.destination)?.versions.push(version);
    training.output = {
      version: `${training.destination}:${version}`,
      weights: `${options.base()}/files/${version}/trained_model.tar`,
    };
    training.status = 'succeeded';
  }

  return {
    username,
    models,
    trainings,
    imagesSeen,
    deletes,
    state,

    async route(request, response, url) {
      const path = url.pathname;
      if (request.method === 'GET' && path === '/v1/account') {
        sendJson(response, 200, { type: 'user', username, name: 'Kaleido Test', github_url: null });
        return true;
      }
      if (request.method === 'POST' && path === '/v1/models') {
        const body = JSON.parse(await readBody(request)) as Record<string, string>;
        const key = `${body.owner}/${body.name}`;
        if (body.owner !== username) {
          sendJson(response, 403, { detail: 'You cannot create models for this owner.', status: 403 });
        } else if (models.has(key)) {
          sendJson(response, 409, { detail: 'A model with that name already exists.', status: 409 });
        } else if (!body.visibility || !body.hardware) {
          sendJson(response, 422, { detail: 'visibility and hardware are required', status: 422 });
        } else {
          models.set(key, { visibility: body.visibility, hardware: body.hardware, versions: [] });
          sendJson(response, 201, { owner: body.owner, name: body.name, visibility: body.visibility });
        }
        return true;
      }
      const model = /^\/v1\/models\/([^/]+)\/([^/]+)$/.exec(path);
      if (model && request.method === 'GET' && `${model[1]}/${model[2]}` === TRAINER) {
        sendJson(response, 200, {
          owner: model[1],
          name: model[2],
          latest_version: { id: FAKE_TRAINER_VERSION },
        });
        return true;
      }
      if (model && models.has(`${model[1]}/${model[2]}`)) {
        const key = `${model[1]}/${model[2]}`;
        const entry = models.get(key);
        if (request.method === 'DELETE') {
          if (entry?.versions.length) {
            sendJson(response, 409, { detail: 'Delete the versions of this model first.', status: 409 });
          } else {
            models.delete(key);
            deletes.push(key);
            response.writeHead(204).end();
          }
          return true;
        }
        if (request.method === 'GET') {
          const latest = entry?.versions.at(-1);
          sendJson(response, 200, {
            owner: model[1],
            name: model[2],
            latest_version: latest ? { id: latest } : null,
          });
          return true;
        }
      }
      const version = /^\/v1\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)$/.exec(path);
      if (version && request.method === 'DELETE') {
        const entry = models.get(`${version[1]}/${version[2]}`);
        if (!entry?.versions.includes(version[3] as string)) {
          sendJson(response, 404, { detail: 'Not found.', status: 404 });
        } else {
          entry.versions = entry.versions.filter((id) => id !== version[3]);
          deletes.push(`${version[1]}/${version[2]}:${version[3]}`);
          response.writeHead(204).end();
        }
        return true;
      }
      const create = /^\/v1\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)\/trainings$/.exec(path);
      if (create && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as {
          destination?: string;
          input?: Record<string, unknown>;
        };
        if (`${create[1]}/${create[2]}` !== TRAINER || create[3] !== FAKE_TRAINER_VERSION) {
          sendJson(response, 404, { detail: 'Version not found.', status: 404 });
          return true;
        }
        if (!body.destination || !models.has(body.destination)) {
          sendJson(response, 404, { detail: 'The destination model does not exist.', status: 404 });
          return true;
        }
        const input = body.input ?? {};
        const fileId = /\/v1\/files\/([^/]+)$/.exec(String(input.input_images ?? ''))?.[1];
        const archive = fileId ? options.file(fileId) : undefined;
        let images = 0;
        try {
          images = archive
            ? Object.keys(unzipSync(new Uint8Array(archive))).filter((name) =>
                /\.(jpe?g|png|webp)$/i.test(name),
              ).length
            : 0;
        } catch {
          images = 0;
        }
        if (!images || !input.trigger_word) {
          sendJson(response, 422, {
            title: 'Input validation failed',
            detail: '- input.input_images: a zip of images is required',
            status: 422,
          });
          return true;
        }
        imagesSeen.push(images);
        const id = randomBytes(13).toString('hex').slice(0, 26);
        const training: FakeTraining = {
          id,
          model: TRAINER,
          version: FAKE_TRAINER_VERSION,
          destination: body.destination,
          input,
          status: 'starting',
          polls: 0,
          logs: '',
          output: null,
          error: null,
          urls: {
            get: `${options.base()}/v1/trainings/${id}`,
            cancel: `${options.base()}/v1/trainings/${id}/cancel`,
          },
        };
        trainings.set(id, training);
        sendJson(response, 201, training);
        return true;
      }
      const get = /^\/v1\/trainings\/([^/]+)$/.exec(path);
      if (get && request.method === 'GET') {
        const training = trainings.get(get[1] as string);
        if (!training) sendJson(response, 404, { detail: 'Not found.', status: 404 });
        else {
          advance(training);
          sendJson(response, 200, training);
        }
        return true;
      }
      const cancel = /^\/v1\/trainings\/([^/]+)\/cancel$/.exec(path);
      if (cancel && request.method === 'POST') {
        const training = trainings.get(cancel[1] as string);
        if (!training) sendJson(response, 404, { detail: 'Not found.', status: 404 });
        else {
          if (training.status === 'starting' || training.status === 'processing')
            training.status = 'canceled';
          sendJson(response, 200, training);
        }
        return true;
      }
      return false;
    },
  };
}
