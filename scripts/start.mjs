// `npm start`: builds whatever is missing or out of date, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale, root, targets } from './build-state.mjs';

for (const [name, target] of Object.entries(targets)) {
  if (!isStale(target.output, target.sources)) continue;
  console.log(`Building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${name} failed.`);
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
