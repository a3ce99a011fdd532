import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './postgres-server.js';

const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * Bundles the server as `npm run build -w server` does, into a throwaway folder under
 * server/node_modules/.cache (so its npm imports resolve like dist/'s): a test of the real entry
 * points without touching the dist/ other runs use.
 */
export async function buildServer(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = path.join(
    serverDir,
    'node_modules',
    '.cache',
    `kaleido-build-${randomBytes(4).toString('hex')}`,
  );
  await promisify(execFile)(process.execPath, ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, KALEIDO_BUILD_OUTDIR: dir },
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything it printed. */
  output(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `node <entry>` on a free port and waits until GET /health/ready answers 200. */
export async function startServer(
  entry: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  // A port the system just had free (not a random guess): feature files run side by side.
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Signs up through the running server's API; answers the session cookie. */
export async function signUpOver(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ name: 'Operator Test', email, password: 'a long password 1', remember: false }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
