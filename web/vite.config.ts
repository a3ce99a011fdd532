/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompiledMessages } from './scripts/precompiled-messages';

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

/**
 * The installable app (spec sections 1, 4 and 7): web/dist/manifest.webmanifest and the service worker
 * web/dist/sw.js, built from src/sw/sw.ts by vite-plugin-pwa in injectManifest mode (our own message
 * handling, Workbox's precache list). The page registers it itself (features/pwa/register.ts), so no
 * registration script is injected (the CSP forbids inline scripts anyway).
 */
function installableApp() {
  const icon = (src: string, size: number, purpose: 'any' | 'maskable') => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  const shortcutIcons = [icon('/icons/icon-192.png', 192, 'any')];
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The shell only: large lazily loaded chunks are cached when first used.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // A classic script: every browser with service workers runs it.
      rollupFormat: 'iife',
    },
    manifest: {
      id: '/',
      name: 'Kaleido',
      short_name: 'Kaleido',
      description:
        'Turn text prompts into AI-generated images and short videos, and keep them in your library.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      display_override: ['window-controls-overlay', 'standalone'],
      orientation: 'any',
      background_color: '#0b0b10',
      theme_color: '#0b0b10',
      categories: ['photo', 'graphics', 'productivity'],
      icons: [
        icon('/icons/icon-192.png', 192, 'any'),
        icon('/icons/icon-512.png', 512, 'any'),
        icon('/icons/maskable-192.png', 192, 'maskable'),
        icon('/icons/maskable-512.png', 512, 'maskable'),
      ],
      // The richer install dialog (screenshots of the e2e journeys, converted to WebP).
      screenshots: [
        {
          src: '/screenshots/generator-wide.webp',
          sizes: '1280x800',
          type: 'image/webp',
          form_factor: 'wide',
          label: 'The image generator with a result and its history',
        },
        {
          src: '/screenshots/library-narrow.webp',
          sizes: '390x844',
          type: 'image/webp',
          form_factor: 'narrow',
          label: 'Your library of images and videos on a phone',
        },
      ],
      shortcuts: [
        { name: 'Generate image', short_name: 'Image', url: '/generate/image', icons: shortcutIcons },
        { name: 'Generate video', short_name: 'Video', url: '/generate/video', icons: shortcutIcons },
        { name: 'Library', short_name: 'Library', url: '/library', icons: shortcutIcons },
      ],
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  // Pinned to this folder so the config works from any working directory (npm scripts, the root Vitest projects).
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    browserContractsOnly(),
    precompiledMessages(),
    // The prerender bundle (scripts/prerender.mjs) renders pages in Node: no service worker of its own.
    ...(isSsrBuild ? [] : [installableApp()]),
  ],
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
    // dist/.vite/manifest.json: which chunks each route loads first (scripts/initial-bundle.mjs).
    manifest: !isSsrBuild,
    rolldownOptions: {
      treeshake: {
        // The contracts (common/src: constants, texts, pure functions, no I/O) have no side effects, so a
        // module of the `@kaleido/common/browser` barrel that no page of a chunk uses stays out of it
        // (the API examples went into the entry through the barrel). Undefined: the default elsewhere.
        moduleSideEffects: (id) => (/[\\/]common[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
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
}));
