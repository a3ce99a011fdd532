import { defineConfig } from 'vitest/config';

const serverSetup = ['server/test/no-network.ts'];
const featureTests = ['server/src/**/*.feature.test.ts'];

/**
 * Feature files run two at a time (Vitest's default on two cores is one): each has its own database,
 * data folder and ports, and much of a file's time is spent waiting on fakes and child processes, so
 * a second file fills the idle core. A test's time limit is a hang detector, long enough for a
 * CPU-heavy test (video frames, 3D stills) that shares the cores with another file.
 */
const featureRun = {
  // KALEIDO_FEATURE_WORKERS: another count, e.g. on a machine with more cores.
  maxWorkers: Number(process.env.KALEIDO_FEATURE_WORKERS) || 2,
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

/**
 * Test tiers, each its own project (see README): unit (pure logic, node), web (components, jsdom),
 * feature tests through app.inject on SQLite and on a PostgreSQL server the run starts itself, and
 * e2e journeys in Chromium against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // web/scripts: the build's own checks (the bundle budget builds the web app in node).
          include: ['common/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...featureTests],
          environment: 'node',
          setupFiles: serverSetup,
        },
      },
      'web/vite.config.ts',
      {
        test: {
          name: 'feature-sqlite',
          include: featureTests,
          environment: 'node',
          setupFiles: serverSetup,
          globalSetup: ['server/test/sqlite-global-setup.ts'],
          env: { KALEIDO_TEST_DB: 'sqlite' },
          ...featureRun,
        },
      },
      {
        test: {
          name: 'feature-postgres',
          include: featureTests,
          environment: 'node',
          setupFiles: serverSetup,
          globalSetup: ['server/test/postgres-global-setup.ts'],
          env: { KALEIDO_TEST_DB: 'postgres' },
          ...featureRun,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
