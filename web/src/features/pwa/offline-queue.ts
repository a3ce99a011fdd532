/**
 * Actions taken while offline, kept in IndexedDB until the connection is back (spec sections 3 and 7:
 * a database named for the installable app's store, version 1, object store `backgroundSync` keyed by
 * `tag`, entries `{ tag, data, timestamp }`).
 *
 * Used by both the page and the service worker (no DOM, no React): either one may replay the queue,
 * whichever notices the connection first (Background Sync in the worker, the `online` event in the
 * page). An entry is claimed inside one IndexedDB transaction before it is sent, so two replayers never
 * send it twice; a generation request also carries an Idempotency-Key, so even a resend after a lost
 * answer is answered with the same job and charged once.
 */

export const QUEUE_DB_NAME = 'kaleido-pwa';
const QUEUE_DB_VERSION = 1;
export const QUEUE_STORE = 'backgroundSync';
/** The Background Sync tag under which the page asks the worker to replay the queue. */
export const SYNC_TAG = 'kaleido-offline-queue';
/** A claim older than this is considered abandoned (its replayer died mid-flight) and may be taken again. */
export const CLAIM_TTL_MS = 60_000;

export type QueuedMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What to send, and how to describe it in the "sent" toast. */
interface QueuedRequest {
  method: QueuedMethod;
  url: string;
  body?: unknown;
  /** Sent as the Idempotency-Key header (the server answers a repeat with the first result). */
  idempotencyKey: string;
  /** Who queued it: the action is only ever sent in that person's session. */
  userId: string;
  /** Human words for the toast, e.g. 'Image: “a red fox”', in the language shown when it was queued. */
  label: string;
  /** Claim of the replayer sending it now (epoch ms), if any. */
  claimedAt?: number;
}

export interface QueuedAction {
  tag: string;
  data: QueuedRequest;
  timestamp: number;
}

export interface ReplayOutcome {
  sent: QueuedAction[];
  /** Refused by the server (4xx other than 401/408/429): dropped, with the server's message. */
  refused: { action: QueuedAction; message: string }[];
  /** Still queued: the network failed again, or the session is someone else's. */
  kept: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function openQueueDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  const open = factory.open(QUEUE_DB_NAME, QUEUE_DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(QUEUE_STORE)) {
      open.result.createObjectStore(QUEUE_STORE, { keyPath: 'tag' });
    }
  };
  return request(open);
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T> | T,
  factory?: IDBFactory,
): Promise<T> {
  const db = await openQueueDb(factory);
  try {
    const tx = db.transaction(QUEUE_STORE, mode);
    const finished = done(tx);
    const result = await work(tx.objectStore(QUEUE_STORE));
    await finished;
    return result;
  } finally {
    db.close();
  }
}

/** A new random id (tags and idempotency keys); `randomUUID` needs a secure context, the bytes do not. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Queues an action; returns its entry. The tag names the kind of action and is unique. */
export async function enqueueAction(
  kind: string,
  data: Omit<QueuedRequest, 'idempotencyKey' | 'claimedAt'> & { idempotencyKey?: string },
  factory?: IDBFactory,
): Promise<QueuedAction> {
  const id = data.idempotencyKey ?? newId();
  const action: QueuedAction = {
    tag: `${kind}:${id}`,
    data: { ...data, idempotencyKey: id },
    timestamp: Date.now(),
  };
  await withStore('readwrite', (store) => request(store.add(action)), factory);
  return action;
}

export async function listQueued(factory?: IDBFactory): Promise<QueuedAction[]> {
  return withStore('readonly', (store) => request(store.getAll() as IDBRequest<QueuedAction[]>), factory);
}

export async function countQueued(factory?: IDBFactory): Promise<number> {
  return withStore('readonly', (store) => request(store.count()), factory);
}

/** Forgets every queued action (sign-out: they belong to the person leaving). */
export async function clearQueue(factory?: IDBFactory): Promise<void> {
  await withStore('readwrite', (store) => request(store.clear()), factory);
}

/** Claims the unclaimed actions of `userId` in one transaction, so no other replayer sends them too. */
async function claim(userId: string, now: number, factory?: IDBFactory): Promise<QueuedAction[]> {
  return withStore(
    'readwrite',
    async (store) => {
      const all = await request(store.getAll() as IDBRequest<QueuedAction[]>);
      const mine = all.filter(
        (action) =>
          action.data.userId === userId &&
          (action.data.claimedAt === undefined || now - action.data.claimedAt > CLAIM_TTL_MS),
      );
      for (const action of mine) store.put({ ...action, data: { ...action.data, claimedAt: now } });
      return mine.sort((a, b) => a.timestamp - b.timestamp);
    },
    factory,
  );
}

async function release(action: QueuedAction, factory?: IDBFactory): Promise<void> {
  const { claimedAt: _claimed, ...data } = action.data;
  await withStore('readwrite', (store) => request(store.put({ ...action, data })), factory);
}

async function remove(tag: string, factory?: IDBFactory): Promise<void> {
  await withStore('readwrite', (store) => request(store.delete(tag)), factory);
}

async function errorText(response: Response): Promise<string> {
  try {
    const payload = (await response.json()) as { error?: unknown };
    if (typeof payload.error === 'string' && payload.error) return payload.error;
  } catch {
    // not JSON
  }
  // No words of its own: this also runs in the service worker, which has no catalog, so only the status.
  return `HTTP ${response.status}`;
}

/** Statuses after which the same request may succeed later: keep the action. */
const RETRY_LATER = new Set([401, 408, 425, 429]);

/**
 * Sends the queued actions of the signed-in person (asked from the server, so a worker without a page
 * knows whose session it is), oldest first, each once. Network failures keep the action for the next
 * replay; server refusals drop it and are reported.
 */
export async function replayQueue(
  options: { fetch?: typeof fetch; factory?: IDBFactory; now?: () => number } = {},
): Promise<ReplayOutcome> {
  const send = options.fetch ?? fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const outcome: ReplayOutcome = { sent: [], refused: [], kept: 0 };
  const total = await countQueued(options.factory);
  if (total === 0) return outcome;

  let userId: string | undefined;
  try {
    const me = await send('/api/auth/me', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (me.ok) userId = ((await me.json()) as { data?: { id?: string } }).data?.id;
  } catch {
    // still offline
  }
  if (!userId) return { ...outcome, kept: total };

  const mine = await claim(userId, now(), options.factory);
  for (const [index, action] of mine.entries()) {
    const { method, url, body, idempotencyKey } = action.data;
    let response: Response;
    try {
      response = await send(url, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Idempotency-Key': idempotencyKey,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      // The connection dropped again: give back this one and the rest.
      for (const rest of mine.slice(index)) await release(rest, options.factory);
      break;
    }
    if (response.ok || (method === 'DELETE' && response.status === 404)) {
      await remove(action.tag, options.factory);
      outcome.sent.push(action);
    } else if (RETRY_LATER.has(response.status) || response.status >= 500) {
      await release(action, options.factory);
    } else {
      await remove(action.tag, options.factory);
      outcome.refused.push({ action, message: await errorText(response) });
    }
  }
  outcome.kept = await countQueued(options.factory);
  return outcome;
}
