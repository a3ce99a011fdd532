import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, type Area } from './catalogs/areas';
import PAGE_AREAS from './page-areas.json';

/**
 * A page renders with the catalog areas page-areas.json lists for it (and the shell's), nothing more:
 * an id of an area left out would show as the raw id. This follows each lazily loaded module's imports
 * through the sources and collects the areas of the message ids written in them (`'library.empty'`,
 * `` `tools.${tool}.title` ``, and `api` for the contracts' `…_MESSAGES` ids), so a new text of another area fails here until it is listed.
 */
const SRC = resolve(import.meta.dirname, '..');
const MODULES: Record<string, readonly string[]> = PAGE_AREAS.modules;
const ID = new RegExp(`['"\`](${AREAS.join('|')})\\.[A-Za-z$]`, 'g');
/** The contracts' `AUTH_MESSAGES`, `TOOL_MESSAGES`… hold ids of the server's messages (area `api`). */
const SERVER_IDS = /\b[A-Z][A-Z0-9_]*_MESSAGES\b/;
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function fileOf(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((extension) => base + extension)
    .find((file) => existsSync(file));
}

const moduleFiles = new Map(Object.keys(MODULES).map((key) => [fileOf(join(SRC, 'x'), `./${key}`), key]));

/**
 * The areas whose ids the code of `start` and what it imports (statically or lazily) uses, with one
 * file per area that uses it. Another listed module is a boundary: it loads its own areas.
 */
function areasUsedBy(start: string): Map<Area, string> {
  const used = new Map<Area, string>();
  const seen = new Set<string>();
  const todo = [start];
  for (let file = todo.pop(); file; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Comments may mention ids as examples.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    if (SERVER_IDS.test(code) && !used.has('api')) used.set('api', relative(SRC, file));
    for (const match of code.matchAll(ID)) {
      const area = match[1] as Area;
      if (!used.has(area)) used.set(area, relative(SRC, file));
    }
    for (const match of code.matchAll(IMPORT)) {
      const imported = match[1] ? fileOf(file, match[1]) : undefined;
      if (imported && imported !== start && !moduleFiles.has(imported)) todo.push(imported);
    }
  }
  return used;
}

/** The areas used but not listed, as `area (first file using it)`. */
function missing(used: Map<Area, string>, listed: readonly string[]): string[] {
  return [...used]
    .filter(([area]) => !listed.includes(area) && !PAGE_AREAS.shell.includes(area))
    .map(([area, file]) => `${area} (${file})`);
}

describe('the catalog areas each page loads', () => {
  it('lists real areas and real modules', () => {
    for (const area of [...PAGE_AREAS.shell, ...Object.values(MODULES).flat()]) {
      expect(AREAS, area).toContain(area);
    }
    for (const [file, key] of moduleFiles) expect(file, key).toBeDefined();
  });

  it('lists every page the router loads lazily, under the name its route loads the areas by', () => {
    const routes = readFileSync(join(SRC, 'routes.tsx'), 'utf8');
    const pages = [...routes.matchAll(/import\('\.\/([^']+)'\)/g)].map((match) => match[1]);
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) expect(Object.keys(MODULES), page).toContain(page);
    const named = [...routes.matchAll(/page\(\s*'([^']+)',\s*\(\) => import\('\.\/([^']+)'\)/g)];
    expect(named).toHaveLength(pages.length);
    for (const [, key, imported] of named) expect(key).toBe(imported);
  });

  it('loads with the shell the areas the shell shows', () => {
    expect(missing(areasUsedBy(join(SRC, 'main.tsx')), [])).toEqual([]);
  });

  for (const [key, listed] of Object.entries(MODULES)) {
    it(`loads with ${key} the areas it shows`, () => {
      const file = fileOf(join(SRC, 'x'), `./${key}`);
      expect(file).toBeDefined();
      if (file) expect(missing(areasUsedBy(file), listed)).toEqual([]);
    });
  }
});
