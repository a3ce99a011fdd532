import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { unzipSync } from 'fflate';
import { readBody, sendJson } from './media.js';

/**
 * The fake fal's Train parts (issue 21), hooked into fake-fal.ts. Storage as fal's REST API does it:
 * `POST /storage/upload/initiate?storage_type=…` with `Key` auth and `{ content_type, file_name }`
 * answers `{ upload_url, file_url }`; `PUT upload_url` (pre-signed: no key) stores the bytes, served
 * at `file_url`. `fal-ai/flux-lora-fast-training` reads `images_data_url` (one of those files, a zip
 * of images, else the request completes with an error) and answers `diffusers_lora_file` and
 * `config_file`; `state.outcome` makes trainings hold until cancelled, or fail.
 */

export const FAKE_TRAINING_ENDPOINT = 'fal-ai/flux-lora-fast-training';

export interface FakeFalTraining {
  /** Uploaded files by id, and the number of images each training request found in its zip. */
  uploads: Map<string, { bytes: Buffer; contentType: string }>;
  imagesSeen: number[];
  state: { outcome: 'succeed' | 'hold' | 'fail' };
  /** Routes without the key: the pre-signed upload and the files. */
  routePublic(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<boolean>;
  /** Routes with the key: the storage upload's initiate. */
  routeAuthorised(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<boolean>;
  holds(endpoint: string): boolean;
  /** A training request's outcome; null for any other endpoint. */
  complete(
    endpoint: string,
    input: Record<string, unknown>,
  ): { result: Record<string, unknown> } | { error: string } | null;
}

export function createFakeFalTraining(base: () => string): FakeFalTraining {
  const uploads = new Map<string, { bytes: Buffer; contentType: string }>();
  const pending = new Map<string, string>();
  const imagesSeen: number[] = [];
  const state: FakeFalTraining['state'] = { outcome: 'succeed' };

  return {
    uploads,
    imagesSeen,
    state,

    async routePublic(request, response, url) {
      const put = /^\/storage\/upload\/([^/]+)$/.exec(url.pathname);
      if (put && request.method === 'PUT') {
        const id = put[1] as string;
        const contentType = pending.get(id);
        if (!contentType) {
          sendJson(response, 403, { detail: 'Upload URL expired or unknown' });
          return true;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        uploads.set(id, { bytes: Buffer.concat(chunks), contentType });
        pending.delete(id);
        response.writeHead(200).end();
        return true;
      }
      const file = /^\/files\/([^/]+)$/.exec(url.pathname);
      if (file && request.method === 'GET') {
        const stored = uploads.get((file[1] as string).replace(/\.[a-z]+$/, ''));
        if (!stored) sendJson(response, 404, { detail: 'Not found' });
        else response.writeHead(200, { 'Content-Type': stored.contentType }).end(stored.bytes);
        return true;
      }
      return false;
    },

    async routeAuthorised(request, response, url) {
      if (url.pathname !== '/storage/upload/initiate' || request.method !== 'POST') return false;
      const body = JSON.parse(await readBody(request)) as { content_type?: string; file_name?: string };
      if (!url.searchParams.get('storage_type') || !body.content_type || !body.file_name) {
        sendJson(response, 422, { detail: [{ loc: ['body', 'content_type'], msg: 'Field required' }] });
        return true;
      }
      const id = randomUUID();
      pending.set(id, body.content_type);
      const extension = body.file_name.split('.').pop() ?? 'bin';
      sendJson(response, 200, {
        upload_url: `${base()}/storage/upload/${id}`,
        file_url: `${base()}/files/${id}.${extension}`,
      });
      return true;
    },

    holds(endpoint) {
      return endpoint === FAKE_TRAINING_ENDPOINT && state.outcome === 'hold';
    },

    complete(endpoint, input) {
      if (endpoint !== FAKE_TRAINING_ENDPOINT) return null;
      if (state.outcome === 'fail') return { error: 'Training diverged: loss is NaN' };
      const source = /\/files\/([^/.]+)/.exec(String(input.images_data_url ?? ''));
      const archive = source ? uploads.get(source[1] as string) : undefined;
      if (!archive) return { error: 'Could not download images_data_url' };
      let names: string[];
      try {
        names = Object.keys(unzipSync(new Uint8Array(archive.bytes)));
      } catch {
        return { error: 'images_data_url is not a zip archive' };
      }
      const images = names.filter((name) => /\.(jpe?g|png|webp)$/i.test(name)).length;
      imagesSeen.push(images);
      if (images === 0) return { error: 'No images found in the archive' };
      const weights = randomUUID();
      uploads.set(weights, {
        bytes: Buffer.from('fake safetensors'),
        contentType: 'application/octet-stream',
      });
      return {
        result: {
          diffusers_lora_file: {
            url: `${base()}/files/${weights}.safetensors`,
            content_type: 'application/octet-stream',
            file_name: 'pytorch_lora_weights.safetensors',
            file_size: 16,
          },
          config_file: { url: `${base()}/files/${weights}.json`, content_type: 'application/json' },
        },
      };
    },
  };
}
