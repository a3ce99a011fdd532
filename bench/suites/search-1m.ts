import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startPostgres } from '../../server/test/postgres-server.js';
import { benchUser, percentile, startInProcessApp, timeIt } from '../in-process.js';
import type { BenchRow, BenchSuite } from '../lib.js';

/** How many assets the one person owns: 1,000,000 unless `SEARCH_1M_ROWS` says otherwise (e.g. 100000). */
const ROWS = Number(process.env.SEARCH_1M_ROWS ?? 1_000_000);
/** `sqlite`, `postgres` or both (default). */
const DATABASES = (process.env.SEARCH_1M_DATABASES ?? 'sqlite,postgres').split(',');
/** Requests per case (default 200). */
const SAMPLES = Number(process.env.SEARCH_1M_SAMPLES ?? 200);
const BATCH = 20_000;

const WORDS = (
  'sunset ocean forest mountain city neon space galaxy portrait desert snow meadow river castle dragon robot ' +
  'misty golden purple teal crimson quiet stormy dreamy ancient futuristic tiny giant lonely crowded glowing ' +
  'watercolor oil cinematic vintage surreal minimalist anime pixel cat dog horse whale owl fox garden tower bridge'
).split(' ');
/** In one prompt of 10,000: about 100 matches at a million rows. */
const RARE = 'zeppelin';

/**
 * Prompt `i`: five of the 48 words above (each in about 10% of prompts), "light" in every one (the
 * very common term) and the rare word in one of 10,000.
 */
function prompt(i: number): string {
  const pick = (k: number) => WORDS[(i * 7919 + k * 104729) % WORDS.length];
  const rare = i % 10_000 === 4_321 ? ` ${RARE}` : '';
  return `${pick(1)} ${pick(2)} ${pick(3)} over the ${pick(4)} with ${pick(5)} light${rare}`;
}

/** Steps in WORDS between two words: never / often in one prompt (checked below against prompt()). */
const APART = 3;
const TOGETHER = 7;
/** Word `i` and the word `step` after it. */
const wordPair = (i: number, step: number) =>
  `${WORDS[i % WORDS.length]} ${WORDS[(i + step) % WORDS.length]}`;

/**
 * Whether the two words of wordPair(i, step) share a prompt anywhere: prompt(i) repeats every
 * WORDS.length rows (the rare word aside), so the first WORDS.length prompts answer for all of them.
 */
function together(i: number, step: number): boolean {
  const [a, b] = wordPair(i, step).split(' ');
  for (let row = 0; row < WORDS.length; row++) {
    const words = prompt(row).split(' ');
    if (words.includes(a ?? '') && words.includes(b ?? '')) return true;
  }
  return false;
}
for (let i = 0; i < WORDS.length; i++) {
  if (together(i, APART)) throw new Error(`search-1m: ${wordPair(i, APART)} share a prompt`);
  if (!together(i, TOGETHER)) throw new Error(`search-1m: ${wordPair(i, TOGETHER)} never share a prompt`);
}

interface Seeded {
  ids: string[];
  userIds: string[];
  kinds: ('image' | 'video')[];
  prompts: string[];
  fileKeys: string[];
  seeds: number[];
  createdAts: string[];
}

/** Rows `from..to` of the person's assets: one a second from 2025-01-01, every fifth a video. */
function batch(userId: string, from: number, to: number): Seeded {
  const start = Date.parse('2025-01-01T00:00:00Z');
  const out: Seeded = {
    ids: [],
    userIds: [],
    kinds: [],
    prompts: [],
    fileKeys: [],
    seeds: [],
    createdAts: [],
  };
  for (let i = from; i < to; i++) {
    out.ids.push(randomUUID());
    out.userIds.push(userId);
    out.kinds.push(i % 5 === 0 ? 'video' : 'image');
    out.prompts.push(prompt(i));
    out.fileKeys.push(`users/${userId}/${i}/original.png`);
    out.seeds.push(i);
    out.createdAts.push(new Date(start + i * 1000).toISOString());
  }
  return out;
}

type Bench = Awaited<ReturnType<typeof startInProcessApp>>;

