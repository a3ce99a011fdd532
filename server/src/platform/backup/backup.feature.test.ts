import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliEnvironment, kaleido } from '../../../test/cli.js';
import { browser, SAME_ORIGIN, type SignedIn, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../test/harness.js';
import { openZip, writeZip } from './archive.js';
import { readManifest } from './backup.js';

const SECRET = 'backup-test-server-secret-0123456789abcdef';

/** What a person sees of their account: balance and each result's bytes. */
async function holdings(app: FastifyInstance, who: { cookie: string }) {
  const caller = browser(app, who);
  const me = (await caller.get('/api/auth/me')).json().data;
  const items: { id: string; url: string }[] = (await caller.get('/api/assets?limit=100')).json().data.items;
  const files: Record<string, string> = {};
  for (const item of items) {
    const file = await app.inject({ method: 'GET', url: item.url });
    expect(file.statusCode).toBe(200);
    files[item.id] = file.rawPayload.toString('base64');
  }
  return { email: me.email, credits: me.credits, plan: me.plan, files };
}

describe('backup and restore', () => {
  let ctx: TestContext;
  let work: string;
  let people: SignedIn[];
  beforeEach(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'kaleido-backup-test-'));
    ctx = await createTestContext({
      providers: [createFakeProvider().provider],
      config: { serverSecret: SECRET },
    });
    // As loadConfig keeps it when SERVER_SECRET is not set.
    await mkdir(path.join(ctx.dataDir, 'secrets'), { recursive: true });
    await writeFile(path.join(ctx.dataDir, 'secrets', 'server-secret'), `${SECRET}\n`, { mode: 0o600 });
    people = [await signUp(ctx.app), await signUp(ctx.app)];
    for (const prompt of ['a red fox', 'a blue whale']) {
      expect(
        (await browser(ctx.app, people[0] as SignedIn).post('/api/generate-image', { prompt })).statusCode,
      ).toBe(200);
    }
    expect(
      (await browser(ctx.app, people[1] as SignedIn).post('/api/generate-video', { prompt: 'waves' }))
        .statusCode,
    ).toBe(200);
  });
  afterEach(async () => {
    await ctx.close();
    await rm(work, { recursive: true, force: true });
  });

  it('backs up a running instance; the restored copy starts with the same people, balances and files', async () => {
    const env = cliEnvironment(ctx.config, { SERVER_SECRET: undefined });
    const archive = path.join(work, 'kaleido-backup.zip');
    const made = await kaleido(['backup', '--out', archive], { env });
    expect(made).toMatchObject({ code: 0, err: '' });
    const manifest = await readManifest(archive);
    const sqlite = testDatabaseKind() === 'sqlite';
    expect(manifest.database).toEqual({ kind: testDatabaseKind(), included: sqlite });
    expect(manifest.storage).toEqual({ kind: 'disk', included: true });
    const paths = manifest.entries.map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['secrets/server-secret', 'secrets/vapid.json']));
    expect(paths.filter((entry) => /^files\/users\/.+\/original\./.test(entry))).toHaveLength(3);
    if (sqlite) expect(paths).toContain('database/kaleido.db');
    else expect(made.out).toContain('pg_dump --format=custom "$DATABASE_URL"');

    const target = path.join(work, 'restored');
    const restored = await kaleido(['restore', '--from', archive, '--data-dir', target], { env });
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect((await readFile(path.join(target, 'secrets', 'server-secret'), 'utf8')).trim()).toBe(SECRET);

    const before = await Promise.all(people.map((person) => holdings(ctx.app, person)));
    // PostgreSQL: the database itself is pg_dump's business; the restored folder runs on it.
    const copy = await createTestContext({
      shared: {
        database: sqlite ? { kind: 'sqlite', file: path.join(target, 'kaleido.db') } : ctx.config.database,
        dataDir: target,
      },
      config: { serverSecret: SECRET },
    });
    try {
      for (const [index, person] of people.entries()) {
        const login = await copy.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: SAME_ORIGIN,
          payload: { email: person.email, password: person.password, remember: false },
        });
        expect(login.statusCode).toBe(200);
        const after = await holdings(copy.app, { cookie: sessionCookieOf(login) });
        expect(after).toEqual(before[index]);
      }
      expect(Object.keys(before[0]?.files ?? {})).toHaveLength(2);
      expect(before[1]?.credits).toBe(7);
    } finally {
      await copy.close();
    }

    // A folder with data in it is kept unless --force.
    const again = await kaleido(['restore', '--from', archive, '--data-dir', target], { env });
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${target} is not empty: restore into an empty folder, or add --force`);
    const forced = await kaleido(['restore', '--from', archive, '--data-dir', target, '--force'], { env });
    expect(forced.code).toBe(0);
  });

  it('refuses an archive whose content does not match its checksums, touching nothing', async () => {
    const env = cliEnvironment(ctx.config);
    const archive = path.join(work, 'good.zip');
    expect((await kaleido(['backup', '--out', archive], { env })).code).toBe(0);
    // The same archive with one result's bytes changed and the manifest left as it was.
    const zip = await openZip(archive);
    const entries = await Promise.all(zip.names.map(async (name) => ({ name, data: await zip.read(name) })));
    zip.close();
    const victim = entries.find((entry) => entry.name.startsWith('files/users/'));
    if (!victim) throw new Error('no file in the archive');
    victim.data = Buffer.concat([victim.data, Buffer.from('tampered')]);
    const damaged = path.join(work, 'damaged.zip');
    await writeZip(damaged, entries);

    const target = path.join(work, 'target');
    const result = await kaleido(['restore', '--from', damaged, '--data-dir', target], { env });
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `checksum mismatch for ${victim.name}: the archive is damaged, nothing was restored`,
    );
    expect(await readdir(target)).toEqual([]);

    const notAnArchive = path.join(work, 'notes.txt');
    await writeFile(notAnArchive, 'hello');
    const wrong = await kaleido(['restore', '--from', notAnArchive, '--data-dir', path.join(work, 'other')], {
      env,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('is not a Kaleido backup archive');
  });

  it('backup does not overwrite an archive without --force', async () => {
    const env = cliEnvironment(ctx.config);
    const archive = path.join(work, 'exists.zip');
    await writeFile(archive, 'keep me');
    const refused = await kaleido(['backup', '--out', archive], { env });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('exists already (add --force to replace it)');
    expect(await readFile(archive, 'utf8')).toBe('keep me');
    expect((await kaleido(['backup', '--out', archive, '--force'], { env })).code).toBe(0);
  });
});
