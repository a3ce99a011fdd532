import type { TGenerationEvent } from '@kaleido/common';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import type { GenerationEvents } from './generation-events.js';
import { generationEvent, presentGeneration } from './generations.presenter.js';
import type { GenerationRow, GenerationsRepository } from './generations.repository.js';

export interface FollowTiming {
  /** A followed job is read again this often when no message said it changed (another process may run it). */
  pollMs: number;
  /** The same once a read showed changes no message told of: the job runs in another process. */
  remotePollMs: number;
}

export const DEFAULT_FOLLOW_TIMING: FollowTiming = { pollMs: 15_000, remotePollMs: 2_000 };

const ENDED: readonly GenerationRow['status'][] = ['succeeded', 'failed', 'cancelled'];

/** Whether a job read from the database differs, in what the stream shows, from the one held. */
function differs(held: GenerationRow, fresh: GenerationRow): boolean {
  return (
    held.status !== fresh.status ||
    held.progress !== fresh.progress ||
    held.stage !== fresh.stage ||
    held.preview_key !== fresh.preview_key ||
    held.provider !== fresh.provider ||
    held.model !== fresh.model
  );
}

/** The signer's answers kept for one stream (a URL is stable for the hour anyway; see signed-urls). */
function memoized(signer: UrlSigner): UrlSigner {
  const urls = new Map<string, string>();
  return {
    ...signer,
    url(key, options = {}) {
      const id = `${key}\n${options.download ?? ''}`;
      let url = urls.get(id);
      if (url === undefined) {
        url = signer.url(key, options);
        urls.set(id, url);
      }
      return url;
    },
  };
}

/**
 * Follows one job for an event stream: `send` gets its state now and at every change, until it ends
 * (then `end`). In-process messages carry the new state (see generation-events), so a change costs no
 * database read; the job is read when it ends (to present its asset), when a message carries no state,
 * and by a slow poll for jobs another process runs. Returns `stop` (the client went away).
 */
export function followGeneration(
  deps: {
    generations: Pick<GenerationsRepository, 'find'>;
    assets: Pick<AssetsRepository, 'find'>;
    events: Pick<GenerationEvents, 'subscribe'>;
    signer: UrlSigner;
    timing?: Partial<FollowTiming>;
  },
  first: GenerationRow,
  listener: { send(event: TGenerationEvent): void; end(): void },
): () => void {
  const timing = { ...DEFAULT_FOLLOW_TIMING, ...deps.timing };
  const signer = memoized(deps.signer);
  let row = first;
  let closed = false;
  let reading = false;
  let readAgain = false;
  let remote = false;
  let timer: NodeJS.Timeout | undefined;

  function stop() {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    unsubscribe();
  }

  function show(asset: Awaited<ReturnType<AssetsRepository['find']>> | null) {
    listener.send(generationEvent(presentGeneration(row, asset, signer)));
    if (ENDED.includes(row.status)) {
      stop();
      listener.end();
    }
  }

  /** Reads the job (one read at a time; a change heard meanwhile reads once more after it). */
  async function read(polled: boolean): Promise<void> {
    if (closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      const fresh = await deps.generations.find(row.id);
      if (closed) return;
      if (!fresh) {
        stop();
        listener.end();
        return;
      }
      if (polled && differs(row, fresh)) remote = true;
      row = fresh;
      show(row.asset_id ? ((await deps.assets.find(row.asset_id)) ?? null) : null);
    } catch {
      stop();
      listener.end();
    } finally {
      reading = false;
      if (readAgain && !closed) {
        readAgain = false;
        void read(false);
      }
    }
  }

  function poll() {
    timer = setTimeout(
      () => {
        void read(true).finally(() => {
          if (!closed) poll();
        });
      },
      remote ? timing.remotePollMs : timing.pollMs,
    );
  }

  const unsubscribe = deps.events.subscribe(first.id, (patch) => {
    if (closed) return;
    // No state in the message, one that ends the job, or a read under way (it may predate the
    // change): read the job. Otherwise the message is the new state.
    if (!patch || (patch.status && ENDED.includes(patch.status)) || reading) {
      void read(false);
      return;
    }
    row = { ...row, ...patch };
    show(null);
  });
  void read(false);
  poll();
  return stop;
}
