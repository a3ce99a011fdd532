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
 * (the entry with its preloads, the page chunk and the English catalog areas the page shows) is held
 * 2 KB above the build that trimmed the entry (its own class-merge table instead of tailwind-merge's
 * default one, the contracts tree-shaken: 182,155 bytes on `/`, was 192,691). Other routes start from
 * the shell and load it all at once: the signed-in pages issue 17 measures have budgets of their own,
 * 2 KB above that build (/library 185,543 bytes, was 205,262, its dialogs' texts now load with them;
 * /generate/image 193,365, was 211,389), and every route stays within 2 % above its largest
 * (/profile, 237,783 bytes). Issue 17's goal is 120 KB for every route: not reached yet (React DOM
 * alone is ~58 KB); lower these as the bundle shrinks, so a regression fails here without Lighthouse's
 * noise.
 */
const PRERENDERED_BUDGET = 8 * 1024;
const FIRST_INTERACTION_BUDGET = 182_155 + 2 * 1024;
const ROUTE_BUDGET = 237_783 * 1.02;
const SIGNED_IN_BUDGETS: Record<string, number> = {
  '/library': 185_543 + 2 * 1024,
  '/generate/image': 193_365 + 2 * 1024,
};
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

  it('stays within the budgets of the signed-in pages issue 17 measures', () => {
    for (const [route, budget] of Object.entries(SIGNED_IN_BUDGETS)) {
      expect(report.routes[route]?.gzip, route).toBeLessThanOrEqual(budget);
    }
  });

  it('stays within the budget on every route', () => {
    const routes = Object.entries(report.routes);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const over = routes.filter(([, figures]) => figures.gzip > ROUTE_BUDGET).map(([route]) => route);
    expect(over).toEqual([]);
  });
});
