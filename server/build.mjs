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
    'sketch-worker': 'src/providers/sketch/sketch-worker.ts',
    'enhance-worker': 'src/providers/enhance/enhance-worker.ts',
  },
  outdir: 'dist',
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
