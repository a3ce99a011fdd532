// Bundles the server into dist/ with esbuild: our code and @kaleido/common inlined, npm packages left
// as runtime imports (native modules such as better-sqlite3 cannot be bundled).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

await build({
  // The Sketch renderer and the Enhancer run in worker threads; their entries are resolved next to
  // main.js at run time.
  entryPoints: {
    main: 'src/main.ts',
    // main.js imports these two by URL: the tracing bootstrap (only with OTEL_EXPORTER_OTLP_ENDPOINT)
    // must run before the server's modules load.
    server: 'src/server.ts',
    'platform/observability/otel': 'src/platform/observability/otel.ts',
    // The `kaleido` operator command (package.json "bin").
    cli: 'src/cli/bin.ts',
    'sketch-worker': 'src/providers/sketch/sketch-worker.ts',
    'enhance-worker': 'src/providers/enhance/enhance-worker.ts',
    'lowpoly-worker': 'src/providers/lowpoly/lowpoly-worker.ts',
    'realtime-worker': 'src/providers/sketch/realtime-worker.ts',
  },
  // Tests build a throwaway copy elsewhere (KALEIDO_BUILD_OUTDIR); everyone else uses dist/.
  outdir: process.env.KALEIDO_BUILD_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    // Lets bundled CommonJS code call require() inside the ES module output.
    js: "import { createRequire as __kaleidoCreateRequire } from 'node:module'; const require = __kaleidoCreateRequire(import.meta.url);",
  },
});