/** Bulk inserts through the driver in large transactions (the FTS triggers run as in production). */
export async function seed(bench: Bench, userId: string): Promise<void> {
  const native = bench.database.native;
  if (native.kind === 'sqlite') {
    const insert = native.db.prepare(
      `insert into assets (id, user_id, generation_id, kind, prompt, settings, file_key, thumbnail_key,
         content_type, size_bytes, width, height, duration_seconds, fps, seed, provider, model, created_at)
       values (?, ?, null, ?, ?, '{}', ?, null, 'image/png', 1000, 1024, 1024, null, null, ?, 'bench', 'bench', ?)`,
    );
    const insertBatch = native.db.transaction((rows: Seeded) => {
      for (let j = 0; j < rows.ids.length; j++) {
        insert.run(
          rows.ids[j],
          rows.userIds[j],
          rows.kinds[j],
          rows.prompts[j],
          rows.fileKeys[j],
          rows.seeds[j],
          rows.createdAts[j],
        );
      }
    });
    for (let from = 0; from < ROWS; from += BATCH)
      insertBatch(batch(userId, from, Math.min(ROWS, from + BATCH)));
    native.db.exec('analyze');
    return;
  }
  const client = await native.pool.connect();
  try {
    for (let from = 0; from < ROWS; from += BATCH) {
      const rows = batch(userId, from, Math.min(ROWS, from + BATCH));
      await client.query(
        `insert into assets (id, user_id, generation_id, kind, prompt, settings, file_key, thumbnail_key,
           content_type, size_bytes, width, height, duration_seconds, fps, seed, provider, model, created_at)
         select id, user_id, null, kind, prompt, '{}', file_key, null, 'image/png', 1000, 1024, 1024, null, null,
           seed, 'bench', 'bench', created_at
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::timestamptz[])
           as t(id, user_id, kind, prompt, file_key, seed, created_at)`,
        [rows.ids, rows.userIds, rows.kinds, rows.prompts, rows.fileKeys, rows.seeds, rows.createdAts],
      );
    }
  } finally {
    client.release();
  }
  await sql`vacuum analyze assets`.execute(bench.database.kysely);
}

