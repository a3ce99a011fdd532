import { EventEmitter } from 'node:events';

/** In-process notifications that a job changed; listeners re-read it. Other processes are seen by polling. */
export function createGenerationEvents() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    changed(jobId: string): void {
      emitter.emit(jobId);
    },
    subscribe(jobId: string, listener: () => void): () => void {
      emitter.on(jobId, listener);
      return () => emitter.off(jobId, listener);
    },
  };
}

export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
