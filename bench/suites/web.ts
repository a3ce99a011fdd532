import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import sharp from 'sharp';
import { openDatabase } from '../../server/src/platform/db/database.js';
import { startAppServer } from '../../server/test/app-server.js';
import { freePort } from '../../server/test/postgres-server.js';
import { type BenchRow, type BenchSuite, repoRoot } from '../lib.js';

// BENCH_WEB_RUNS=1 while working on a page (the figures to report are medians of 3).
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const ASSETS = 500;
const PUBLIC_ROUTES = ['/', '/pricing', '/api-docs', '/auth'];
const SIGNED_IN_ROUTES = ['/library', '/generate/image'];
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

interface Run {
  /** The CSS selector Lighthouse gives for the largest contentful paint's element. */
  lcpElement: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Gzip bytes of the scripts the page loaded (the server may not compress; this is what it would send). */
  scriptGzip: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Debian Chromium, headless, one instance for all runs (Lighthouse resets storage before each). */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'kaleido-lh-'));
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The selector in the details of the 'largest-contentful-paint-element' audit (a list holding a table). */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"selector":"([^"]+)"/);
  return found?.[1] ?? 'unknown';
}

/** Gzip size of a same-origin script, read from the build being measured. */
function gzipOfScript(distDir: string, url: string): number {
  const file = path.join(distDir, new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

async function audit(
  port: number,
  url: string,
  preset: Preset,
  distDir: string,
  cookie: string | undefined,
): Promise<Run> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // BENCH_WEB_LHR_DIR=<folder> keeps each run's full report (long tasks, boot-up time per script…).
  const lhrDir = process.env.BENCH_WEB_LHR_DIR;
  if (lhrDir) {
    await mkdir(lhrDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    await writeFile(path.join(lhrDir, name), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details;
  let scriptGzip = 0;
  if (requests?.type === 'table') {
    for (const item of requests.items) {
      if (
        item.resourceType === 'Script' &&
        typeof item.url === 'string' &&
        item.url.startsWith(url.split('/', 3).join('/'))
      )
        scriptGzip += gzipOfScript(distDir, item.url);
    }
  }
  return {
    lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptGzip,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function auditWithRetry(...args: Parameters<typeof audit>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(...args);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`Lighthouse run failed (${String(error)}), once more`);
    }
  }
}

/** Signs a person up over HTTP and gives them `ASSETS` library items with real WebP thumbnails. */
async function seedPerson(baseUrl: string, dataDir: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench', email: 'bench-web@example.com', password: 'bench password' }),
  });
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('kaleido_session='));
  if (!response.ok || !session) throw new Error(`sign-up failed: ${await response.text()}`);
  const body = (await response.json()) as { data: { user: { id: string } } };
  const userId = body.data.user.id;
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'kaleido.db') });
  try {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = [];
    for (let i = 0; i < ASSETS; i++) {
      const key = `users/${userId}/bench-${i}`;
      const hue = (i * 47) % 360;
      const still = sharp({
        create: { width: 512, height: 512, channels: 3, background: `hsl(${hue}, 60%, 50%)` },
      });
      const file = path.join(dataDir, 'files', key);
      await mkdir(file, { recursive: true });
      await writeFile(path.join(file, 'original.png'), await still.clone().png().toBuffer());
      await writeFile(path.join(file, 'thumb.webp'), await still.clone().webp({ quality: 70 }).toBuffer());
      rows.push({
        id: randomUUID(),
        user_id: userId,
        generation_id: null,
        kind: 'image' as const,
        prompt: `bench still number ${i}, a quiet meadow at dusk`,
        settings: '{}',
        file_key: `${key}/original.png`,
        thumbnail_key: `${key}/thumb.webp`,
        content_type: 'image/png',
        size_bytes: 1000,
        width: 512,
        height: 512,
        duration_seconds: null,
        fps: null,
        seed: i,
        provider: 'bench',
        model: 'bench',
        created_at: new Date(start + i * 60_000).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 100) {
      await database.kysely
        .insertInto('assets')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  } finally {
    await database.close();
  }
  return session;
}

/** The home page's samples render in the background after the first start: measure once they are all there. */
async function waitForGallery(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/gallery`);
    const body = (await response.json()) as { data?: unknown[] };
    if ((body.data?.length ?? 0) >= 26) return;
    if (Date.now() > deadline) throw new Error('the gallery samples did not finish rendering');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** A build being measured: its own server (with its seeded person) and where its files are. */
interface Subject {
  label: string;
  distDir: string;
  baseUrl: string;
  cookie: string;
  stop(): Promise<void>;
}

async function startSubject(label: string, distDir: string): Promise<Subject> {
  const server = await startAppServer({ env: { WEB_DIST_DIR: distDir }, timeoutMs: 60_000 });
  try {
    await waitForGallery(server.baseUrl);
    const cookie = await seedPerson(server.baseUrl, server.dataDir);
    return {
      label,
      distDir,
      baseUrl: server.baseUrl,
      cookie,
      async stop() {
        await server.stop();
        await rm(server.dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Lighthouse on every route and preset of each build. With two builds (a baseline and now) their runs
 * alternate (before, now, before, now…), so a change in the machine's load during the run (the machine
 * is shared) weighs on both alike.
 */
async function measureBuilds(builds: { label: string; distDir: string }[]): Promise<BenchRow[]> {
  const subjects: Subject[] = [];
  const chromium = await startChromium();
  try {
    for (const build of builds) subjects.push(await startSubject(build.label, build.distDir));
    // BENCH_WEB_ROUTES=/,/library narrows the run to some routes (while working on one page).
    const only = process.env.BENCH_WEB_ROUTES?.split(',');
    const targets = [
      ...PUBLIC_ROUTES.map((route) => ({ route, signedIn: false })),
      ...SIGNED_IN_ROUTES.map((route) => ({ route, signedIn: true })),
    ].filter(({ route }) => !only || only.includes(route));
    // BENCH_WEB_PRESETS=mobile measures one preset only.
    const presets = PRESETS.filter(
      (preset) => !process.env.BENCH_WEB_PRESETS || process.env.BENCH_WEB_PRESETS.split(',').includes(preset),
    );
    const rows: BenchRow[] = [];
    for (const { route, signedIn } of targets) {
      for (const preset of presets) {
        const runs = subjects.map(() => [] as Run[]);
        for (let i = 0; i < RUNS; i++) {
          for (const [index, subject] of subjects.entries()) {
            runs[index]?.push(
              await auditWithRetry(
                chromium.port,
                subject.baseUrl + route,
                preset,
                subject.distDir,
                signedIn ? subject.cookie : undefined,
              ),
            );
          }
        }
        for (const [index, subject] of subjects.entries()) {
          const done = runs[index] ?? [];
          rows.push({
            name: `${subject.label}: ${route}${signedIn ? ' (signed in)' : ''}, ${preset}, median score of ${RUNS}`,
            value: median(done.map((run) => run.score)),
            unit: 'points',
            higherIsBetter: true,
            extra: {
              scores: done.map((run) => run.score).join('/'),
              LCP: `${(median(done.map((run) => run.lcpMs)) / 1000).toFixed(2)} s`,
              TBT: `${median(done.map((run) => run.tbtMs)).toFixed(0)} ms`,
              CLS: median(done.map((run) => run.cls)).toFixed(3),
              'JS loaded': `${(median(done.map((run) => run.scriptGzip)) / 1024).toFixed(1)} KB gzip`,
              'LCP element': done[0]?.lcpElement ?? 'unknown',
              load: os.loadavg()[0]?.toFixed(1) ?? '',
            },
          });
        }
      }
    }
    return rows;
  } finally {
    await chromium.stop();
    for (const subject of subjects) await subject.stop();
  }
}

/** The built entry's initial JavaScript per route, as `web/scripts/initial-bundle.mjs` counts it. */
function initialJs(label: string, distDir: string): BenchRow[] {
  const run = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'web/scripts/initial-bundle.mjs'), '--json', `--dist=${distDir}`],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) return [];
  const report = JSON.parse(run.stdout) as {
    gzip: number;
    routes?: Record<string, { gzip: number }>;
    firstInteraction?: Record<string, { gzip: number }>;
  };
  const rows: BenchRow[] = [
    {
      name: `${label}: entry (index.html scripts and preloads)`,
      value: report.gzip / 1024,
      unit: 'KB gzip',
      higherIsBetter: false,
    },
  ];
  for (const [route, figures] of Object.entries(report.routes ?? {})) {
    rows.push({
      name: `${label}: initial JS of ${route}`,
      value: figures.gzip / 1024,
      unit: 'KB gzip',
      higherIsBetter: false,
    });
  }
  // A prerendered page starts the app on the visitor's first interaction: what that loads, beside.
  for (const [route, figures] of Object.entries(report.firstInteraction ?? {})) {
    rows.push({
      name: `${label}: JS the first interaction loads on ${route}`,
      value: figures.gzip / 1024,
      unit: 'KB gzip',
      higherIsBetter: false,
    });
  }
  return rows;
}

export const webSuite: BenchSuite = {
  name: 'web',
  description: `Lighthouse 12 (performance only; mobile = default preset, simulated slow 4G and 4× CPU; desktop preset) in Debian Chromium against the built server: ${[...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].join(', ')} (the last two signed in, ${ASSETS} assets), median of ${RUNS} runs. Scores are absolute, so no ratio. BENCH_WEB_LHR_DIR=<folder> keeps every report. BENCH_WEB_BASELINE_DIST=<a web/dist built from another commit> measures that build too, in the same run (their runs alternate); BENCH_WEB_DIST=<folder> measures a given build instead of building web/.`,
  async run() {
    // BENCH_WEB_DIST=<folder> measures a build made earlier instead of building web/ now.
    const given = process.env.BENCH_WEB_DIST;
    if (!given) {
      const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('the web build failed');
    }
    const current = given ? path.resolve(given) : path.join(repoRoot, 'web/dist');
    const baseline = process.env.BENCH_WEB_BASELINE_DIST;
    const rows: BenchRow[] = [];
    if (baseline) rows.push(...initialJs('before', path.resolve(baseline)));
    rows.push(...initialJs('now', current));
    rows.push(
      ...(await measureBuilds([
        ...(baseline ? [{ label: 'before', distDir: path.resolve(baseline) }] : []),
        { label: 'now', distDir: current },
      ])),
    );
    return rows;
  },
};
