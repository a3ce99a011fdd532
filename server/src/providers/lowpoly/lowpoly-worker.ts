/**
 * Worker-thread entry of the offline 3D modeller (bundled as dist/lowpoly-worker.js): builds the mesh,
 * writes the GLB and rasterises its still off the server's event loop, one job at a time. A `cancel`
 * message stops the job between those steps.
 */
import { parentPort } from 'node:worker_threads';
import { ProviderError } from '../provider.js';
import { buildLowPoly } from './lowpoly.js';
import type { FromLowPolyWorker, SerializedError, ToLowPolyWorker } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('lowpoly-worker must run in a worker thread');

let current: { id: number; controller: AbortController } | null = null;
const send = (message: FromLowPolyWorker): void => port.postMessage(message);

function serialize(error: unknown): SerializedError {
  if (error instanceof ProviderError) return { name: error.name, message: error.message, kind: error.kind };
  if (error instanceof Error || error instanceof DOMException)
    return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

port.on('message', (message: ToLowPolyWorker) => {
  if (message.type === 'cancel') {
    if (current?.id === message.id) current.controller.abort();
    return;
  }
  const { id } = message;
  const controller = new AbortController();
  current = { id, controller };
  buildLowPoly(message.prompt, message.seed, message.posterSize, {
    signal: controller.signal,
    report: (update) => send({ type: 'progress', id, update }),
  })
    .then((result) => send({ type: 'done', id, result }))
    .catch((error: unknown) => send({ type: 'error', id, error: serialize(error) }))
    .finally(() => {
      if (current?.id === id) current = null;
    });
});

send({ type: 'ready' });
