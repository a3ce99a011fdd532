import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type RunningAppServer, startAppServer } from '../../server/test/app-server.js';
import { type FakeFal, startFakeFal } from '../../server/test/fakes/fake-fal.js';
import { screenshot } from './browser.js';

/** Console errors that are not the app's fault: a signed-out check of the session answers 401. */
export const unexpectedProblems = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

/** Screenshots of what is on screen now, light and dark (the account follows the system theme): `<name>-light|dark`. */
export async function themeShots(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      colorScheme === 'dark',
    );
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Signs a new person up through the API in the page's browser context (so the page is signed in), with
 * an address unique to this run; returns the account's id.
 */
export async function signUp(page: Page, person: { name: string; emailPrefix: string }): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const response = await page.request.post('/api/auth/signup', {
    data: {
      name: person.name,
      email: `${person.emailPrefix}.${stamp}@example.test`,
      password: 'a good password 1',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.user.id;
}

export interface FalApp {
  fal: FakeFal;
  server: RunningAppServer;
  /** Stops the server (failing when it did not shut down cleanly), the fake and the config folder. */
  stop(): Promise<void>;
}

/**
 * The built server on its own data, configured with one fal provider pointing at the protocol-faithful
 * fake queue (and its storage, for trainings) on loopback, with these models; sign-ups unthrottled.
 */
export async function startFalApp(options: {
  models: { id: string; name: string; endpoint: string }[];
  pollIntervalMs: number;
  /** fal's storage API too (trainings upload their images there first). */
  storage?: boolean;
}): Promise<FalApp> {
  const key = 'fal-e2e-key';
  const fal = await startFakeFal(key);
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-fal-e2e-'));
  const providersFile = path.join(configDir, 'providers.json');
  await writeFile(
    providersFile,
    JSON.stringify({
      sketch: true,
      providers: [
        {
          type: 'fal',
          key: 'env:E2E_FAL_KEY',
          queueUrl: fal.url,
          ...(options.storage ? { storageUrl: fal.url } : {}),
          pollIntervalMs: options.pollIntervalMs,
          models: options.models,
        },
      ],
    }),
  );
  let server: RunningAppServer;
  try {
    server = await startAppServer({
      env: { PROVIDERS_FILE: providersFile, E2E_FAL_KEY: key, RATE_LIMIT_SIGNUPS_PER_HOUR: '1000' },
    });
  } catch (error) {
    await fal.close();
    await rm(configDir, { recursive: true, force: true });
    throw error;
  }
  return {
    fal,
    server,
    stop: async () => {
      const code = await server.stop();
      await fal.close();
      await rm(configDir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`The server did not shut down cleanly:\n${server.output()}`);
    },
  };
}
