// Sequential keep-alive measurement shared by the request-path suites: one request at a time, so the
// figure is the server's own time per request (the ratio against a bare node:http server in the same
// run travels between machines).
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { benchUser } from './in-process.js';

export const REQUESTS = 1500;

type RequestSpec = { method: string; path: string; headers: Record<string, string>; body?: string };

/** A keep-alive connection to `port` sending `make(i)` one request at a time. */
function keepAliveClient(port: number, make: (i: number) => RequestSpec) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let sent = 0;
  const one = (latencies: number[] | null) =>
    new Promise<void>((resolve, reject) => {
      const spec = make(sent++);
      const started = process.hrtime.bigint();
      const request = http.request(
        { host: '127.0.0.1', port, agent, method: spec.method, path: spec.path, headers: spec.headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if ((response.statusCode ?? 0) >= 300) reject(new Error(`status ${response.statusCode}`));
            latencies?.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve();
          });
        },
      );
      request.on('error', reject);
      request.end(spec.body);
    });
  const latencies: number[] = [];
  const roundRates: number[] = [];
  return {
    async warmUp(count: number) {
      for (let i = 0; i < count; i++) await one(null);
    },
    /** One round of `count` measured requests: its latencies, and its rate. */
    async measure(count: number) {
      const started = performance.now();
      for (let i = 0; i < count; i++) await one(latencies);
      roundRates.push(count / ((performance.now() - started) / 1000));
    },
    /** Requests per second of the median round (a round another process slowed down does not decide it). */
    result() {
      const sorted = [...roundRates].sort((a, b) => a - b);
      return { latencies, rps: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    },
    close: () => agent.destroy(),
  };
}

/** Sequential requests over one keep-alive connection; returns latencies in ms. */
export async function sequential(port: number, make: (i: number) => RequestSpec) {
  const client = keepAliveClient(port, make);
  await client.warmUp(50);
  await client.measure(REQUESTS);
  client.close();
  return client.result();
}

/**
 * Sequential keep-alive measurements of several servers or paths, taken in alternating rounds
 * (`REQUESTS` each in all, after a warm-up of each): on a machine whose load changes during the run,
 * every figure sees the same share of it, so their ratios hold where one-after-the-other would not.
 * Each figure is its median round's rate.
 */
export async function interleaved(
  targets: { port: number; make: (i: number) => RequestSpec }[],
  options: { rounds?: number; warmUp?: number } = {},
) {
  const rounds = options.rounds ?? 10;
  const clients = targets.map((target) => keepAliveClient(target.port, target.make));
  for (const client of clients) await client.warmUp(options.warmUp ?? 300);
  for (let round = 0; round < rounds; round++) {
    for (const client of clients) await client.measure(Math.ceil(REQUESTS / rounds));
  }
  for (const client of clients) client.close();
  return clients.map((client) => client.result());
}

/**
 * A person on the Enterprise plan with a million credits and enough Enterprise keys (200 requests a
 * minute each) that no benchmarked request meets a rate limit.
 */
export async function enterpriseKeys(app: FastifyInstance): Promise<string[]> {
  const { cookie } = await benchUser(app);
  const session = { cookie, 'sec-fetch-site': 'same-origin' };
  await app.inject({
    method: 'POST',
    url: '/api/auth/update-plan',
    headers: session,
    payload: { plan: 'enterprise' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/update-credits',
    headers: session,
    payload: { credits: 1_000_000 },
  });
  const keys: string[] = [];
  for (let i = 0; i < 120; i++) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys/create',
      headers: session,
      payload: { name: `bench ${i}`, plan: 'enterprise' },
    });
    if (created.statusCode >= 300) throw new Error(`key creation failed: ${created.body}`);
    keys.push(created.json().data.key);
  }
  return keys;
}

/** The floor: a bare node:http hello-world; `measure` takes its figures beside the app's (`interleaved`). */
export async function bareNodeServer(): Promise<{ port: number; close(): Promise<void> }> {
  const bare = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"hello":"world"}');
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  return {
    port: (bare.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => bare.close(() => resolve())),
  };
}

/** The bare server's request, as the app's request path sends it (a small JSON body for POST). */
export function bareRequest(method: 'GET' | 'POST'): () => RequestSpec {
  const headers: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json' } : {};
  const body = method === 'POST' ? '{"prompt":"x"}' : undefined;
  return () => ({ method, path: '/hello', headers, body });
}
