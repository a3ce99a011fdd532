/**
 * Worker-thread entry of the Enhancer (bundled as dist/enhance-worker.js). Runs one job at a time and
 * keeps the loaded networks between jobs; a `cancel` message stops the job at the next tile.
 */
import { parentPort } from 'node:worker_threads';
import { ProviderError } from '../provider.js';
import { type EngineContext, enhanceImage, enhanceVideo } from './engine.js';
import type {
  EnhanceResult,
  EnhanceTask,
  FromEnhanceWorker,
  SerializedError,
  ToEnhanceWorker,
} from './protocol.js';

const port = parentPort;
if (!port) throw new Error('enhance-worker must run in a worker thread');

let current: { id: number; controller: AbortController } | null = null;
const send = (message: FromEnhanceWorker, transfer?: ArrayBuffer[]): void =>
  port.postMessage(message, transfer);

function serialize(error: unknown): SerializedError {
  if (error instanceof ProviderError) {
    const serialized: SerializedError = { name: error.name, message: error.message, kind: error.kind };
    if (error.options.userMessage) serialized.userMessage = error.options.userMessage;
    if (error.options.field) serialized.field = error.options.field;
    return serialized;
  }
  if (error instanceof Error || error instanceof DOMException)
    return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

async function run(task: EnhanceTask, context: EngineContext): Promise<EnhanceResult> {
  if (task.kind === 'image') {
    const input = Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
    return { kind: 'image', image: await enhanceImage(input, context) };
  }
  return { kind: 'video', video: await enhanceVideo(task.file, task.outputFile, context) };
}

port.on('message', (message: ToEnhanceWorker) => {
  if (message.type === 'cancel') {
    if (current?.id === message.id) current.controller.abort();
    return;
  }
  const { id, task } = message;
  const controller = new AbortController();
  current = { id, controller };
  run(task, {
    scale: task.scale,
    quality: task.quality,
    signal: controller.signal,
    onProgress: (fraction, stage) => send({ type: 'progress', id, fraction, stage }),
    onProcess: (pid) => send({ type: 'process', id, pid }),
  })
    .then((result) => {
      const transfer = result.kind === 'image' ? [result.image.data.buffer as ArrayBuffer] : [];
      // A pooled Buffer shares its ArrayBuffer: copy before transferring it.
      if (result.kind === 'image' && result.image.data.byteLength !== result.image.data.buffer.byteLength) {
        result.image.data = Buffer.from(result.image.data);
        transfer[0] = result.image.data.buffer as ArrayBuffer;
      }
      send({ type: 'done', id, result }, transfer);
    })
    .catch((error: unknown) => send({ type: 'error', id, error: serialize(error) }))
    .finally(() => {
      if (current?.id === id) current = null;
    });
});

send({ type: 'ready' });
