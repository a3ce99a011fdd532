import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

describe('data export and account deletion', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('exports the profile and settings as a JSON download without secrets', async () => {
    const person = await signUp(ctx.app, { name: 'Hedy' });
    await browser(ctx.app, person).patch('/api/settings', { language: 'de' });
    const response = await browser(ctx.app, person).get('/api/account/export');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const file = await browser(ctx.app, person).get('/api/account/export?download=1');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="kaleido-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(file.json()).toMatchObject({ profile: { id: person.user.id }, exportedAt: expect.any(String) });
    expect(data.profile).toMatchObject({
      id: person.user.id,
      email: person.email,
      displayName: 'Hedy',
      credits: 10,
    });
    expect(data.settings).toMatchObject({ language: 'de', userId: person.user.id });
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    for (const secret of [person.password, person.token, person.token.split('.')[1] ?? '', '$argon2']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('deletes the account only with the word DELETE and the password, leaving no rows behind', async () => {
    const person = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const caller = browser(ctx.app, person);
    await caller.get('/api/settings');
    await caller.post('/api/auth/forgot-password', { email: person.email });

    const noWord = await caller.delete('/api/account', { confirm: 'delete', password: person.password });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().error).toBe('confirm: Type DELETE to confirm.');
    const noPassword = await caller.delete('/api/account', { confirm: 'DELETE' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toBe('Please enter your password to confirm.');
    const wrongPassword = await caller.delete('/api/account', {
      confirm: 'DELETE',
      password: 'not it at all',
    });
    expect(wrongPassword.json().error).toBe('Current password is incorrect.');

    const deleted = await caller.delete('/api/account', { confirm: 'DELETE', password: person.password });
    expect(deleted.statusCode).toBe(200);
    expect((await caller.get('/api/auth/me')).statusCode).toBe(401);

    const db = ctx.database.kysely;
    const id = person.user.id;
    expect(await db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    for (const table of [
      'sessions',
      'user_settings',
      'credit_ledger',
      'one_time_tokens',
      'oauth_accounts',
    ] as const) {
      const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', id).execute();
      expect(rows, table).toEqual([]);
    }
    // Another person's data is untouched.
    expect((await browser(ctx.app, other).get('/api/auth/me')).statusCode).toBe(200);
    const login = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(login.statusCode).toBe(401);
  });
});
