import type { TAuditAction, TSiteSettingsInput } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditProvider } from '../../../test/edit-provider.js';
import { browser, SAME_ORIGIN, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';
import { balanceOf } from '../../../test/provider-fixtures.js';
import { pngOf, uploadAs } from '../../../test/upload-files.js';
import { fixedClock } from '../../platform/clock.js';
import type { GenerationProvider } from '../../providers/provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fake provider under another id with one more model, so plans can be given different models. */
function secondModel(): GenerationProvider {
  const fake = createFakeProvider().provider;
  return {
    ...fake,
    id: 'fake-b',
    capabilities: () => {
      const own = fake.capabilities();
      return {
        ...own,
        providerId: 'fake-b',
        models: own.models.map((model) => ({ ...model, id: 'fake-2', name: 'Fake Two' })),
      };
    },
  };
}

const SETTINGS: TSiteSettingsInput = {
  signupMode: 'open',
  startingCredits: 10,
  planModels: { free: null, pro: null, enterprise: null },
  announcement: null,
};

describe('site settings', () => {
  const clock = fixedClock(new Date('2026-03-01T12:00:00.000Z'));
  let ctx: TestContext;
  let admin: SignedIn;

  beforeEach(async () => {
    clock.set(new Date('2026-03-01T12:00:00.000Z'));
    ctx = await createTestContext({ clock, providers: [createFakeProvider().provider, secondModel()] });
    admin = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const save = (settings: Partial<TSiteSettingsInput>) =>
    browser(ctx.app, admin).put('/api/admin/site-settings', { ...SETTINGS, ...settings });
  const signUpAs = (extra: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: SAME_ORIGIN,
      payload: {
        name: 'New Person',
        email: `new-${Math.random()}@example.com`,
        password: 'long enough pw',
        ...extra,
      },
    });
  const auditRows = (action: TAuditAction) =>
    ctx.database.kysely.selectFrom('audit_events').selectAll().where('action', '=', action).execute();

  it('answers the defaults, saves for administrators only and audits every save with before and after', async () => {
    const person = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/site-settings' })).statusCode).toBe(401);
    expect((await browser(ctx.app, person).get('/api/admin/site-settings')).statusCode).toBe(403);
    expect((await browser(ctx.app, person).put('/api/admin/site-settings', SETTINGS)).statusCode).toBe(403);

    const initial = (await browser(ctx.app, admin).get('/api/admin/site-settings')).json().data;
    expect(initial).toMatchObject({ ...SETTINGS, version: 0, updatedAt: null });
    expect(initial.models.map((model: { id: string }) => model.id)).toEqual(['fake-1', 'fake-2']);

    const unknown = await save({ planModels: { free: ['nope'], pro: null, enterprise: null } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { path: 'planModels.free', message: englishOf('api.siteSettings.unknownModel', { model: 'nope' }) },
    ]);

    const saved = await save({ signupMode: 'invite-only', startingCredits: 25 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      signupMode: 'invite-only',
      startingCredits: 25,
      version: 1,
      updatedAt: clock.now().toISOString(),
    });
    const [row] = await auditRows('site-settings.update');
    expect(row).toMatchObject({ actor_id: admin.user.id, target_type: 'site' });
    expect(JSON.parse(row?.before ?? 'null')).toMatchObject({ signupMode: 'open', startingCredits: 10 });
    expect(JSON.parse(row?.after ?? 'null')).toMatchObject({
      signupMode: 'invite-only',
      startingCredits: 25,
    });
    expect((await save({})).json().data.version).toBe(2);
  });

  it('gives new accounts the starting credits, none when set to zero', async () => {
    await save({ startingCredits: 25 });
    // What the sign-up page promises is what the server gives.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).json().data.startingCredits).toBe(25);
    const rich = await signUp(ctx.app);
    expect(await balanceOf(ctx.app, rich)).toBe(25);
    await save({ startingCredits: 0 });
    const poor = await signUp(ctx.app);
    expect(await balanceOf(ctx.app, poor)).toBe(0);
    const ledger = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', poor.user.id)
      .execute();
    expect(ledger).toHaveLength(0);
  });

  it('refuses sign-ups while closed', async () => {
    await save({ signupMode: 'closed' });
    const refused = await signUpAs();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SIGNUPS_CLOSED',
      error: englishOf('api.error.SIGNUPS_CLOSED'),
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).json().data.signupMode).toBe('closed');
    await save({ signupMode: 'open' });
    expect((await signUpAs()).statusCode).toBe(201);
  });

  it('lets invite-only sign-ups in with a live invite, within its use count and expiry, and audits invites', async () => {
    await save({ signupMode: 'invite-only' });
    expect((await signUpAs()).json().code).toBe('INVITE_REQUIRED');
    expect((await signUpAs({ inviteToken: 'made-up' })).json().code).toBe('INVITE_INVALID');

    const created = await browser(ctx.app, admin).post('/api/admin/invites', {
      expiresInDays: 2,
      maxUses: 2,
      note: 'Team',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, url, invite } = created.json().data;
    expect(url).toBe(`http://localhost:3000/auth?invite=${token}`);
    expect(invite).toMatchObject({
      maxUses: 2,
      uses: 0,
      status: 'active',
      note: 'Team',
      createdBy: { id: admin.user.id },
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invites/${token}` })).json().data).toEqual({
      valid: true,
    });

    expect((await signUpAs({ inviteToken: token })).statusCode).toBe(201);
    expect((await signUpAs({ inviteToken: token })).statusCode).toBe(201);
    const third = await signUpAs({ inviteToken: token });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'INVITE_INVALID',
      error: englishOf('api.error.INVITE_INVALID'),
    });
    const listed = (await browser(ctx.app, admin).get('/api/admin/invites')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: invite.id, uses: 2, status: 'used-up' })]);

    const revocable = (
      await browser(ctx.app, admin).post('/api/admin/invites', { expiresInDays: 5, maxUses: 5 })
    ).json().data;
    const revoked = await browser(ctx.app, admin).post(`/api/admin/invites/${revocable.invite.id}/revoke`);
    expect(revoked.json().data).toMatchObject({ status: 'revoked', revokedAt: clock.now().toISOString() });
    expect((await signUpAs({ inviteToken: revocable.token })).json().code).toBe('INVITE_INVALID');
    expect((await browser(ctx.app, admin).post('/api/admin/invites/unknown/revoke')).statusCode).toBe(404);
    const [revokeRow] = await auditRows('invite.revoke');
    expect(revokeRow).toMatchObject({
      actor_id: admin.user.id,
      target_type: 'invite',
      target_id: revocable.invite.id,
    });

    // A sign-up refused for another reason (the e-mail is taken) gives its use back…
    const single = (
      await browser(ctx.app, admin).post('/api/admin/invites', { expiresInDays: 1, maxUses: 1 })
    ).json().data;
    expect((await signUpAs({ inviteToken: single.token, email: admin.email })).statusCode).toBe(409);
    expect(await auditRows('invite.create')).toHaveLength(3);
    // …and once the day has passed the link has expired, unused.
    clock.advance(DAY_MS + 1000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/invites/${single.token}` })).json().data.valid,
    ).toBe(false);
    expect((await signUpAs({ inviteToken: single.token })).json().code).toBe('INVITE_INVALID');
    const uses = await ctx.database.kysely
      .selectFrom('invites')
      .select('uses')
      .where('id', '=', single.invite.id)
      .executeTakeFirstOrThrow();
    expect(uses.uses).toBe(0);
  });

  it('never lets concurrent sign-ups exceed an invite’s use count', async () => {
    await save({ signupMode: 'invite-only' });
    const { token } = (
      await browser(ctx.app, admin).post('/api/admin/invites', { expiresInDays: 1, maxUses: 2 })
    ).json().data;
    const answers = await Promise.all(Array.from({ length: 6 }, () => signUpAs({ inviteToken: token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    const [invite] = (await browser(ctx.app, admin).get('/api/admin/invites')).json().data;
    expect(invite).toMatchObject({ uses: 2, status: 'used-up' });
  });

  it('keeps each plan to its models on submit and in the pickers, choosing an allowed model when none is named', async () => {
    const person = await signUp(ctx.app);
    const caller = browser(ctx.app, person);
    expect((await caller.get('/api/models')).json().data.map((model: { id: string }) => model.id)).toEqual([
      'fake-1',
      'fake-2',
    ]);
    await save({ planModels: { free: ['fake-2'], pro: null, enterprise: null } });
    const models = (await caller.get('/api/models')).json().data;
    expect(models.map((model: { id: string }) => model.id)).toEqual(['fake-2']);
    expect(models[0].default).toEqual({ image: true, video: true });
    // Signed out, the pickers list every model.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/models' })).json().data).toHaveLength(2);
    expect((await caller.get('/api/site')).json().data.allowedModels).toEqual(['fake-2']);

    const balance = await balanceOf(ctx.app, person);
    const refused = await caller.post('/api/generate-image', { prompt: 'a cat', model: 'fake-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MODEL_NOT_ALLOWED',
      error: englishOf('api.error.MODEL_NOT_ALLOWED'),
    });
    const key = (await caller.post('/api/api-keys/create', { name: 'k' })).json().data.key;
    const viaKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'a cat', model: 'fake-1' },
    });
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json().code).toBe('MODEL_NOT_ALLOWED');
    const viaOpenAI = await ctx.app.inject({
      method: 'POST',
      url: '/api/openai/v1/images/generations',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'a cat', model: 'fake-1' },
    });
    expect(viaOpenAI.statusCode).toBe(403);
    expect(viaOpenAI.json().error.code).toBe('model_not_allowed');
    expect(await balanceOf(ctx.app, person)).toBe(balance);
    const keyModels = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/models',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(keyModels.json().data.map((model: { id: string }) => model.id)).toEqual(['fake-2']);
    const openAIModels = await ctx.app.inject({
      method: 'GET',
      url: '/api/openai/v1/models',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(openAIModels.json().data.map((model: { id: string }) => model.id)).toEqual(['fake-2']);
    // OpenAI's own model names take the plan's first model.
    const openAIName = await ctx.app.inject({
      method: 'POST',
      url: '/api/openai/v1/images/generations',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'a cat', model: 'dall-e-3', response_format: 'b64_json' },
    });
    expect(openAIName.statusCode, openAIName.body).toBe(200);
    const jobs = await ctx.database.kysely.selectFrom('generations').select('model').execute();
    expect(jobs).toEqual([{ model: 'fake-2' }]);

    const unnamed = await caller.post('/api/generate-image?wait=false', { prompt: 'a cat' });
    expect(unnamed.statusCode, unnamed.body).toBe(202);
    expect(unnamed.json().data.generation.model).toBe('fake-2');
    // Another plan's list leaves this plan free to use every model.
    await save({ planModels: { free: null, pro: ['fake-1'], enterprise: null } });
    expect(
      (await caller.post('/api/generate-image?wait=false', { prompt: 'a dog', model: 'fake-1' })).statusCode,
    ).toBe(202);
  });

  it('shows the announcement to everyone until its end', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).json().data).toEqual({
      signupMode: 'open',
      startingCredits: 10,
      announcement: null,
      allowedModels: null,
    });
    const announcement = {
      text: 'Maintenance tonight at 22:00 UTC.',
      level: 'warning' as const,
      until: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    };
    await save({ announcement });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).json().data.announcement).toEqual(
      announcement,
    );
    clock.advance(3_600_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).json().data.announcement).toBeNull();
    await save({ announcement: { ...announcement, until: null } });
    clock.advance(365 * DAY_MS);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/site' })).json().data.announcement,
    ).toMatchObject({
      until: null,
    });
  });
});

