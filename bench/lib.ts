import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../server/test/postgres-server.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One measured figure. `ratio` is filled in against the suite's baseline row. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Other figures worth printing beside the value (e.g. p99 latency). */
  extra?: Record<string, string>;
  baseline?: boolean;
  /** Whether a larger value is better (req/s) or worse (ms). */
  higherIsBetter: boolean;
}

export interface BenchSuite {
  name: string;
  description: string;
  run(): Promise<BenchRow[]>;
}

export interface HttpLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Loads `url` with autocannon after a short warm-up. */
export async function loadUrl(
  url: string,
  options: { durationSeconds?: number; connections?: number } = {},
): Promise<HttpLoad> {
  const connections = options.connections ?? 32;
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: options.durationSeconds ?? 8 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Starts a Node script on a free port (PORT in its environment) and waits until `probePath` answers. */
export async function startNodeServer(
  script: string,
  probePath = '/health',
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; stop(): Promise<void>; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(baseUrl + probePath)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${script} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Prints a suite's rows with each figure as a ratio against the suite's baseline row. */
export function printSuite(suite: BenchSuite, rows: BenchRow[]): void {
  const baseline = rows.find((row) => row.baseline);
  console.log(`\n## ${suite.name}\n${suite.description}\n`);
  for (const row of rows) {
    const ratio = baseline && !row.baseline ? ` ratio ${(row.value / baseline.value).toFixed(3)}` : '';
    const extra = row.extra
      ? ` (${Object.entries(row.extra)
          .map(([key, value]) => `${key} ${value}`)
          .join(', ')})`
      : '';
    const label = row.baseline ? `${row.name} [baseline]` : row.name;
    console.log(`- ${label}: ${row.value.toFixed(row.value >= 100 ? 0 : 2)} ${row.unit}${ratio}${extra}`);
  }
}
