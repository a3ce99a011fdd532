import type { TestProject } from 'vitest/node';
import { createSqliteTemplate } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file migrated once for the run, that test contexts copy (template-database.ts). */
    sqliteTemplate: string;
  }
}

/** Migrates the feature-sqlite project's template database once, before its files run. */
export default async function setup(project: TestProject) {
  const template = await createSqliteTemplate();
  project.provide('sqliteTemplate', template.template);
  return () => template.remove();
}
