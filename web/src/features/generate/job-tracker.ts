import type { TGeneration, TGenerationEvent } from '@kaleido/common';
import { isApiError } from '../../lib/api-client';
import { isFinished } from './jobs-api';

/** A job the tracker follows, and whether its end has been shown to the person. */
export interface TrackedJob {
  generation: TGeneration;
  /** A finished job that a generator page has shown (it is not shown again). */
  seen: boolean;
}

export interface JobTrackerOptions {
  fetchGeneration: (id: string) => Promise<TGeneration>;
  /** Opens the job's event stream; null where the browser has no EventSource (the tracker then polls). */
  openEvents: (url: string) => EventSource | null;
  /** Called once per job when it ends; `watched` says whether a page was showing it. */
  onFinished: (generation: TGeneration, context: { watched: boolean }) => void;
  /** Polling interval without an event stream. */
  pollMs?: number;
  /** With an event stream: read the job once when nothing arrived for this long (a stalled proxy). */
  staleMs?: number;
}

const EVENT_TYPES: readonly TGenerationEvent['type'][] = [
  'progress',
  'preview',
  'done',
  'failed',
  'cancelled',
];

interface Entry {
  generation: TGeneration;
  watchers: number;
  seen: boolean;
  stop: (() => void) | null;
}

/**
 * Follows the account's generation jobs, independent of any page: live updates from each job's
 * server-sent events (polling when there are none), one `onFinished` per job, and a snapshot for
 * React (`useSyncExternalStore(tracker.subscribe, tracker.getSnapshot)`), newest job first. A page
 * that shows a job `watch`es it, so the end can be announced elsewhere (a toast) when nobody does.
 */
export class JobTracker {
  readonly #options: Required<JobTrackerOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  #snapshot: readonly TrackedJob[] = [];

  constructor(options: JobTrackerOptions) {
    this.#options = { pollMs: 1500, staleMs: 12_000, ...options };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): readonly TrackedJob[] => this.#snapshot;

  get(id: string): TrackedJob | undefined {
    return this.#snapshot.find((job) => job.generation.id === id);
  }

  /** Starts following a job (or takes a newer state of one already followed). */
  track(generation: TGeneration): void {
    const entry = this.#entries.get(generation.id);
    if (entry) {
      this.#apply(entry, generation);
      return;
    }
    const created: Entry = { generation, watchers: 0, seen: false, stop: null };
    this.#entries.set(generation.id, created);
    if (!isFinished(generation)) this.#follow(created);
    this.#emit();
  }

  /** A page shows this job; call the returned function when it stops. */
  watch(id: string): () => void {
    const entry = this.#entries.get(id);
    if (entry) entry.watchers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = this.#entries.get(id);
      if (current) current.watchers = Math.max(0, current.watchers - 1);
    };
  }

  markSeen(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.seen) return;
    entry.seen = true;
    this.#emit();
  }

  forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    entry.stop?.();
    this.#entries.delete(id);
    this.#emit();
  }

  /** Stops following everything (sign-out). */
  reset(): void {
    for (const entry of this.#entries.values()) entry.stop?.();
    this.#entries.clear();
    this.#emit();
  }

  #apply(entry: Entry, next: TGeneration): void {
    if (isFinished(entry.generation)) return;
    entry.generation = next;
    if (!isFinished(next)) {
      this.#emit();
      return;
    }
    entry.stop?.();
    entry.stop = null;
    const watched = entry.watchers > 0;
    this.#emit();
    this.#options.onFinished(next, { watched });
  }

  #follow(entry: Entry): void {
    const { id, eventsUrl } = entry.generation;
    let stopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let staleTimer: ReturnType<typeof setInterval> | undefined;
    let lastHeard = Date.now();
    let source: EventSource | null = null;

    const refresh = async () => {
      try {
        const generation = await this.#options.fetchGeneration(id);
        if (!stopped) this.#apply(entry, generation);
      } catch (error) {
        // The job is gone or the session ended: stop following it.
        if (isApiError(error) && (error.status === 404 || error.status === 401)) this.forget(id);
      }
    };
    const poll = () => {
      pollTimer = setTimeout(async () => {
        await refresh();
        if (!stopped) poll();
      }, this.#options.pollMs);
    };

    try {
      source = this.#options.openEvents(eventsUrl);
    } catch {
      source = null;
    }
    if (source) {
      const stream = source;
      for (const type of EVENT_TYPES) {
        stream.addEventListener(type, (event) => {
          lastHeard = Date.now();
          try {
            const data = JSON.parse((event as MessageEvent<string>).data) as TGenerationEvent;
            if (!stopped && data?.generation?.id === id) this.#apply(entry, data.generation);
          } catch {
            // A malformed event: the next one (or the stale check) catches up.
          }
        });
      }
      stream.onerror = () => {
        // EventSource reconnects by itself; once it gives up (CLOSED), poll instead.
        if (stream.readyState === 2 && !stopped) {
          clearInterval(staleTimer);
          poll();
        }
      };
      staleTimer = setInterval(
        () => {
          if (Date.now() - lastHeard >= this.#options.staleMs) {
            lastHeard = Date.now();
            void refresh();
          }
        },
        Math.max(500, Math.floor(this.#options.staleMs / 2)),
      );
    } else {
      void refresh().then(() => {
        if (!stopped) poll();
      });
    }

    entry.stop = () => {
      stopped = true;
      source?.close();
      clearTimeout(pollTimer);
      clearInterval(staleTimer);
    };
  }

  #emit(): void {
    this.#snapshot = [...this.#entries.values()]
      .map((entry) => ({ generation: entry.generation, seen: entry.seen }))
      .sort((a, b) => b.generation.createdAt.localeCompare(a.generation.createdAt));
    for (const listener of this.#listeners) listener();
  }
}
