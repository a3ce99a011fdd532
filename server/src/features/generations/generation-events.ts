import { EventEmitter } from 'node:events';
import type { GenerationRow } from './generations.repository.js';

/**
 * What changed in a job, with the new values, as the process that changed it wrote them: a listener
 * applies it to the job it holds instead of reading it again.
 */
export type GenerationPatch = Partial<GenerationRow>;

/**
 * In-process notifications that a job changed. A message carries the new state (`patch`) when the
 * change is one the runner can describe (claimed, progress, failover); without one (the job ended,
 * or was requeued), listeners read the job. Other processes' changes are not heard: followers poll
 * slowly for those.
 */
export function createGenerationEvents() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    changed(jobId: string, patch?: GenerationPatch): void {
      emitter.emit(jobId, patch);
    },
    subscribe(jobId: string, listener: (patch: GenerationPatch | undefined) => void): () => void {
      emitter.on(jobId, listener);
      return () => emitter.off(jobId, listener);
    },
  };
}

export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
