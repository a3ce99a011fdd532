import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningAppServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Output the server wrote so far (for failure messages). */
  output(): string;
  /** SIGTERM, then resolves with the exit code once the process has shut down. */
  stop(): Promise<number | null>;
}

/**
 * Runs the built server (`server/dist/main.js`, as `npm start` does) on a free loopback port with a
 * fresh data folder, and waits until /health answers.
 */
export async function startAppServer(
  options: { env?: Record<string, string>; timeoutMs?: number; port?: number } = {},
): Promise<RunningAppServer> {
  const entry = path.join(repoRoot, 'server/dist/main.js');
  if (!existsSync(entry)) throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-app-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const server: RunningAppServer = {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  return server;
}
