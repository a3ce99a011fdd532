import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../test/built-server.js';
import { testDatabaseKind } from '../test/harness.js';

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '../..');
const WORKSPACES = ['common', 'server', 'web', 'e2e', 'bench'];

/**
 * The container's runtime, built the way the Dockerfile's stages build it: only the server's
 * production dependencies (`npm ci --omit=dev`) in a clean folder, with the built dist folders. Slow
 * (a full install, several minutes): runs only with KALEIDO_TEST_PROD_BUNDLE=1, on one database.
 */
describe.skipIf(process.env.KALEIDO_TEST_PROD_BUNDLE !== '1' || testDatabaseKind() !== 'sqlite')(
  'production bundle',
  () => {
    let folder = '';
    afterAll(async () => {
      if (folder) await rm(folder, { recursive: true, force: true });
    }, 120_000);

    it(
      'installs without dev dependencies, starts and answers /health/ready',
      async () => {
        folder = await mkdtemp(path.join(os.tmpdir(), 'kaleido-bundle-'));
        for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
          await cp(path.join(repository, file), path.join(folder, file));
        }
        for (const workspace of WORKSPACES) {
          await mkdir(path.join(folder, workspace), { recursive: true });
          await cp(
            path.join(repository, workspace, 'package.json'),
            path.join(folder, workspace, 'package.json'),
          );
        }
        const started = performance.now();
        await run('npm', ['ci', '--omit=dev', '--workspace', 'server', '--include-workspace-root=false'], {
          cwd: folder,
          maxBuffer: 16 << 20,
        });
        const installSeconds = (performance.now() - started) / 1000;
        await run(process.execPath, ['build.mjs'], {
          cwd: path.join(repository, 'server'),
          env: { ...process.env, KALEIDO_BUILD_OUTDIR: path.join(folder, 'server', 'dist') },
        });
        const webDist = path.join(repository, 'web', 'dist');
        if (existsSync(path.join(webDist, 'index.html'))) {
          await cp(webDist, path.join(folder, 'web', 'dist'), { recursive: true });
        }
        // Nothing of the development toolchain came along.
        for (const devOnly of ['vitest', 'typescript', 'tsx', '@biomejs/biome', 'vite', 'esbuild']) {
          expect(existsSync(path.join(folder, 'node_modules', devOnly)), devOnly).toBe(false);
        }

        const server = await startServer(path.join(folder, 'server', 'dist', 'main.js'), {
          NODE_ENV: 'production',
          DATA_DIR: path.join(folder, 'data'),
        });
        try {
          const ready = await fetch(`${server.url}/health/ready`);
          expect(ready.status).toBe(200);
          expect(await ready.json()).toMatchObject({ success: true, status: 'ready' });
        } finally {
          expect(await server.stop()).toBe(0);
        }
        const cli = await run(process.execPath, [path.join(folder, 'server', 'dist', 'cli.js'), '--version']);
        expect(cli.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
        console.info(`production bundle: npm ci --omit=dev took ${installSeconds.toFixed(0)} s`);
      },
      20 * 60_000,
    );
  },
);
