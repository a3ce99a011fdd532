import path from 'node:path';
import { startAppServer } from '../../server/test/app-server.js';
import { type BenchSuite, loadUrl, repoRoot, startNodeServer } from '../lib.js';

/** GET /api/health through the whole app (security headers, compression, logging, a database round trip) vs bare Fastify. */
export const httpHealthSuite: BenchSuite = {
  name: 'http-health',
  description: 'GET /api/health req/s through the full app (SQLite) divided by a bare Fastify hello-world.',
  async run() {
    const bare = await startNodeServer(path.join(repoRoot, 'bench/servers/bare-fastify.mjs'));
    let bareLoad: Awaited<ReturnType<typeof loadUrl>>;
    try {
      bareLoad = await loadUrl(`${bare.baseUrl}/api/health`);
    } finally {
      await bare.stop();
    }
    const app = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
    let appLoad: Awaited<ReturnType<typeof loadUrl>>;
    try {
      // A fresh installation renders its gallery samples first (about 20 s of one core): measure the
      // steady state after it, not a server sharing the machine with its own first start.
      await gallerySamplesReady(app.baseUrl);
      appLoad = await loadUrl(`${app.baseUrl}/api/health`);
    } finally {
      await app.stop();
    }
    for (const [name, load] of [
      ['bare', bareLoad],
      ['app', appLoad],
    ] as const) {
      if (load.errors || load.non2xx)
        throw new Error(`${name}: ${load.errors} errors, ${load.non2xx} non-2xx answers`);
    }
    return [
      {
        name: 'bare Fastify hello-world',
        value: bareLoad.requestsPerSecond,
        unit: 'req/s',
        baseline: true,
        higherIsBetter: true,
        extra: { p99: `${bareLoad.p99Ms} ms` },
      },
      {
        name: 'Kaleido GET /api/health',
        value: appLoad.requestsPerSecond,
        unit: 'req/s',
        higherIsBetter: true,
        extra: { p99: `${appLoad.p99Ms} ms` },
      },
    ];
  },
};

async function gallerySamplesReady(baseUrl: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = (await (await fetch(`${baseUrl}/api/gallery`)).json()) as { data?: unknown[] };
    if ((answer.data?.length ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the gallery samples were not rendered in time');
}
