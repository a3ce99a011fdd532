/** The messages between the pages and the service worker (spec section 7), and its cache names. */

/** Runtime caches; the precache is Workbox's own. CLEAR_CACHE empties these three. */
export const API_CACHE = 'kaleido-api';
export const FILES_CACHE = 'kaleido-files';
export const RESOURCES_CACHE = 'kaleido-resources';

/** Page → worker. */
export type ClientMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'CACHE_RESOURCE'; url: string }
  | { type: 'CLEAR_CACHE' }
  | { type: 'REPLAY_QUEUE' }
  /** Settings → Cache: off empties the runtime caches and makes account data and files network-only. */
  | { type: 'SET_CACHE_POLICY'; cacheEnabled: boolean };

/** Worker → pages. */
export type WorkerMessage =
  | { type: 'CACHE_UPDATED'; payload: { cacheName: string; updatedURL: string } }
  | {
      type: 'QUEUE_REPLAYED';
      payload: { sent: string[]; refused: { label: string; message: string }[]; kept: number };
    };
