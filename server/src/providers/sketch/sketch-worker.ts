/**
 * Worker-thread entry of the Sketch renderer (bundled as dist/sketch-worker.js). Runs one job at a
 * time; a `cancel` message aborts it between frames and kills its ffmpeg.
 */
import { parentPort } from 'node:worker_threads';
import type { GenerationOutput } from '../provider.js';
import { ProviderError } from '../provider.js';
import { runOfflineEdit } from './edit/index.js';
import { runSketchJob } from './job.js';
import type { FromWorker, SerializedError, ToWorker } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('sketch-worker must run in a worker thread');

let current: { id: number; controller: AbortController } | null = null;
const send = (message: FromWorker): void => port.postMessage(message);

function serialize(error: unknown): SerializedError {
  if (error instanceof ProviderError) return { name: error.name, message: error.message, kind: error.kind };
  if (error instanceof Error || error instanceof DOMException)
    return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    if (current?.id === message.id) current.controller.abort();
    return;
  }
  const { id } = message;
  const controller = new AbortController();
  current = { id, controller };
  const report = (update: { progress: number; stage: string }) => send({ type: 'progress', id, update });
  const work: Promise<GenerationOutput> =
    message.type === 'edit'
      ? runOfflineEdit(message.edit, { signal: controller.signal, report })
      : runSketchJob(message.request, message.options, {
          signal: controller.signal,
          report,
          onProcess: (pid) => send({ type: 'process', id, pid }),
        });
  work
    .then((output) => send({ type: 'done', id, output }))
    .catch((error: unknown) => send({ type: 'error', id, error: serialize(error) }))
    .finally(() => {
      if (current?.id === id) current = null;
    });
});

send({ type: 'ready' });
