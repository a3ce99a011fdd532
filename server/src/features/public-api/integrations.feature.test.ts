import { ERRORS } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';

const DISABLED = {
  success: false,
  code: 'INTEGRATIONS_DISABLED',
  error:
    'Integrations are turned off for this account. Turn them on in Settings → Integrations to use your personal API key.',
};

describe('integrations switch (integrationsEnabled)', () => {
  let ctx: TestContext;
  let person: SignedIn;
  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const generate = (key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'a kite' },
    });

  it('off (the default): the personal key can be made but /api/v1 refuses it with 403 INTEGRATIONS_DISABLED; on, it works; developer keys are unaffected', async () => {
    const as = browser(ctx.app, person);
    expect({
      status: ERRORS.INTEGRATIONS_DISABLED.status,
      message: englishOf('api.error.INTEGRATIONS_DISABLED'),
    }).toEqual({
      status: 403,
      message: DISABLED.error,
    });
    expect((await as.get('/api/settings')).json().data.integrationsEnabled).toBe(false);

    // Off: the personal key can be made, but /api/v1 refuses it.
    const created = await as.post('/api/settings/api-key');
    expect(created.statusCode, created.body).toBe(201);
    const personal = created.json().data.key as string;
    expect(personal).toMatch(/^ck_/);
    const refused = await generate(personal);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(DISABLED);

    // On: the same key works.
    await as.patch('/api/settings', { integrationsEnabled: true });
    const works = await generate(personal);
    expect(works.statusCode, works.body).toBe(200);

    // Off again: the existing key is refused on every /api/v1 call, and the refusal is recorded.
    await as.patch('/api/settings', { integrationsEnabled: false });
    const off = await generate(personal);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual(DISABLED);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${works.json().data.id}`,
      headers: { authorization: `Bearer ${personal}` },
    });
    expect(status.statusCode).toBe(403);
    expect(status.json().code).toBe('INTEGRATIONS_DISABLED');
    // Requests are recorded once their answer is sent (an onResponse hook), so the last one may land
    // just after inject resolves.
    const refusals = async () =>
      (
        await ctx.database.kysely
          .selectFrom('api_requests')
          .select(['outcome', 'status_code'])
          .where('user_id', '=', person.user.id)
          .where('status_code', '=', 403)
          .execute()
      ).map((row) => `${row.outcome} ${row.status_code}`);
    await expect.poll(refusals).toEqual(['forbidden 403', 'forbidden 403', 'forbidden 403']);
    // Nothing was charged for the refused call.
    expect((await as.get('/api/auth/me')).json().data.credits).toBe(9);

    // A developer key made on the API keys page is its own integration: unaffected by the switch.
    const developer = (await as.post('/api/api-keys/create', { name: 'Script' })).json().data.key as string;
    const devCall = await generate(developer);
    expect(devCall.statusCode, devCall.body).toBe(200);

    // Revoking the personal key is always possible.
    expect((await as.delete('/api/settings/api-key')).statusCode).toBe(200);
    expect((await generate(personal)).statusCode).toBe(401);
  });
});
