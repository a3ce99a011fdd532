/// <reference lib="webworker" />
/**
 * Kaleido's service worker, served at /sw.js with scope / (spec sections 1, 4 and 7). Built by
 * vite-plugin-pwa in injectManifest mode: Workbox fills `self.__WB_MANIFEST` with the app shell's files.
 *
 * - The app shell (HTML, scripts, styles, icons) is precached, so the app starts offline; navigations
 *   to the app's routes are answered with the precached index.html (the SPA routes in the page).
 * - Thumbnails and files (`/api/files/…`, signed, user-scoped paths) are cached first-come with an
 *   expiry, keyed without their signature so a cached copy outlives the URL's hourly signature.
 * - The account's data the library and history need offline (`/api/auth/me`, `/api/assets`,
 *   `/api/generations`, `/api/settings`, `/api/models`) is network-first with the cache as fallback: it
 *   is never served when the network answers, so it cannot show a previous session's data to a new one.
 *   The cache is emptied when the server says nobody is signed in, when `/api/auth/me` names a
 *   different account than the cached one, and on CLEAR_CACHE (the page sends it at sign-out).
 * - Settings → Cache (SET_CACHE_POLICY { cacheEnabled }, also read from IndexedDB, see cache-policy.ts):
 *   off, account data and files come from the network only and the runtime caches are emptied.
 * - Messages: SKIP_WAITING, CACHE_RESOURCE { url }, CLEAR_CACHE, SET_CACHE_POLICY; it posts CACHE_UPDATED { cacheName,
 *   updatedURL } to the pages when a new version of the shell has been cached.
 * - Background Sync: the `kaleido-offline-queue` tag replays the offline queue (see offline-queue.ts)
 *   and tells the pages what was sent (QUEUE_REPLAYED).
 * - Push: shows the notification the server sent and opens its URL on click.
 * Failures here are logged, never surfaced (spec section 8).
 */
import { isAppRoute } from '@kaleido/common/browser';
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { clearRuntimeCaches, readCachePolicy, writeCachePolicy } from '../features/pwa/cache-policy';
import {
  API_CACHE,
  type ClientMessage,
  FILES_CACHE,
  RESOURCES_CACHE,
  type WorkerMessage,
} from '../features/pwa/messages';
import { replayQueue, SYNC_TAG } from '../features/pwa/offline-queue';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const OFFLINE_API_PATHS = ['/api/auth/me', '/api/assets', '/api/generations', '/api/settings', '/api/models'];

async function broadcast(message: WorkerMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

// Shell ------------------------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  // A worker installing beside an active one is a new version of the app: the pages learn of it and
  // offer "Update Now" (workbox-window's `waiting` says the same once installation is complete).
  event.waitUntil(
    (async () => {
      if (self.registration.active) {
        await broadcast({
          type: 'CACHE_UPDATED',
          payload: { cacheName: cacheNames.precache, updatedURL: '/' },
        });
      }
    })().catch((error: unknown) => console.error('[sw] install', error)),
  );
});

self.addEventListener('activate', () => {
  // Nothing to migrate: Workbox removes outdated precaches above.
});
clientsClaim();

// The app's own routes only: any other path goes to the server, which answers it with its 404 page.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppRoute(url.pathname),
  createHandlerBoundToURL('/index.html'),
);

// Settings → Cache -------------------------------------------------------------------------------

/** The account's choice, known from SET_CACHE_POLICY or, after a restart, from IndexedDB. */
let cacheEnabled: Promise<boolean> | boolean | null = null;
const networkOnly = new NetworkOnly();

function cachingAllowed(): Promise<boolean> | boolean {
  cacheEnabled ??= readCachePolicy()
    .then((policy) => policy.cacheEnabled)
    .catch((error: unknown) => {
      console.error('[sw] cache policy', error);
      return true;
    });
  return cacheEnabled;
}

async function setCachePolicy(enabled: boolean): Promise<void> {
  cacheEnabled = enabled;
  await writeCachePolicy({ cacheEnabled: enabled });
  if (!enabled) await clearRuntimeCaches();
}

/** A caching strategy that turns network-only while the account has the cache off. */
function unlessCacheOff(strategy: CacheFirst | NetworkFirst) {
  return async (options: Parameters<CacheFirst['handle']>[0]) =>
    (await cachingAllowed()) ? strategy.handle(options) : networkOnly.handle(options);
}

// Files and thumbnails ----------------------------------------------------------------------------

