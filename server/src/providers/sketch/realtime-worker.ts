/**
 * Worker-thread entry of the offline Realtime renderer (bundled as dist/realtime-worker.js). A frame
 * takes tens of milliseconds, so a cancel simply lets it finish and the answer is dropped.
 */
import { parentPort } from 'node:worker_threads';
import { renderRealtimeFrame } from './realtime.js';
import type { FromRealtimeWorker, ToRealtimeWorker } from './realtime-protocol.js';

const port = parentPort;
if (!port) throw new Error('realtime-worker must run in a worker thread');
const send = (message: FromRealtimeWorker): void => port.postMessage(message);

port.on('message', (message: ToRealtimeWorker) => {
  if (message.type === 'cancel') return;
  const { id } = message;
  renderRealtimeFrame(message.request)
    .then((frame) => send({ type: 'done', id, frame }))
    .catch((error: unknown) =>
      send({
        type: 'error',
        id,
        error: {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        },
      }),
    );
});

send({ type: 'ready' });
