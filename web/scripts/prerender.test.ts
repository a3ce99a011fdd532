/// <reference types="node" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deferScripts, inlineScriptHashes, START_CONFIG } from './prerender.mjs';

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
