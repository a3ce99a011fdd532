import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startPostgres } from '../../server/test/postgres-server.js';
import { benchUser, percentile, startInProcessApp, timeIt } from '../in-process.js';
import type { BenchRow, BenchSuite } from '../lib.js';

const ROWS = 100_000;
const WORDS = (
  'sunset ocean forest mountain city neon space galaxy portrait desert snow meadow river castle dragon robot ' +
  'misty golden purple teal crimson quiet stormy dreamy ancient futuristic tiny giant lonely crowded glowing ' +
  'watercolor oil cinematic vintage surreal minimalist anime pixel cat dog horse whale owl fox garden tower bridge'
).split(' ');

function prompt(i: number): string {
  const pick = (k: number) => WORDS[(i * 7919 + k * 104729) % WORDS.length];
  return `${pick(1)} ${pick(2)} ${pick(3)} over the ${pick(4)} with ${pick(5)} light`;
}

async function measure(kind: 'sqlite' | 'postgres', pgUrl?: string): Promise<BenchRow[]> {
  const bench = await startInProcessApp({ kind, pgUrl, workerConcurrency: 0 });
  try {
    const { cookie, userId } = await benchUser(bench.app);
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let offset = 0; offset < ROWS; offset += 1000) {
      const batch = Array.from({ length: 1000 }, (_, j) => {
        const i = offset + j;
        return {
          id: randomUUID(),
          user_id: userId,
          generation_id: null,
          kind: i % 5 === 0 ? ('video' as const) : ('image' as const),
          prompt: prompt(i),
          settings: '{}',
          file_key: `users/${userId}/${i}/original.png`,
          thumbnail_key: null,
          content_type: 'image/png',
          size_bytes: 1000,
          width: 1024,
          height: 1024,
          duration_seconds: null,
          fps: null,
          seed: i,
          provider: 'bench',
          model: 'bench',
          created_at: new Date(start + i * 1000).toISOString(),
        };
      });
      await bench.database.kysely.insertInto('assets').values(batch).execute();
    }
    if (kind === 'postgres') await sql`analyze assets`.execute(bench.database.kysely);
    const headers = { cookie };
    const get = (url: string) => async () => {
      const response = await bench.app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(response.body);
    };
    for (let i = 0; i < 20; i++) await get('/api/assets?limit=30')();
    const plain: number[] = [];
    const search: number[] = [];
    for (let i = 0; i < 200; i++) plain.push(await timeIt(get('/api/assets?limit=30')));
    for (let i = 0; i < 200; i++) {
      const words =
        i % 3 === 0
          ? `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]}`
          : WORDS[i % WORDS.length]?.slice(0, 4);
      search.push(await timeIt(get(`/api/assets?limit=30&q=${encodeURIComponent(words ?? '')}`)));
    }
    return [
      {
        name: `${kind}: newest page of 30 (no search), p95`,
        value: percentile(plain, 95),
        unit: 'ms',
        baseline: true,
        higherIsBetter: false,
      },
      {
        name: `${kind}: full-text search page of 30 over ${ROWS.toLocaleString('en-US')} rows, p95`,
        value: percentile(search, 95),
        unit: 'ms',
        higherIsBetter: false,
        extra: { p50: `${percentile(search, 50).toFixed(2)} ms` },
      },
    ];
  } finally {
    await bench.close();
  }
}

export const librarySearchSuite: BenchSuite = {
  name: 'library-search',
  description: `GET /api/assets?q=… p95 over ${ROWS.toLocaleString('en-US')} asset rows of one person (FTS5 on SQLite, tsvector + GIN on PostgreSQL), against the unfiltered newest page on the same data.`,
  async run() {
    const rows = await measure('sqlite');
    const server = await startPostgres();
    try {
      rows.push(...(await measure('postgres', server.url)));
    } finally {
      await server.stop();
    }
    return rows;
  },
};