/** The queries measured, each against the unfiltered newest page. */
const CASES: { label: string; query: (i: number) => string }[] = [
  { label: `very common word "light" (every prompt)`, query: () => 'q=light' },
  {
    label: 'one word of 48 (about 10% of prompts each)',
    query: (i) => `q=${WORDS[i % WORDS.length]}`,
  },
  {
    label: 'prefix as typed (first four letters)',
    query: (i) => `q=${WORDS[i % WORDS.length]?.slice(0, 4)}`,
  },
  { label: `rare word "${RARE}" (1 in 10,000)`, query: () => `q=${RARE}` },
  {
    label: 'two words',
    query: (i) =>
      `q=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${WORDS[(i * 3 + 1) % WORDS.length]}`)}`,
  },
  {
    label: 'two words never in one prompt (about 10% each, empty page)',
    query: (i) => `q=${encodeURIComponent(wordPair(i, APART))}`,
  },
  {
    label: 'two words often together',
    query: (i) => `q=${encodeURIComponent(wordPair(i, TOGETHER))}`,
  },
  { label: 'type filter (videos, 20%)', query: () => 'type=video' },
  { label: 'type filter + one word', query: (i) => `type=video&q=${WORDS[i % WORDS.length]}` },
  { label: 'second page of a common word (cursor)', query: () => 'q=light&cursor=' },
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Wall time and this process's CPU time of `fn`, in ms. On a loaded machine the wall time carries the
 * waits for a core; the CPU time does not, and on SQLite (in this process) it is the whole request's
 * work. PostgreSQL's own work is in its server's processes, not here.
 */
async function timeAndCpu(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  await fn();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

async function measure(kind: 'sqlite' | 'postgres', pgUrl?: string): Promise<BenchRow[]> {
  const bench = await startInProcessApp({ kind, pgUrl, workerConcurrency: 0 });
  try {
    const { cookie, userId } = await benchUser(bench.app);
    const seededIn = await timeIt(() => seed(bench, userId));
    const headers = { cookie };
    const get = async (query: string) => {
      const response = await bench.app.inject({
        method: 'GET',
        url: `/api/assets?limit=30&${query}`,
        headers,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().data as { items: unknown[]; nextCursor: string | null };
    };
    const firstLight = await get('q=light');
    const cursor = encodeURIComponent(firstLight.nextCursor ?? '');
    const url = (query: string) => (query.endsWith('cursor=') ? `${query}${cursor}` : query);
    for (let i = 0; i < 20; i++) {
      await get('');
      for (const item of CASES) await get(url(item.query(i)));
    }
    global.gc?.();
    const before = process.memoryUsage();
    const plain: number[] = [];
    const plainCpu: number[] = [];
    const timings = CASES.map(() => [] as number[]);
    const cpuTimings = CASES.map(() => [] as number[]);
    // Interleaved, so a slow moment of the machine hits every case alike.
    for (let i = 0; i < SAMPLES; i++) {
      const page = await timeAndCpu(() => get(''));
      plain.push(page.wall);
      plainCpu.push(page.cpu);
      for (const [c, item] of CASES.entries()) {
        const measured = await timeAndCpu(() => get(url(item.query(i))));
        timings[c]?.push(measured.wall);
        cpuTimings[c]?.push(measured.cpu);
      }
    }
    global.gc?.();
    const after = process.memoryUsage();
    const rows = ROWS.toLocaleString('en-US');
    const p50 = (values: number[]) => `${percentile(values, 50).toFixed(2)} ms`;
    const cpuLabel = kind === 'sqlite' ? 'CPU' : 'CPU without PostgreSQL';
    const cpu = (values: number[]) =>
      `${percentile(values, 50).toFixed(2)} / ${percentile(values, 95).toFixed(2)} ms`;
    return [
      {
        name: `${kind}: newest page of 30, no search (${rows} assets), p95`,
        value: percentile(plain, 95),
        unit: 'ms',
        baseline: true,
        higherIsBetter: false,
        extra: {
          p50: p50(plain),
          [`${cpuLabel} p50 / p95`]: cpu(plainCpu),
          seeded: `${(seededIn / 1000).toFixed(0)} s`,
        },
      },
      ...CASES.map((item, c) => ({
        name: `${kind}: ${item.label}, p95`,
        value: percentile(timings[c] ?? [], 95),
        unit: 'ms',
        higherIsBetter: false,
        extra: {
          p50: p50(timings[c] ?? []),
          [`× ${kind} page`]: (percentile(timings[c] ?? [], 95) / percentile(plain, 95)).toFixed(2),
          [`${cpuLabel} p50 / p95`]: cpu(cpuTimings[c] ?? []),
          [`${cpuLabel} p95 × page`]: (
            percentile(cpuTimings[c] ?? [], 95) / percentile(plainCpu, 95)
          ).toFixed(2),
        },
      })),
      {
        name: `${kind}: server RSS after ${(SAMPLES * (CASES.length + 1)).toLocaleString('en-US')} requests`,
        value: after.rss / 1024 / 1024,
        unit: 'MB',
        higherIsBetter: false,
        extra: {
          before: mb(before.rss),
          'heap before': mb(before.heapUsed),
          'heap after': mb(after.heapUsed),
        },
      },
    ];
  } finally {
    await bench.close();
  }
}

export const search1mSuite: BenchSuite = {
  name: 'search-1m',
  description: `GET /api/assets (search, filters, a cursor page) p50/p95 over ${ROWS.toLocaleString('en-US')} assets of one person on SQLite and PostgreSQL, as ratios of the unfiltered newest page; server memory before and after.`,
  async run() {
    const rows: BenchRow[] = [];
    if (DATABASES.includes('sqlite')) rows.push(...(await measure('sqlite')));
    if (DATABASES.includes('postgres')) {
      const server = await startPostgres();
      try {
        rows.push(...(await measure('postgres', server.url)));
      } finally {
        await server.stop();
      }
    }
    return rows;
  },
};
