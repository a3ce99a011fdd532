import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startAppServer } from '../server/test/app-server.js';
import { startOidcProvider } from '../server/test/oidc-provider.js';
import { freePort } from '../server/test/postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app started for the e2e journeys. */
    baseUrl: string;
    /** The app's data folder (its outbox holds the e-mails it sent). */
    dataDir: string;
    /** The local OpenID provider configured as the social sign-in "Local ID" (any login, any password). */
    oidcIssuer: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the built app (as `npm start` runs it) once for all journeys, and stops it gracefully after. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before the e2e tests');
  }
  const port = await freePort();
  const oidc = await startOidcProvider({
    redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/local/callback`],
  });
  const server = await startAppServer({
    port,
    env: {
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Local ID',
      OIDC_ID: 'local',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
    },
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('oidcIssuer', oidc.issuer);
  return async () => {
    await oidc.stop();
    const code = await server.stop();
    if (code !== 0)
      throw new Error(`The server did not shut down cleanly (exit ${code}):\n${server.output()}`);
  };
}
