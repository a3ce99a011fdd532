import type { TSettings } from '@kaleido/common';
import { screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAsset } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, renderApp, TEST_SETTINGS, TEST_USER } from '../../test/render-app';
import { readCachePolicy, writeCachePolicy } from './cache-policy';
import type { ClientMessage } from './messages';
import { preloadRoutesFrom } from './preload';

/** A browser with a running service worker that records the page's messages, and CacheStorage. */
function installBrowser() {
  const posted: ClientMessage[] = [];
  const worker = {
    postMessage: (message: ClientMessage, ports: MessagePort[]) => {
      posted.push(message);
      ports[0]?.postMessage({ ok: true });
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ active: worker }) },
  });
  const deleted: string[] = [];
  vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => deleted.push(name) > 0) });
  const idb = new IDBFactory();
  vi.stubGlobal('indexedDB', idb);
  return { posted, deleted, idb };
}

/** An Image stand-in that records what is fetched. */
const fetchedImages: string[] = [];
class FakeImage {
  decoding = '';
  set src(value: string) {
    fetchedImages.push(value);
  }
}

function setSaveData(saveData: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: saveData === undefined ? undefined : { saveData },
  });
}

beforeEach(() => {
  fetchedImages.length = 0;
  vi.stubGlobal('Image', FakeImage);
  setSaveData(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'connection');
});

function account(settings: Partial<TSettings>, assets = { first: [makeAsset()], next: [makeAsset()] }) {
  const requests: string[] = [];
  mockServer({
    user: TEST_USER,
    handler: (url) => {
      requests.push(url);
      if (url === '/api/settings')
        return jsonResponse({ success: true, data: { ...TEST_SETTINGS, ...settings } });
      if (url.startsWith('/api/generations')) return jsonResponse({ success: true, data: [] });
      if (url.startsWith('/api/assets?')) {
        const next = url.includes('cursor=page-2');
        return jsonResponse({
          success: true,
          data: next
            ? { items: assets.next, nextCursor: null }
            : { items: assets.first, nextCursor: 'page-2' },
        });
      }
      return undefined;
    },
  });
  return { requests };
}

describe('Settings → Cache', () => {
  it('keeps the policy in IndexedDB for the worker (on until an account says otherwise)', async () => {
    const idb = new IDBFactory();
    expect(await readCachePolicy(idb)).toEqual({ cacheEnabled: true });
    await writeCachePolicy({ cacheEnabled: false }, idb);
    expect(await readCachePolicy(idb)).toEqual({ cacheEnabled: false });
  });

  it("off: tells the worker, stores the policy and empties this device's caches", async () => {
    const browser = installBrowser();
    account({ cacheEnabled: false });
    renderApp('/');
    await waitFor(() => expect(browser.posted).toEqual([{ type: 'SET_CACHE_POLICY', cacheEnabled: false }]));
    await waitFor(() =>
      expect(browser.deleted.sort()).toEqual(['kaleido-api', 'kaleido-files', 'kaleido-resources']),
    );
    expect(await readCachePolicy(browser.idb)).toEqual({ cacheEnabled: false });
  });

  it('on: tells the worker and keeps the caches', async () => {
    const browser = installBrowser();
    account({ cacheEnabled: true });
    renderApp('/');
    await waitFor(() => expect(browser.posted).toEqual([{ type: 'SET_CACHE_POLICY', cacheEnabled: true }]));
    await waitFor(async () => expect(await readCachePolicy(browser.idb)).toEqual({ cacheEnabled: true }));
    expect(browser.deleted).toEqual([]);
  });
});

describe('Settings → Preload', () => {
  it("prefetches the library's next page and its thumbnails when on", async () => {
    const next = [makeAsset({ id: 'next-1' }), makeAsset({ id: 'next-2', type: 'video' })];
    const { requests } = account({ preloadAssets: true }, { first: [makeAsset()], next });
    renderApp('/library');
    await waitFor(() => expect(requests.some((url) => url.includes('cursor=page-2'))).toBe(true));
    await waitFor(() => expect(fetchedImages).toEqual(next.map((asset) => asset.thumbnailUrl)));
    // The list itself still shows only the first page.
    expect(screen.queryByText(next[0]?.prompt ?? '')).not.toBeInTheDocument();
  });

  it('prefetches nothing when off', async () => {
    const { requests } = account({ preloadAssets: false });
    renderApp('/library');
    await waitFor(() => expect(requests.some((url) => url.startsWith('/api/assets?'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests.some((url) => url.includes('cursor=page-2'))).toBe(false);
    expect(fetchedImages).toEqual([]);
  });

  it('prefetches nothing when the browser asks to save data', async () => {
    setSaveData(true);
    const { requests } = account({ preloadAssets: true });
    renderApp('/library');
    await waitFor(() => expect(requests.some((url) => url.startsWith('/api/assets?'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests.some((url) => url.includes('cursor=page-2'))).toBe(false);
    expect(fetchedImages).toEqual([]);
  });

  it("prefetches the likely next pages' code when idle, unless off, saving data or signed out", async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(async () => ({}));
      const preloads = { '/library': [load] };
      preloadRoutesFrom('/library/', { preloadAssets: true, signedIn: true }, preloads);
      vi.advanceTimersByTime(1000);
      expect(load).toHaveBeenCalledTimes(1);

      preloadRoutesFrom('/library', { preloadAssets: false, signedIn: true }, preloads);
      vi.advanceTimersByTime(1000);
      // A visitor: these pages need an account, so nothing is fetched for them.
      preloadRoutesFrom('/library', { preloadAssets: true, signedIn: false }, preloads);
      vi.advanceTimersByTime(1000);
      setSaveData(true);
      preloadRoutesFrom('/library', { preloadAssets: true, signedIn: true }, preloads);
      vi.advanceTimersByTime(1000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
