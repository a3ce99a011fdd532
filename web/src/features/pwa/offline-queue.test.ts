import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import {
  CLAIM_TTL_MS,
  countQueued,
  enqueueAction,
  listQueued,
  openQueueDb,
  QUEUE_DB_NAME,
  QUEUE_STORE,
  replayQueue,
} from './offline-queue';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: who is signed in, and the generation requests it received (by Idempotency-Key). */
function fakeServer(options: { userId?: string; status?: number; offline?: boolean } = {}) {
  const received: { url: string; method: string; key: string | null; body: unknown }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (options.offline) throw new TypeError('Failed to fetch');
    if (String(url) === '/api/auth/me') {
      return options.userId ? json({ success: true, data: { id: options.userId } }) : json({}, 401);
    }
    const headers = new Headers(init?.headers);
    received.push({
      url: String(url),
      method: init?.method ?? 'GET',
      key: headers.get('Idempotency-Key'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const status = options.status ?? 202;
    return status < 400
      ? json({ success: true, data: { id: 'job-1' } }, status)
      : json({ success: false, error: 'Insufficient credits.' }, status);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, received };
}

const generation = (userId = 'user-1') => ({
  method: 'POST' as const,
  url: '/api/generate-image?wait=false',
  body: { prompt: 'a red fox', settings: { style: 'realistic' } },
  userId,
  label: 'Image: “a red fox”',
});

describe('offline queue', () => {
  it('keeps entries {tag, data, timestamp} in the kaleido-pwa database, version 1, store backgroundSync keyed by tag', async () => {
    const factory = new IDBFactory();
    const action = await enqueueAction('generate-image', generation(), factory);
    expect(action.tag).toMatch(/^generate-image:[0-9a-f-]{32,36}$/);
    expect(action.data.idempotencyKey).toBe(action.tag.slice('generate-image:'.length));

    const db = await openQueueDb(factory);
    expect(db.name).toBe(QUEUE_DB_NAME);
    expect(db.version).toBe(1);
    const store = db.transaction(QUEUE_STORE).objectStore(QUEUE_STORE);
    expect(store.keyPath).toBe('tag');
    db.close();

    const [stored] = await listQueued(factory);
    expect(Object.keys(stored ?? {}).sort()).toEqual(['data', 'tag', 'timestamp']);
    expect(stored?.data.body).toEqual(generation().body);
  });

  it('replays each action once with its Idempotency-Key, even when two replayers race', async () => {
    const factory = new IDBFactory();
    const first = await enqueueAction('generate-image', generation(), factory);
    const second = await enqueueAction('generate-image', { ...generation(), label: 'second' }, factory);
    const server = fakeServer({ userId: 'user-1' });

    const [a, b] = await Promise.all([
      replayQueue({ fetch: server.fetch, factory }),
      replayQueue({ fetch: server.fetch, factory }),
    ]);

    expect(server.received.map((request) => request.key).sort()).toEqual(
      [first.data.idempotencyKey, second.data.idempotencyKey].sort(),
    );
    expect(server.received[0]).toMatchObject({ url: '/api/generate-image?wait=false', method: 'POST' });
    expect(a.sent.length + b.sent.length).toBe(2);
    expect(await countQueued(factory)).toBe(0);

    // Nothing is left to send a second time.
    const again = await replayQueue({ fetch: server.fetch, factory });
    expect(again.sent).toEqual([]);
    expect(server.received).toHaveLength(2);
  });

  it('keeps the actions while the network still fails, and sends them later', async () => {
    const factory = new IDBFactory();
    await enqueueAction('generate-image', generation(), factory);
    const outcome = await replayQueue({ fetch: fakeServer({ offline: true }).fetch, factory });
    expect(outcome).toMatchObject({ sent: [], kept: 1 });

    const server = fakeServer({ userId: 'user-1' });
    expect((await replayQueue({ fetch: server.fetch, factory })).sent).toHaveLength(1);
    expect(server.received).toHaveLength(1);
  });

  it("never sends one person's actions in another's session", async () => {
    const factory = new IDBFactory();
    await enqueueAction('generate-image', generation('user-1'), factory);
    const server = fakeServer({ userId: 'user-2' });
    const outcome = await replayQueue({ fetch: server.fetch, factory });
    expect(outcome).toMatchObject({ sent: [], kept: 1 });
    expect(server.received).toHaveLength(0);

    const signedOut = fakeServer({});
    expect((await replayQueue({ fetch: signedOut.fetch, factory })).kept).toBe(1);
    expect(signedOut.received).toHaveLength(0);
  });

  it("drops an action the server refuses and reports the server's reason", async () => {
    const factory = new IDBFactory();
    await enqueueAction('generate-image', generation(), factory);
    const outcome = await replayQueue({
      fetch: fakeServer({ userId: 'user-1', status: 402 }).fetch,
      factory,
    });
    expect(outcome.refused).toEqual([expect.objectContaining({ message: 'Insufficient credits.' })]);
    expect(await countQueued(factory)).toBe(0);
  });

  it('keeps an action after a server error, and takes over a claim its replayer abandoned', async () => {
    const factory = new IDBFactory();
    await enqueueAction('generate-image', generation(), factory);
    expect(
      (await replayQueue({ fetch: fakeServer({ userId: 'user-1', status: 503 }).fetch, factory })).kept,
    ).toBe(1);

    // A replayer that claimed the action and died: others leave it alone until the claim expires.
    let now = 1_000_000;
    const hung = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}));
    const meThenHang = (async (url: RequestInfo | URL, init?: RequestInit) =>
      String(url) === '/api/auth/me'
        ? json({ success: true, data: { id: 'user-1' } })
        : hung(url, init)) as unknown as typeof fetch;
    void replayQueue({ fetch: meThenHang, factory, now: () => now });
    await vi.waitFor(() => expect(hung).toHaveBeenCalled());

    const server = fakeServer({ userId: 'user-1' });
    expect((await replayQueue({ fetch: server.fetch, factory, now: () => now })).sent).toHaveLength(0);
    now += CLAIM_TTL_MS + 1;
    expect((await replayQueue({ fetch: server.fetch, factory, now: () => now })).sent).toHaveLength(1);
  });
});
