import { JobPool, resolveWorkerScript, type WorkerEntry } from '../../platform/workers/job-pool.js';
import { ProviderError, workerPoolErrors } from '../provider.js';
import type { RealtimeFrame, RealtimeFrameRequest } from './realtime.js';
import type { FromRealtimeWorker, ToRealtimeWorker } from './realtime-protocol.js';

/** `realtime-worker.js` next to the bundle, or the `.ts` source when running from sources. */
export function resolveRealtimeWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return resolveWorkerScript(moduleUrl, 'realtime-worker', 'Realtime');
}

/** Buffers cross the thread boundary as plain Uint8Arrays. */
const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The offline Realtime renderer off the event loop: its own thread (kept warm with its scene cache),
 * separate from the Sketch pool so a long generation never delays a live preview.
 */
export class RealtimeRenderPool {
  private readonly pool: JobPool<RealtimeFrameRequest, RealtimeFrame, undefined, FromRealtimeWorker>;

  constructor(options: { size?: number; entry?: WorkerEntry } = {}) {
    this.pool = new JobPool({
      size: options.size ?? 1,
      cancelGraceMs: 5_000,
      // An idle thread gives back its scene cache after a while.
      idleMs: 5 * 60_000,
      entry: (options.entry ?? resolveRealtimeWorkerEntry()).url,
      threadName: 'kaleido-realtime',
      workerLabel: 'Realtime worker',
      errors: workerPoolErrors('Realtime renderer'),
      start: (id, request): ToRealtimeWorker => ({ type: 'job', id, request }),
      result: ({ frame }): RealtimeFrame => ({ ...frame, webp: toBuffer(frame.webp) }),
      progress: () => undefined,
      failure: (error) =>
        new ProviderError(error.kind ?? 'internal', `Realtime render failed: ${error.message}`),
    });
  }

  render(request: RealtimeFrameRequest, signal: AbortSignal): Promise<RealtimeFrame> {
    return this.pool.run(request, { signal, report: () => undefined });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
