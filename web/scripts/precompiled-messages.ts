import { readFile } from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Virtual ids of precompiled catalog files: `\0icu:<file>.icu.js` (the `.js` end keeps the JSON
 * plugin away; other plugins leave `\0` ids alone).
 */
const PREFIX = '\0icu:';
const SUFFIX = '.icu.js';
/** The per-language catalog modules whose imports are precompiled. */
const CATALOG_MODULE = /[\\/]src[\\/]i18n[\\/]catalogs[\\/][a-z]+\.ts$/;
const PARSER = '@formatjs/icu-messageformat-parser';

type Catalog = Record<string, string>;

function isCatalog(value: unknown): value is Catalog {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((message) => typeof message === 'string')
  );
}

/** The exported catalogs of a catalog file: a JSON object, or the string records a TypeScript module exports. */
async function catalogsOf(file: string): Promise<Record<string, Catalog>> {
  const source = await readFile(file, 'utf8');
  if (file.endsWith('.json')) return { default: JSON.parse(source) as Catalog };
  // The shared catalogs (common/src/i18n/messages/<locale>.ts) are data modules with type-only imports.
  const { code } = await transform(source, { loader: 'ts', format: 'esm' });
  const module = (await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  )) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(module).filter((entry): entry is [string, Catalog] => isCatalog(entry[1])),
  );
}

/**
 * Catalogs are shipped as ICU message ASTs, parsed here at build time, so the browser needs no message
 * parser: the per-language chunks (web/src/i18n/catalogs/<locale>.ts and what they import) are
 * precompiled, and in production builds `@formatjs/icu-messageformat-parser` resolves to its
 * `no-parser` entry (about 7 kB gzip less JavaScript on every first load). A message that does not
 * parse fails the build. Tests and the dev server use the same precompiled catalogs.
 */
export function precompiledMessages(): Plugin {
  let build = false;
  return {
    name: 'kaleido:precompiled-messages',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    async resolveId(source, importer) {
      if (build && source === PARSER && importer?.includes('node_modules')) {
        return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
      }
      if (!importer || !CATALOG_MODULE.test(importer)) return null;
      if (!source.endsWith('.json') && !source.startsWith('@kaleido/common/i18n/messages/')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX) || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      const exports = await catalogsOf(file);
      return Object.entries(exports)
        .map(([name, catalog]) => {
          const compiled = Object.fromEntries(
            Object.entries(catalog).map(([key, message]) => {
              try {
                return [key, parse(message)];
              } catch (error) {
                throw new Error(`${file}: message ${key} is not valid ICU: ${String(error)}`);
              }
            }),
          );
          const value = JSON.stringify(compiled);
          return name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`;
        })
        .join('\n');
    },
  };
}
