// Sequential keep-alive measurement shared by the request-path suites: one request at a time, so the
// figure is the server's own time per request (the ratio against a bare node:http server in the same
// run travels between machines).
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { benchUser } from './in-process.js';

export const REQUESTS = 1500;

/** Sequential requests over one keep-alive connection; returns latencies in ms. */
export async function sequential(
  port: number,
  make: (i: number) => { method: string; path: string; headers: Record<string, string>; body?: string },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const spec = make(i);
      const started = process.hrtime.bigint();
      const request = http.request(
        { host: '127.0.0.1', port, agent, method: spec.method, path: spec.path, headers: spec.headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if ((response.statusCode ?? 0) >= 300) reject(new Error(`status ${response.statusCode}`));
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve();
          });
        },
      );
      request.on('error', reject);
      request.end(spec.body);
    });
  for (let i = 0; i < 50; i++) await one(i);
  latencies.length = 0;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await one(i);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, rps: REQUESTS / seconds };
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

/** The floor: a bare node:http hello-world, measured the same way in this process. */
export async function bareNodeBaseline(method: 'GET' | 'POST' = 'POST') {
  const bare = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"hello":"world"}');
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const port = (bare.address() as { port: number }).port;
  try {
    const headers: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json' } : {};
    const body = method === 'POST' ? '{"prompt":"x"}' : undefined;
    return await sequential(port, () => ({ method, path: '/hello', headers, body }));
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
}
