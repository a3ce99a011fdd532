import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module the file reaches through relative imports, and every package it imports. */
function reach(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return { seen, packages };
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'/g)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('.'))
      reach(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), seen, packages);
    else packages.add(specifier);
  }
  return { seen, packages };
}

describe('the browser entry point', () => {
  it('reaches no zod (the web bundle stays small and CSP-clean)', () => {
    const { seen, packages } = reach(path.join(here, 'browser.ts'));
    expect(packages.has('zod')).toBe(false);
    expect(seen.size).toBeGreaterThan(3);
  });

  it('is really a subset of the full entry point', async () => {
    const browser = await import('./browser.js');
    const full = await import('./index.js');
    for (const name of Object.keys(browser)) expect(full).toHaveProperty(name);
  });
});