/** Signed file URLs change every hour; the path (which names the owner and the asset) is the identity. */
const withoutSignature = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    url.search = '';
    return url.href;
  },
};

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/files/') &&
    request.method === 'GET' &&
    !request.headers.has('range') &&
    (request.destination === 'image' || url.pathname.endsWith('/thumbnail.webp')),
  unlessCacheOff(
    new CacheFirst({
      cacheName: FILES_CACHE,
      plugins: [
        withoutSignature,
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
        new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    }),
  ),
);

// Account data for offline viewing ----------------------------------------------------------------

async function cachedUserId(): Promise<string | undefined> {
  const cache = await caches.open(API_CACHE);
  const cached = await cache.match('/api/auth/me');
  if (!cached) return undefined;
  try {
    return ((await cached.json()) as { data?: { id?: string } }).data?.id;
  } catch {
    return undefined;
  }
}

/** Guards the API cache: nothing of one account survives into another's session. */
const sessionGuard = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) => {
    const path = new URL(request.url).pathname;
    if (response.status === 401) {
      await clearRuntimeCaches();
      return null;
    }
    if (response.status !== 200) return null;
    if (path === '/api/auth/me') {
      const id = ((await response.clone().json()) as { data?: { id?: string } }).data?.id;
      const previous = await cachedUserId();
      if (!id || (previous && previous !== id)) await clearRuntimeCaches();
      if (!id) return null;
    }
    return response;
  },
};

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    OFFLINE_API_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`)) &&
    !url.pathname.endsWith('/events') &&
    !url.pathname.startsWith('/api/assets/archive'),
  unlessCacheOff(
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: 8,
      plugins: [
        sessionGuard,
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    }),
  ),
);

// Messages -----------------------------------------------------------------------------------------

/** CACHE_RESOURCE: keeps one more URL for offline use (files under their unsigned key, as above). */
async function cacheResource(url: string): Promise<void> {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin || !(await cachingAllowed())) return;
  const response = await fetch(target, { credentials: 'same-origin' });
  if (response.status !== 200) return;
  if (target.pathname.startsWith('/api/files/')) {
    const key = new URL(target.href);
    key.search = '';
    await (await caches.open(FILES_CACHE)).put(key.href, response);
    return;
  }
  await (await caches.open(RESOURCES_CACHE)).put(target.href, response);
}

// Other same-origin files: the network, or the copy CACHE_RESOURCE kept when offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && !url.pathname.startsWith('/api/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const cached = (await cachingAllowed())
        ? await caches.open(RESOURCES_CACHE).then((cache) => cache.match(request))
        : undefined;
      if (cached) return cached;
      throw error;
    }
  },
);

async function replay(): Promise<void> {
  const outcome = await replayQueue();
  if (outcome.sent.length > 0 || outcome.refused.length > 0) {
    await broadcast({
      type: 'QUEUE_REPLAYED',
      payload: {
        sent: outcome.sent.map((action) => action.data.label),
        refused: outcome.refused.map(({ action, message }) => ({ label: action.data.label, message })),
        kept: outcome.kept,
      },
    });
  }
}

self.addEventListener('message', (event) => {
  const message = event.data as ClientMessage | undefined;
  if (!message || typeof message !== 'object') return;
  const work = (async () => {
    switch (message.type) {
      case 'SKIP_WAITING':
        await self.skipWaiting();
        break;
      case 'CACHE_RESOURCE':
        await cacheResource(message.url);
        break;
      case 'CLEAR_CACHE':
        await clearRuntimeCaches();
        break;
      case 'REPLAY_QUEUE':
        await replay();
        break;
      case 'SET_CACHE_POLICY':
        await setCachePolicy(message.cacheEnabled);
        break;
    }
    event.ports[0]?.postMessage({ ok: true });
  })().catch((error: unknown) => {
    console.error(`[sw] ${message.type}`, error);
    event.ports[0]?.postMessage({ ok: false });
  });
  event.waitUntil(work);
});

// Background Sync ----------------------------------------------------------------------------------

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener(
  'sync' as keyof ServiceWorkerGlobalScopeEventMap,
  ((event: SyncEvent) => {
    if (event.tag !== SYNC_TAG) return;
    event.waitUntil(replay().catch((error: unknown) => console.error('[sw] sync', error)));
  }) as EventListener,
);

// Push ---------------------------------------------------------------------------------------------

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration
      .showNotification(payload.title ?? 'Kaleido', {
        body: payload.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        tag: payload.tag,
        data: { url: payload.url ?? '/' },
      })
      .catch((error: unknown) => console.error('[sw] push', error)),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        await open.focus();
        await open.navigate(url.href);
        return;
      }
      await self.clients.openWindow(url.href);
    })().catch((error: unknown) => console.error('[sw] notificationclick', error)),
  );
});
