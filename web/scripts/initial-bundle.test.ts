/// <reference types="node" />
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InitialBundle, initialBundle } from './initial-bundle.mjs';

/**
 * Byte budgets (gzip) of the JavaScript a first visit loads. A prerendered public page (/, /pricing,
 * /api-docs, /auth, the 404 page) loads only its start module until the visitor's first interaction
 * (web/scripts/prerender.mjs, startOnIntent): 1,947 bytes on 25 November 2026, so 8 KB leaves room
 * for more entry preloads, far below issue 17's 70 KB for `/`. What the first interaction then loads
 * (the entry with its preloads, the page chunk and the English catalog areas the page shows) keeps the
 * budget `/` had when it loaded at once: 2 KB above the build that took the `admin` and `settings`
 * areas off `/` and the shell (192,455 bytes). Other routes start from the shell and load it all at
 * once: about 5 % above the build of 25 November 2026 (the largest route, /api-keys: 246,989 bytes).
 * So a regression fails here, without Lighthouse's noise; lower them as the bundle shrinks.
 */
const PRERENDERED_BUDGET = 8 * 1024;
const FIRST_INTERACTION_BUDGET = 192_455 + 2 * 1024;
const ROUTE_BUDGET = 260 * 1024;
const PRERENDERED_ROUTES = ['/', '/pricing', '/api-docs', '/auth', '404'];

const webDir = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;
let report: InitialBundle;

// The unit tier runs before `npm run build` (scripts/test.mjs), so the test builds the app itself,
// from the sources as they are, into a folder of its own.
beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-web-budget-'));
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development build would be measured.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webDir,
      configFile: path.join(webDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  report = initialBundle(outDir);
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the first visit’s JavaScript', () => {
  it('is the start module alone on the prerendered pages until the first interaction', () => {
    for (const route of PRERENDERED_ROUTES) {
      const atLoad = report.routes[route];
      expect(atLoad, `${route} is missing from the manifest`).toBeDefined();
      expect(atLoad?.gzip, route).toBeLessThanOrEqual(PRERENDERED_BUDGET);
      expect(atLoad?.gzip, route).toBeGreaterThan(0);
    }
  });

  it('stays within the budget on the home page’s first interaction, which loads the app', () => {
    const app = report.firstInteraction['/'];
    expect(app, 'the home page chunk is missing from the manifest').toBeDefined();
    expect(app?.gzip).toBeLessThanOrEqual(FIRST_INTERACTION_BUDGET);
    expect(app?.gzip).toBeGreaterThan(report.js.gzip);
    expect(Object.keys(report.firstInteraction).sort()).toEqual([...PRERENDERED_ROUTES].sort());
  });

  it('stays within the budget on every route', () => {
    const routes = Object.entries(report.routes);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const over = routes.filter(([, figures]) => figures.gzip > ROUTE_BUDGET).map(([route]) => route);
    expect(over).toEqual([]);
  });
});