describe('plan models for the tools', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({
      providers: [createFakeProvider().provider, createEditProvider('first'), createEditProvider('second')],
    });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('gives an edit naming no model the first model the plan allows, and refuses another', async () => {
    const admin = await signUp(ctx.app);
    const person = await signUp(ctx.app);
    await browser(ctx.app, admin).put('/api/admin/site-settings', {
      ...SETTINGS,
      planModels: { free: ['fake-1', 'second-1'], pro: null, enterprise: null },
    });
    const uploaded = await uploadAs(ctx.app, person, {
      name: 'a.png',
      type: 'image/png',
      data: await pngOf(64, 48),
    });
    const assetId = uploaded.json().data.id;
    const edit = (extra: object) =>
      browser(ctx.app, person).post('/api/tools/edit?wait=false', {
        assetId,
        mode: 'prompt',
        prompt: 'at night',
        ...extra,
      });

    const unnamed = await edit({});
    expect(unnamed.statusCode, unnamed.body).toBe(202);
    expect(unnamed.json().data.generation.model).toBe('second-1');
    const refused = await edit({ model: 'first-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MODEL_NOT_ALLOWED');
  });
});

/**
 * Settings live in the database: a change saved through one process applies in another at once
 * (each use compares the row's version with its cached copy), without a restart.
 */
