import { benchUser, noOpProvider, percentile, startInProcessApp } from '../in-process.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { bareNodeBaseline, enterpriseKeys, REQUESTS, sequential } from '../sequential.js';

/**
 * The read paths every page and integration starts with: health, the session's own account, and the
 * key's account, each through the whole app (security headers, CSRF/session hooks, i18n, a database
 * read) against a bare node:http hello-world measured the same way in this process.
 */
export const httpReadsSuite: BenchSuite = {
  name: 'http-reads',
  description: `GET /api/health, GET /api/auth/me with a session and GET /api/v1/account with a key, on SQLite, ${REQUESTS} sequential requests each over one keep-alive connection, against a bare node:http GET hello-world measured the same way in this process.`,
  async run(): Promise<BenchRow[]> {
    const baseline = await bareNodeBaseline('GET');
    const bench = await startInProcessApp({ kind: 'sqlite', providers: [await noOpProvider()] });
    try {
      await bench.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (bench.app.server.address() as { port: number }).port;
      // The first account is the administrator that sets the keys' plan; the session is a second person.
      const keys = await enterpriseKeys(bench.app);
      const { cookie } = await benchUser(bench.app);
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
      const paths: [string, (i: number) => Record<string, string>, string][] = [
        ['GET /api/health', () => ({}), '/api/health'],
        ['GET /api/auth/me (session)', () => ({ cookie }), '/api/auth/me'],
        [
          'GET /api/v1/account (key)',
          (i) => ({ authorization: `Bearer ${keys[i % keys.length]}` }),
          '/api/v1/account',
        ],
      ];
      for (const [name, headers, path] of paths) {
        const measured = await sequential(port, (i) => ({ method: 'GET', path, headers: headers(i) }));
        rows.push({
          name,
          value: measured.rps,
          unit: 'req/s',
          higherIsBetter: true,
          extra: {
            p50: `${percentile(measured.latencies, 50).toFixed(3)} ms`,
            p99: `${percentile(measured.latencies, 99).toFixed(3)} ms`,
          },
        });
      }
      return rows;
    } finally {
      await bench.close();
    }
  },
};
