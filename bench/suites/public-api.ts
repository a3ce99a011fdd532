import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { benchUser, noOpProvider, percentile, startInProcessApp } from '../in-process.js';
import type { BenchRow, BenchSuite } from '../lib.js';

const REQUESTS = 1500;

/** Sequential requests over one keep-alive connection; returns latencies in ms. */
async function sequential(
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
async function enterpriseKeys(app: FastifyInstance): Promise<string[]> {
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
    keys.push(created.json().data.key);
  }
  return keys;
}

export const publicApiSuite: BenchSuite = {
  name: 'public-api',
  description: `Authenticated POST /api/v1/generate/image with a no-op provider (key check, rate limit in the database, allowance + reservation + job, queue, run, store, settle, request log) over one keep-alive connection, ${REQUESTS} sequential requests on SQLite, against a bare Fastify hello-world measured the same way in this process.`,
  async run(): Promise<BenchRow[]> {
    const bare = Fastify({ logger: false });
    bare.post('/hello', async () => ({ hello: 'world' }));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const barePort = (bare.server.address() as { port: number }).port;
    const baseline = await sequential(barePort, () => ({
      method: 'POST',
      path: '/hello',
      headers: { 'content-type': 'application/json' },
      body: '{"prompt":"x"}',
    }));
    await bare.close();

    const bench = await startInProcessApp({ kind: 'sqlite', providers: [await noOpProvider()] });
    try {
      await bench.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (bench.app.server.address() as { port: number }).port;
      const keys = await enterpriseKeys(bench.app);
      const body = JSON.stringify({ prompt: 'bench lighthouse', settings: { resolution: '512x512' } });
      const api = await sequential(port, (i) => ({
        method: 'POST',
        path: '/api/v1/generate/image',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i % keys.length]}` },
        body,
      }));
      return [
        {
          name: 'bare Fastify POST hello-world',
          value: baseline.rps,
          unit: 'req/s',
          baseline: true,
          higherIsBetter: true,
          extra: { p99: `${percentile(baseline.latencies, 99).toFixed(2)} ms` },
        },
        {
          name: 'POST /api/v1/generate/image (no-op provider)',
          value: api.rps,
          unit: 'req/s',
          higherIsBetter: true,
          extra: {
            p50: `${percentile(api.latencies, 50).toFixed(2)} ms`,
            p99: `${percentile(api.latencies, 99).toFixed(2)} ms`,
          },
        },
      ];
    } finally {
      await bench.close();
    }
  },
};

export const publicApiAcceptSuite: BenchSuite = {
  name: 'public-api-accept',
  description: `The public API's accept path: POST /api/v1/generate/image with Prefer: respond-async (verify the key, scope, rate limit in the database, allowance + reservation + job row, enqueue; 202) on SQLite, no worker running the jobs, ${REQUESTS} sequential requests over one keep-alive connection, against a bare node:http hello-world measured the same way in this process.`,
  async run(): Promise<BenchRow[]> {
    const bare = http.createServer((_request, response) => {
      _request.resume();
      _request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"hello":"world"}');
      });
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as { port: number }).port;
    const baseline = await sequential(barePort, () => ({
      method: 'POST',
      path: '/hello',
      headers: { 'content-type': 'application/json' },
      body: '{"prompt":"x"}',
    }));
    await new Promise<void>((resolve) => bare.close(() => resolve()));

    const bench = await startInProcessApp({
      kind: 'sqlite',
      providers: [await noOpProvider()],
      workerConcurrency: 0,
    });
    try {
      await bench.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (bench.app.server.address() as { port: number }).port;
      const keys = await enterpriseKeys(bench.app);
      const body = JSON.stringify({ prompt: 'bench lighthouse', settings: { resolution: '512x512' } });
      const accepted = await sequential(port, (i) => ({
        method: 'POST',
        path: '/api/v1/generate/image',
        headers: {
          'content-type': 'application/json',
          prefer: 'respond-async',
          authorization: `Bearer ${keys[i % keys.length]}`,
        },
        body,
      }));
      return [
        {
          name: 'bare node:http POST hello-world',
          value: baseline.rps,
          unit: 'req/s',
          baseline: true,
          higherIsBetter: true,
          extra: { p99: `${percentile(baseline.latencies, 99).toFixed(2)} ms` },
        },
        {
          name: 'POST /api/v1/generate/image, Prefer: respond-async (202)',
          value: accepted.rps,
          unit: 'req/s',
          higherIsBetter: true,
          extra: {
            p50: `${percentile(accepted.latencies, 50).toFixed(2)} ms`,
            p99: `${percentile(accepted.latencies, 99).toFixed(2)} ms`,
          },
        },
      ];
    } finally {
      await bench.close();
    }
  },
};