describe('site settings across processes', () => {
  let first: TestContext;
  let second: TestContext;
  beforeEach(async () => {
    first = await createTestContext({ providers: [createFakeProvider().provider] });
    second = await createTestContext({
      providers: [createFakeProvider().provider],
      shared: { database: first.config.database, dataDir: first.dataDir },
    });
  });
  afterEach(async () => {
    await second.close();
    await first.close();
  });

  it('applies a change made in one process in the other at once', async () => {
    const admin = await signUp(first.app);
    const person = await signUp(first.app);
    const asPerson = (app: TestContext['app'], url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${person.token}` }, payload });

    // The second process reads (and caches) the settings before the change.
    expect((await second.app.inject({ method: 'GET', url: '/api/site' })).json().data.signupMode).toBe(
      'open',
    );
    expect(
      (await asPerson(second.app, '/api/generate-image?wait=false', { prompt: 'a quiet lake' })).statusCode,
    ).toBe(202);

    await browser(first.app, admin).put('/api/admin/blocked-terms', {
      terms: [{ term: 'lake', kind: 'word' }],
    });
    await browser(first.app, admin).put('/api/admin/site-settings', { ...SETTINGS, signupMode: 'closed' });

    const refused = await asPerson(second.app, '/api/generate-image?wait=false', { prompt: 'a quiet lake' });
    expect(refused.json().code).toBe('CONTENT_BLOCKED');
    expect((await second.app.inject({ method: 'GET', url: '/api/site' })).json().data.signupMode).toBe(
      'closed',
    );
    const signup = await second.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: SAME_ORIGIN,
      payload: { name: 'Late', email: 'late@example.com', password: 'long enough pw' },
    });
    expect(signup.json().code).toBe('SIGNUPS_CLOSED');

    await browser(first.app, admin).put('/api/admin/blocked-terms', { terms: [] });
    expect(
      (await asPerson(second.app, '/api/generate-image?wait=false', { prompt: 'a quiet lake' })).statusCode,
    ).toBe(202);
  });
});
