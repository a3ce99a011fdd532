// `npm run openapi -w server`: writes the OpenAPI documents, generated from the routes the app
// registers, to the committed copies that the docs page and the staleness tests read:
// server/openapi.json (the public API, /api/v1) and server/openapi-app.json (the app's own API).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrateToLatest, openDatabase } from '../src/platform/db/database.js';

const DOCUMENTS = [
  { url: '/api/v1/openapi.json', file: new URL('../openapi.json', import.meta.url) },
  { url: '/api/openapi.json', file: new URL('../openapi-app.json', import.meta.url) },
];

// A throwaway app on an empty database, configured as a default installation (only these variables
// are read, not this shell's environment); it runs no jobs and never listens.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-openapi-'));
const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '0' },
  { cwd: dataDir },
);
const database = openDatabase(config.database);
try {
  await migrateToLatest(database);
  const app = await buildApp({ config, database, providers: [] });
  try {
    await app.ready();
    for (const { url, file } of DOCUMENTS) {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      await writeFile(file, `${JSON.stringify(response.json(), null, 2)}\n`);
      console.log(`wrote ${file.pathname}`);
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
