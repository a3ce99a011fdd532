import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/platform/db/database.js';
import { createProvider } from '../src/providers/index.js';
import type { GenerationProvider } from '../src/providers/provider.js';
import { parseProvidersSetup } from '../src/providers/providers-config.js';
import { browser, type SignedIn } from './factories.js';

/** Adapters from a providers document, exactly as PROVIDERS_FILE would make them. */
export function providersFrom(providers: unknown[], env: NodeJS.ProcessEnv = {}): GenerationProvider[] {
  return parseProvidersSetup(
    { sketch: false, providers },
    { env, baseDir: process.cwd(), publicUrl: 'http://localhost:3000' },
  ).providers.map(createProvider);
}

export const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export async function balanceOf(app: FastifyInstance, person: SignedIn): Promise<number> {
  return (await browser(app, person).get('/api/auth/me')).json().data.credits;
}

export async function generationOf(app: FastifyInstance, person: SignedIn, id: string) {
  return (await browser(app, person).get(`/api/generations/${id}`)).json().data;
}

/** The events of a job's SSE stream, read until it ends. */
export async function eventsOf(app: FastifyInstance, person: SignedIn, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/generations/${id}/events`,
    headers: { cookie: person.cookie },
  });
  return response.body
    .split('\n\n')
    .map((chunk) => {
      const type = /^event: (.+)$/m.exec(chunk)?.[1];
      const data = /^data: (.+)$/m.exec(chunk)?.[1];
      return type && data ? { type, generation: JSON.parse(data).generation } : null;
    })
    .filter((event): event is { type: string; generation: Record<string, unknown> } => event !== null);
}

/** How many usage records of the key are written in the database (not those still waiting to be). */
export async function recordedRequests(database: Database, keyId: string): Promise<number> {
  const row = await database.kysely
    .selectFrom('api_requests')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('api_key_id', '=', keyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A key's usage figures once `records` calls of it are on record. A call is recorded by the `onResponse` hook, just
 * after its answer is sent, so `inject` can resolve before the record is written: read the figures only then.
 */
export async function keyUsageAfter(
  ctx: { app: FastifyInstance; database: Database },
  person: SignedIn,
  keyId: string,
  records: number,
) {
  await until(async () => (await recordedRequests(ctx.database, keyId)) >= records);
  return (await browser(ctx.app, person).get(`/api/api-keys/${keyId}/usage`)).json().data;
}
