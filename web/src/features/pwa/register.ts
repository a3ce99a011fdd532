import type { Workbox } from 'workbox-window';
import type { ClientMessage, WorkerMessage } from './messages';
import { SYNC_TAG } from './offline-queue';

/**
 * The page's side of the service worker (spec sections 4 and 7): registers /sw.js, notices a new
 * version (a waiting worker, or the worker's CACHE_UPDATED), applies it on request, and passes the
 * worker's other messages on. Failures are logged only; the page works without a worker.
 */

interface PwaState {
  /** A new version is installed and waits for 'Update Now'. */
  updateReady: boolean;
}

type Listener = () => void;

let state: PwaState = { updateReady: false };
const listeners = new Set<Listener>();
const messageListeners = new Set<(message: WorkerMessage) => void>();
let workbox: Workbox | null = null;

function setState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const pwaStore = {
  get: (): PwaState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the update prompt (the worker or a test says a new version is ready). */
  markUpdateReady(): void {
    setState({ updateReady: true });
  },
  /** 'Later': hides the prompt until the next new version. */
  dismissUpdate(): void {
    setState({ updateReady: false });
  },
};

/** Listens to the worker's messages (CACHE_UPDATED is handled here too). */
export function onWorkerMessage(listener: (message: WorkerMessage) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** How often an open app asks the server whether /sw.js changed. */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers /sw.js (production builds only: the dev server has no worker). workbox-window is loaded
 * here, so it stays out of the first page's scripts.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!supported() || workbox) return;
  const { Workbox } = await import('workbox-window');
  if (workbox) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setState({ updateReady: true }));
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as WorkerMessage | undefined;
    if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
    // A worker installed beside the one in control: a new version of the shell is cached.
    if (message.type === 'CACHE_UPDATED' && navigator.serviceWorker.controller)
      setState({ updateReady: true });
    for (const listener of messageListeners) listener(message);
  });
  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      setInterval(() => {
        registration.update().catch((error: unknown) => console.error('[pwa] update check', error));
      }, UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.error('[pwa] service worker registration failed', error));
}

/** Sends a message to the active worker; resolves false when there is none or it failed. */
export async function postToWorker(message: ClientMessage): Promise<boolean> {
  if (!supported()) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const worker = registration?.active;
    if (!worker) return false;
    return await new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(false), 10_000);
      channel.port1.onmessage = (event: MessageEvent<{ ok?: boolean }>) => {
        clearTimeout(timer);
        resolve(event.data?.ok === true);
      };
      worker.postMessage(message, [channel.port2]);
    });
  } catch (error) {
    console.error(`[pwa] ${message.type}`, error);
    return false;
  }
}

/**
 * 'Update Now': the waiting worker is told to skip waiting; its taking control reloads the page.
 * Without a waiting worker (the new one already activated elsewhere) the page just reloads.
 */
export async function applyUpdate(): Promise<void> {
  const registration = supported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const waiting = registration?.waiting;
  if (waiting) {
    // Reload once the new worker has taken control (or anyway after a few seconds).
    const reload = () => window.location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    setTimeout(reload, 5000);
    waiting.postMessage({ type: 'SKIP_WAITING' } satisfies ClientMessage);
    return;
  }
  window.location.reload();
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks for a Background Sync of the offline queue; false when the browser has none. */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!supported()) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration('/')) as
      | (ServiceWorkerRegistration & { sync?: SyncManagerLike })
      | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch (error) {
    console.error('[pwa] background sync', error);
    return false;
  }
}
