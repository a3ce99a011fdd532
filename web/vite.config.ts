/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_SERVER = 'http://localhost:3000';

/**
 * The browser takes the contracts' constants, texts and pure functions from `@kaleido/common/browser`,
 * which has no zod (the server validates; zod would add ~90 kB and trip the CSP with its `new Function`
 * probe). Type imports from `@kaleido/common` are erased; this build guard fails on any value import of
 * the full entry point or of zod itself.
 */
function browserContractsOnly(): Plugin {
  return {
    name: 'kaleido:browser-contracts-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        (source === '@kaleido/common' || source === 'zod') &&
        importer &&
        !importer.includes('node_modules')
      ) {
        this.error(
          `${importer} imports '${source}' at run time: import values from '@kaleido/common/browser'.`,
        );
      }
      return null;
    },
  };
}

export default defineConfig({
  // Pinned to this folder so the config works from any working directory (npm scripts, the root Vitest projects).
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), browserContractsOnly()],
  server: {
    port: 5173,
    strictPort: true,
    // Regular expressions so that the app's own /api-keys and /api-docs pages are not proxied.
    proxy: {
      '^/api(/|$)': { target: API_SERVER, changeOrigin: false },
      '^/health$': { target: API_SERVER, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs the app supports <link rel="modulepreload">; no inline polyfill.
    modulePreload: { polyfill: false },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
