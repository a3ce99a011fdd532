import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startAppServer } from '../server/test/app-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app started for the e2e journeys. */
    baseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the built app (as `npm start` runs it) once for all journeys, and stops it gracefully after. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before the e2e tests');
  }
  const server = await startAppServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    const code = await server.stop();
    if (code !== 0)
      throw new Error(`The server did not shut down cleanly (exit ${code}):\n${server.output()}`);
  };
}
