import Fastify from 'fastify';
import { noOpProvider, percentile, startInProcessApp } from '../in-process.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import {
  bareNodeServer,
  bareRequest,
  enterpriseKeys,
  interleaved,
  REQUESTS,
  sequential,
} from '../sequential.js';

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
  description: `The public API's accept path: POST /api/v1/generate/image with Prefer: respond-async (verify the key, scope, rate limit in the database, allowance + reservation + job row, enqueue; 202) on SQLite, no worker running the jobs, ${REQUESTS} sequential requests over one keep-alive connection, against a bare node:http hello-world measured the same way in this process, in ten alternating rounds (each figure its median round).`,
  async run(): Promise<BenchRow[]> {
    const bare = await bareNodeServer();

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
      const [baseline, accepted] = await interleaved([
        { port: bare.port, make: bareRequest('POST') },
        {
          port,
          make: (i) => ({
            method: 'POST',
            path: '/api/v1/generate/image',
            headers: {
              'content-type': 'application/json',
              prefer: 'respond-async',
              authorization: `Bearer ${keys[i % keys.length]}`,
            },
            body,
          }),
        },
      ]);
      if (!baseline || !accepted) throw new Error('nothing measured');
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
      await bare.close();
    }
  },
};
