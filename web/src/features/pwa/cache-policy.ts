/**
 * Settings → Cache (DECISIONS: "on: the installed app caches account data and files for offline use;
 * off: network only, and this device's caches are emptied"), as the service worker needs it.
 *
 * The page tells the worker with SET_CACHE_POLICY and also writes the policy here, in IndexedDB
 * (database `kaleido-pwa-policy`, store `policy`, key `cache`), so a worker that starts on its own (after
 * the browser stopped it, or before any page talks to it) knows it too. Shared by page and worker:
 * no DOM, no React.
 */

import { API_CACHE, FILES_CACHE, RESOURCES_CACHE } from './messages';

const POLICY_DB_NAME = 'kaleido-pwa-policy';
const POLICY_DB_VERSION = 1;
const POLICY_STORE = 'policy';
const CACHE_KEY = 'cache';

interface CachePolicy {
  /** False: account data and files only from the network, nothing kept on this device. */
  cacheEnabled: boolean;
}

/** Caching is on until an account says otherwise. */
const DEFAULT_CACHE_POLICY: CachePolicy = { cacheEnabled: true };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openPolicyDb(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(POLICY_DB_NAME, POLICY_DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(POLICY_STORE)) open.result.createObjectStore(POLICY_STORE);
  };
  return request(open);
}

/** The stored policy (the default when none is stored or IndexedDB is unavailable). */
export async function readCachePolicy(factory?: IDBFactory): Promise<CachePolicy> {
  const idb = factory ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB);
  if (!idb) return DEFAULT_CACHE_POLICY;
  const db = await openPolicyDb(idb);
  try {
    const stored = await request(
      db.transaction(POLICY_STORE, 'readonly').objectStore(POLICY_STORE).get(CACHE_KEY),
    );
    return stored && typeof (stored as CachePolicy).cacheEnabled === 'boolean'
      ? { cacheEnabled: (stored as CachePolicy).cacheEnabled }
      : DEFAULT_CACHE_POLICY;
  } finally {
    db.close();
  }
}

/** Stores the policy (a no-op where IndexedDB is unavailable). */
export async function writeCachePolicy(policy: CachePolicy, factory?: IDBFactory): Promise<void> {
  const idb = factory ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB);
  if (!idb) return;
  const db = await openPolicyDb(idb);
  try {
    const tx = db.transaction(POLICY_STORE, 'readwrite');
    tx.objectStore(POLICY_STORE).put({ cacheEnabled: policy.cacheEnabled }, CACHE_KEY);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Empties the account-data and file caches of this device (the precached app shell stays). */
export async function clearRuntimeCaches(storage?: CacheStorage): Promise<void> {
  const store = storage ?? (typeof caches === 'undefined' ? undefined : caches);
  if (!store) return;
  await Promise.all([API_CACHE, FILES_CACHE, RESOURCES_CACHE].map((name) => store.delete(name)));
}
