import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server; each test context creates its own database on it. */
    pgUrl: string;
  }
}

/** Starts one PostgreSQL server for the feature-postgres project (or uses KALEIDO_TEST_PG_URL). */
export default async function setup(project: TestProject) {
  const external = process.env.KALEIDO_TEST_PG_URL;
  if (external) {
    project.provide('pgUrl', external);
    return;
  }
  const server = await startPostgres();
  project.provide('pgUrl', server.url);
  return () => server.stop();
}
