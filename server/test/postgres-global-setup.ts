import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.js';
import { createPostgresTemplate } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server; each test context creates its own database on it. */
    pgUrl: string;
    /** A database on it migrated once for the run, that test contexts copy (template-database.ts). */
    pgTemplate: string;
  }
}

/** Starts one PostgreSQL server for the feature-postgres project (or uses KALEIDO_TEST_PG_URL). */
export default async function setup(project: TestProject) {
  const external = process.env.KALEIDO_TEST_PG_URL;
  const server = external ? null : await startPostgres();
  const url = external ?? server?.url ?? '';
  try {
    const template = await createPostgresTemplate(url);
    project.provide('pgUrl', url);
    project.provide('pgTemplate', template.template);
    return async () => {
      await template.remove();
      await server?.stop();
    };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}
