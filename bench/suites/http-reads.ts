import { benchUser, noOpProvider, percentile, startInProcessApp } from '../in-process.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { bareNodeServer, bareRequest, enterpriseKeys, interleaved, REQUESTS } from '../sequential.js';

/**
 * The read paths every page and integration starts with: health, the session's own account, and the
 * key's account, each through the whole app (security headers, CSRF/session hooks, i18n, a database
 * read) against a bare node:http hello-world measured the same way in this process, in alternating
 * rounds (`interleaved`).
 */
export const httpReadsSuite: BenchSuite = {
  name: 'http-reads',
  description: `GET /api/health, GET /api/auth/me with a session and GET /api/v1/account with a key, on SQLite, ${REQUESTS} sequential requests each over one keep-alive connection, against a bare node:http GET hello-world measured the same way in this process, in ten alternating rounds (each figure its median round).`,
  async run(): Promise<BenchRow[]> {
    const bare = await bareNodeServer();
    const bench = await startInProcessApp({ kind: 'sqlite', providers: [await noOpProvider()] });
    try {
      await bench.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (bench.app.server.address() as { port: number }).port;
      // The first account is the administrator that sets the keys' plan; the session is a second person.
      const keys = await enterpriseKeys(bench.app);
      const { cookie } = await benchUser(bench.app);
      const paths: [string, (i: number) => Record<string, string>, string][] = [
        ['GET /api/health', () => ({}), '/api/health'],
        ['GET /api/auth/me (session)', () => ({ cookie }), '/api/auth/me'],
        [
          'GET /api/v1/account (key)',
          (i) => ({ authorization: `Bearer ${keys[i % keys.length]}` }),
          '/api/v1/account',
        ],
      ];
      const [baseline, ...measured] = await interleaved([
        { port: bare.port, make: bareRequest('GET') },
        ...paths.map(([, headers, path]) => ({
          port,
          make: (i: number) => ({ method: 'GET', path, headers: headers(i) }),
        })),
      ]);
      if (!baseline) throw new Error('no baseline measured');
      const rows: BenchRow[] = [
        {
          name: 'bare node:http GET hello-world',
          value: baseline.rps,
          unit: 'req/s',
          baseline: true,
          higherIsBetter: true,
          extra: { p50: `${percentile(baseline.latencies, 50).toFixed(3)} ms` },
        },
      ];
      paths.forEach(([name], index) => {
        const figures = measured[index];
        if (!figures) return;
        rows.push({
          name,
          value: figures.rps,
          unit: 'req/s',
          higherIsBetter: true,
          extra: {
            p50: `${percentile(figures.latencies, 50).toFixed(3)} ms`,
            p99: `${percentile(figures.latencies, 99).toFixed(3)} ms`,
          },
        });
      });
      return rows;
    } finally {
      await bench.close();
      await bare.close();
    }
  },
};
