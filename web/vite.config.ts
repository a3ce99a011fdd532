/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_SERVER = 'http://localhost:3000';

/**
 * `@kaleido/common` is plain data and pure functions, but it also declares zod schemas at module level,
 * which a bundler must otherwise keep. Marking its modules side-effect free lets the web bundle keep
 * only what it imports (constants, messages) and leave zod out.
 */
function commonIsSideEffectFree(): Plugin {
  return {
    name: 'kaleido:common-side-effect-free',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]common[\\/]src[\\/]/ },
      handler() {
        return { moduleSideEffects: false };
      },
    },
  };
}

export default defineConfig({
  // Pinned to this folder so the config works from any working directory (npm scripts, the root Vitest projects).
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), commonIsSideEffectFree()],
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
