/// <reference types="node" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deferScripts, inlineScriptHashes, START_CONFIG, servedManifest, VARIANTS } from './prerender.mjs';

const THEME = "\n      document.documentElement.classList.toggle('dark', false);\n    ";
const SHELL = `<!doctype html><html lang="en"><head>
    <script>${THEME}</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head><body><div id="root"></div></body></html>`;

describe('the prerendered pages’ start module', () => {
  it('takes over the shell’s entry script and preloads, and leaves the rest of the shell alone', () => {
    const { source, shell } = deferScripts(SHELL);
    expect(shell).not.toContain('index-abc.js');
    expect(shell).not.toContain('modulepreload');
    expect(shell).toContain('/assets/index-ghi.css');
    expect(shell).toContain(`<script>${THEME}</script>`);
    expect(source).toContain('/assets/index-abc.js');
    expect(source).toContain('/assets/react-def.js');
    expect(source).toContain(START_CONFIG.hintKey);
    // Nothing of a test runner's module transform (this test loads prerender.mjs through one).
    expect(source).not.toMatch(/__vite|vi_import/);
    // Minified, and still valid JavaScript.
    expect(source.split('\n').length).toBeLessThanOrEqual(3);
    expect(() => new Function(source)).not.toThrow();
  });

  it('uses the names the app uses for the signed-in hint, the started event and the prerendered language', () => {
    const app = readFileSync(new URL('../src/prerendered.ts', import.meta.url), 'utf8');
    expect(app).toContain(`SIGNED_IN_HINT_KEY = '${START_CONFIG.hintKey}'`);
    expect(app).toContain(`STARTED_EVENT = '${START_CONFIG.startedEvent}'`);
    expect(app).toContain(`PRERENDERED_LOCALE: TLocale = '${START_CONFIG.lang}'`);
  });

  it('starts at once on a page the server marked', () => {
    const { source } = deferScripts(SHELL);
    expect(source).toMatch(new RegExp(`startNowMeta"?:["\`]${START_CONFIG.startNowMeta}["\`]`));
    expect(source).toContain('[content="now"]');
  });
});

describe('what the server learns of the pages’ values (served.json)', () => {
  const baked = { startingCredits: 10, origin: '__SLOT__', socialSignIn: false };
  const manifest = servedManifest({
    BAKED_VALUES: baked,
    ORIGIN_SLOT: '__SLOT__',
    SERVED_VALUES_ID: 'kaleido-served',
    credits: {
      baked: 'Start free with 10 credits',
      forms: { one: 'x {count} credit', other: 'x {count} credits' },
    },
    variants: { socialSignIn: { '/auth': 'prerendered/auth-social.html' } },
  });

  it('names the values, the origin’s slot, the data block, the start mark and the variants', () => {
    expect(manifest).toEqual({
      baked,
      originSlot: '__SLOT__',
      lang: START_CONFIG.lang,
      dataId: 'kaleido-served',
      startNowMeta: START_CONFIG.startNowMeta,
      startingCredits: {
        text: 'Start free with 10 credits',
        forms: { one: 'x {count} credit', other: 'x {count} credits' },
      },
      variants: { socialSignIn: { '/auth': 'prerendered/auth-social.html' } },
    });
  });

  it('has variants only for values the app reads back, of prerendered paths, with names the server accepts', () => {
    const values = readFileSync(new URL('../src/served-values.ts', import.meta.url), 'utf8');
    for (const variant of VARIANTS) {
      expect(values).toContain(`${variant.when}: boolean`);
      expect(`prerendered/${variant.name}.html`).toMatch(/^prerendered\/[a-z0-9-]+\.html$/);
      expect(['/', '/pricing', '/api-docs', '/auth']).toContain(variant.path);
    }
  });
});

describe('the inline scripts’ CSP hashes', () => {
  it('hashes each inline script’s exact text, not the external ones', () => {
    const expected = `'sha256-${createHash('sha256').update(THEME, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(SHELL)).toEqual([expected]);
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });

  it('covers the built shell’s theme script', () => {
    const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(html).toContain("localStorage.getItem('kaleido-theme')");
  });
});
