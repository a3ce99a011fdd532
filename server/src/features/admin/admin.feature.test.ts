import type { TAuditAction } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticatorCode } from '../../../test/authenticator-app.js';
import { browser, SAME_ORIGIN, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { documentedRoutes } from '../../platform/http/openapi.js';

describe('administration: people, credits, jobs, dashboard and the audit log', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;

  beforeEach(async () => {
    fake = createFakeProvider();
    // No workers: submitted jobs stay queued, so the tests decide when they end.
    ctx = await createTestContext({ providers: [fake.provider], config: { workerConcurrency: 0 } });
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
    person = await signUp(ctx.app, { name: 'Pat Person' });
  });
  afterEach(async () => {
    await ctx.close();
  });

  const as = (who: SignedIn | null) => browser(ctx.app, who);

  /** The audit rows of one action, newest first, through the console's own API. */
  async function auditOf(action: TAuditAction) {
    const response = await as(admin).get(`/api/admin/audit?action=${action}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items as Array<Record<string, unknown>>;
  }

  const balanceOf = async (who: SignedIn) =>
    (await as(who).get('/api/auth/me')).json().data.credits as number;

  it('answers every /api/admin route with 401 to anonymous callers, 403 to people and to API keys', async () => {
    const routes = documentedRoutes(ctx.app).filter((route) => route.url.startsWith('/api/admin/'));
    // The console's own routes are all there (and B20's moderation and site settings join them).
    for (const expected of ['/api/admin/users', '/api/admin/users/:id/credits', '/api/admin/audit']) {
      expect(routes.map((route) => route.url)).toContain(expected);
    }
    const key = (await as(admin).post('/api/settings/api-key')).json().data.key as string;
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'someone');
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...SAME_ORIGIN, ...headers },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const anonymous = await send({});
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const normal = await send({ cookie: person.cookie });
      expect(normal.statusCode, `${route.method} ${route.url} person`).toBe(403);
      const byKey = await send({ authorization: `Bearer ${key}` });
      expect(byKey.statusCode, `${route.method} ${route.url} key`).toBe(403);
      expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
      if (route.method !== 'GET') {
        // An administrator's cookie sent from another site is refused (CSRF), before anything runs.
        const crossSite = await send({ cookie: admin.cookie, 'sec-fetch-site': 'cross-site' });
        expect(crossSite.statusCode, `${route.method} ${route.url} cross-site`).toBe(403);
        expect(crossSite.json().code).toBe('CROSS_SITE_REQUEST');
      }
    }
    // The audit log has no route that changes or deletes an event.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/admin/audit',
        headers: { ...SAME_ORIGIN, cookie: admin.cookie },
        payload: {},
      });
      expect(response.statusCode, method).toBeGreaterThanOrEqual(404);
      expect(response.statusCode, method).toBeLessThanOrEqual(405);
    }
  });

  it('grants and deducts credits with a reason, never below zero, each with its ledger entry and audit row', async () => {
    const start = await balanceOf(person);
    const granted = await as(admin).post(`/api/admin/users/${person.user.id}/credits`, {
      amount: 25,
      reason: 'Support ticket 42',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.user.credits).toBe(start + 25);
    expect(granted.json().data.entry).toMatchObject({ kind: 'grant', delta: 25, note: 'Support ticket 42' });

    const deducted = await as(admin).post(`/api/admin/users/${person.user.id}/credits`, {
      amount: -10,
      reason: 'Duplicate grant',
    });
    expect(deducted.statusCode, deducted.body).toBe(200);
    expect(deducted.json().data.entry).toMatchObject({ kind: 'adjustment', delta: -10 });
    expect(await balanceOf(person)).toBe(start + 15);

    const tooMuch = await as(admin).post(`/api/admin/users/${person.user.id}/credits`, {
      amount: -(start + 16),
      reason: 'Too much',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe(
      `This would take the balance below zero: the account has ${start + 15} credits.`,
    );
    expect(await balanceOf(person)).toBe(start + 15);
    const zero = await as(admin).post(`/api/admin/users/${person.user.id}/credits`, {
      amount: 0,
      reason: 'x',
    });
    expect(zero.statusCode).toBe(400);
    const noReason = await as(admin).post(`/api/admin/users/${person.user.id}/credits`, { amount: 5 });
    expect(noReason.statusCode).toBe(400);

    const [grant] = await auditOf('user.credits.grant');
    expect(grant).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.email,
      targetType: 'user',
      targetId: person.user.id,
      targetLabel: person.email,
      reason: 'Support ticket 42',
      before: { credits: start },
      after: { credits: start + 25, amount: 25 },
    });
    expect(grant?.ip).toBeTruthy();
    const [deduct] = await auditOf('user.credits.deduct');
    expect(deduct).toMatchObject({ before: { credits: start + 25 }, after: { credits: start + 15 } });

    // The spec's update-credits and update-plan go through the same audited service.
    await as(admin).post('/api/auth/update-credits', { credits: 7, userId: person.user.id });
    await as(admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    expect(await balanceOf(person)).toBe(7);
    expect((await auditOf('user.credits.set'))[0]).toMatchObject({
      before: { credits: start + 15 },
      after: { credits: 7 },
    });
    expect((await auditOf('user.plan.change'))[0]).toMatchObject({
      before: { plan: 'free' },
      after: { plan: 'pro' },
    });
  });

  it('never loses or doubles credits when two administrators grant while the person spends', async () => {
    const second = await signUp(ctx.app, { name: 'Bo Admin' });
    await as(admin).post(`/api/admin/users/${second.user.id}/role`, { role: 'admin' });
    await as(admin).post('/api/auth/update-credits', { credits: 10, userId: person.user.id });

    const grants = 12;
    const spends = 10;
    const results = await Promise.all([
      ...Array.from({ length: grants }, (_, i) =>
        as(i % 2 ? admin : second).post(`/api/admin/users/${person.user.id}/credits`, {
          amount: 3,
          reason: `grant ${i}`,
        }),
      ),
      ...Array.from({ length: spends }, (_, i) =>
        as(person).post('/api/generate-image?wait=false', { prompt: `spend ${i}` }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        as(second).post(`/api/admin/users/${person.user.id}/credits`, { amount: -2, reason: `deduct ${i}` }),
      ),
    ]);
    const granted = results.slice(0, grants).filter((r) => r.statusCode === 200).length;
    const spent = results.slice(grants, grants + spends).filter((r) => r.statusCode === 202).length;
    const deducted = results.slice(grants + spends).filter((r) => r.statusCode === 200).length;
    expect(granted).toBe(grants);
    expect(spent).toBeGreaterThan(0);
    expect(deducted).toBeGreaterThan(0);
    for (const response of results)
      expect([200, 202, 402, 409], response.body).toContain(response.statusCode);
    const balance = await balanceOf(person);
    expect(balance).toBe(10 + 3 * granted - spent - 2 * deducted);
    expect(balance).toBeGreaterThanOrEqual(0);
    // The ledger agrees with the balance, entry by entry.
    const ledger = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .select(['delta_monthly', 'delta_purchased', 'balance_monthly', 'balance_purchased'])
      .where('user_id', '=', person.user.id)
      .orderBy('created_at')
      .execute();
    const sum = ledger.reduce((total, row) => total + row.delta_monthly + row.delta_purchased, 0);
    expect(sum).toBe(balance);
    expect((await auditOf('user.credits.grant')).length).toBe(granted);
  });

  it('keeps one administrator: the last cannot demote or disable themselves', async () => {
    const selfDemote = await as(admin).post(`/api/admin/users/${admin.user.id}/role`, { role: 'user' });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json().code).toBe('LAST_ADMINISTRATOR');
    const selfDisable = await as(admin).post(`/api/admin/users/${admin.user.id}/disable`, {});
    expect(selfDisable.statusCode).toBe(400);
    expect((await as(admin).get(`/api/admin/users/${admin.user.id}`)).json().data.lastAdministrator).toBe(
      true,
    );

    const promoted = await as(admin).post(`/api/admin/users/${person.user.id}/role`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe('admin');
    const demoted = await as(admin).post(`/api/admin/users/${admin.user.id}/role`, { role: 'user' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await as(admin).get('/api/admin/users')).statusCode).toBe(403);
    const rows = await ctx.database.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.role.change')
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => [row.target_id, row.before, row.after])).toEqual([
      [person.user.id, '{"role":"user"}', '{"role":"admin"}'],
      [admin.user.id, '{"role":"admin"}', '{"role":"user"}'],
    ]);
  });

  it('disables an account at once (sessions, sign-in, keys) and enables it again', async () => {
    await as(admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    const key = (
      await as(person).post('/api/api-keys/create', { name: 'app', plan: 'pro', scopes: ['account:read'] })
    ).json().data.key as string;
    const callApi = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${key}` } });
    expect((await callApi()).statusCode).toBe(200);

    const disabled = await as(admin).post(`/api/admin/users/${person.user.id}/disable`, { reason: 'Spam' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data.disabledAt).toBeTruthy();
    expect((await as(person).get('/api/auth/me')).statusCode).toBe(401);
    expect((await callApi()).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: person.email, password: person.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      error: "This account has been disabled. Contact this site's administrator.",
    });
    // A wrong password says nothing about the account's state.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: person.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await auditOf('user.disable'))[0]).toMatchObject({ targetId: person.user.id, reason: 'Spam' });
    expect((await auditOf('auth.sign-in.refused-disabled'))[0]).toMatchObject({ targetId: person.user.id });
    expect((await auditOf('auth.sign-in.failed'))[0]).toMatchObject({ targetId: person.user.id });
    const listed = await as(admin).get('/api/admin/users?status=disabled');
    expect(listed.json().data.items.map((user: { id: string }) => user.id)).toEqual([person.user.id]);

    const enabled = await as(admin).post(`/api/admin/users/${person.user.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data.disabledAt).toBeNull();
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: person.email, password: person.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await callApi()).statusCode).toBe(200);
    expect((await auditOf('user.enable')).length).toBe(1);
  });

  it('records security events: failed sign-ins, the lockout, key creation and revocation', async () => {
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: SAME_ORIGIN,
        payload: { email: person.email, password: `wrong ${i}` },
      });
    }
    expect((await auditOf('auth.sign-in.failed')).length).toBe(5);
    expect((await auditOf('auth.lockout'))[0]).toMatchObject({ after: { email: person.email } });

    const made = (await as(admin).post('/api/api-keys/create', { name: 'ci', plan: 'free' })).json().data;
    await as(admin).delete(`/api/api-keys/${made.id}`);
    expect((await auditOf('api-key.create'))[0]).toMatchObject({
      actorId: admin.user.id,
      targetType: 'api-key',
      targetId: made.id,
      targetLabel: 'ci',
    });
    expect((await auditOf('api-key.revoke'))[0]).toMatchObject({ targetId: made.id });
  });

  it('keeps the audit log append-only and exports it as CSV with formulas defused', async () => {
    await as(admin).post(`/api/admin/users/${person.user.id}/credits`, {
      amount: 5,
      reason: '=HYPERLINK("http://evil.example","click")',
    });
    await as(admin).post(`/api/admin/users/${person.user.id}/credits`, { amount: 1, reason: '+1 "quoted"' });
    const csv = await as(admin).get(`/api/admin/audit?format=csv&actor=${admin.email}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="kaleido-audit-/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time,action,actor_id,actor_email,target_type,target_id,target_label,reason,ip,before,after',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"user.credits.grant","${admin.user.id}"`);
    expect(lines[1]).toContain('"\'+1 ""quoted"""');
    expect(lines[2]).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');

    await expect(
      ctx.database.kysely.updateTable('audit_events').set({ reason: 'rewritten' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.database.kysely.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);

    // Filters and the cursor.
    const first = (await as(admin).get('/api/admin/audit?limit=1')).json().data;
    expect(first.items).toHaveLength(1);
    const next = (await as(admin).get(`/api/admin/audit?limit=1&cursor=${first.nextCursor}`)).json().data;
    expect(next.items[0].id).not.toBe(first.items[0].id);
    const byTarget = (await as(admin).get(`/api/admin/audit?target=${person.user.id}`)).json().data;
    expect(byTarget.items).toHaveLength(2);
  });

  it('lists, cancels and retries every person’s jobs, on the house when the administrator says so', async () => {
    await as(admin).post('/api/auth/update-credits', { credits: 10, userId: person.user.id });
    const job = (await as(person).post('/api/generate-image?wait=false', { prompt: 'a lighthouse' })).json()
      .data;
    expect(await balanceOf(person)).toBe(9);

    const listed = (await as(admin).get(`/api/admin/jobs?status=queued&userId=${person.user.id}`)).json()
      .data;
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([job.id]);
    expect(listed.items[0]).toMatchObject({ userEmail: person.email, provider: 'fake', cost: 1 });
    expect((await as(admin).get('/api/admin/jobs?provider=other')).json().data.items).toEqual([]);

    const cancelled = await as(admin).post(`/api/admin/jobs/${job.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', creditState: 'refunded' });
    expect(await balanceOf(person)).toBe(10);
    expect((await as(admin).post(`/api/admin/jobs/${job.id}/cancel`)).statusCode).toBe(409);

    const paid = await as(admin).post(`/api/admin/jobs/${job.id}/retry`, { onTheHouse: false });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'queued', cost: 1, prompt: 'a lighthouse' });
    expect(await balanceOf(person)).toBe(9);

    const free = await as(admin).post(`/api/admin/jobs/${job.id}/retry`, { onTheHouse: true });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data.cost).toBe(0);
    expect(await balanceOf(person)).toBe(9);
    const note = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .select(['kind', 'note'])
      .where('reference', '=', free.json().data.id)
      .where('kind', '=', 'grant')
      .executeTakeFirst();
    expect(note?.note).toBe(`On the house: retry of ${job.id} (1 credits waived)`);

    const detail = (await as(admin).get(`/api/admin/jobs/${job.id}`)).json().data;
    expect(detail.job.status).toBe('cancelled');
    expect(detail.retries).toEqual([
      { jobId: free.json().data.id, onTheHouse: true, createdAt: expect.any(String) },
      { jobId: paid.json().data.id, onTheHouse: false, createdAt: expect.any(String) },
    ]);
    expect((await auditOf('job.cancel'))[0]).toMatchObject({
      targetId: job.id,
      after: { status: 'cancelled' },
    });
    expect((await as(admin).post(`/api/admin/jobs/${paid.json().data.id}/retry`, {})).statusCode).toBe(409);
    expect((await as(admin).get('/api/admin/jobs/nothing')).statusCode).toBe(404);
  });

  it('searches, sorts and pages people, and shows a person’s page', async () => {
    await signUp(ctx.app, { name: 'Zoë 100% Real_Name' });
    const search = (await as(admin).get('/api/admin/users?q=pat%20per')).json().data;
    expect(search.items.map((user: { id: string }) => user.id)).toEqual([person.user.id]);
    // LIKE wildcards in the search box are literal characters.
    expect((await as(admin).get('/api/admin/users?q=%25')).json().data.total).toBe(1);
    expect((await as(admin).get('/api/admin/users?q=e_s')).json().data.total).toBe(0);
    const page = (await as(admin).get('/api/admin/users?sort=name&order=asc&pageSize=2&page=2')).json().data;
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((user: { displayName: string }) => user.displayName)).toEqual([
      'Zoë 100% Real_Name',
    ]);

    const detail = (await as(admin).get(`/api/admin/users/${person.user.id}`)).json().data;
    expect(detail.user).toMatchObject({ email: person.email, role: 'user', plan: 'free', disabledAt: null });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.ledger[0].kind).toBe('grant');
    expect(detail.twoFactor).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    expect(detail.lastAdministrator).toBe(false);

    const ended = await as(admin).post(`/api/admin/users/${person.user.id}/sessions/end`);
    expect(ended.json().data).toEqual({ ended: 1 });
    expect((await as(person).get('/api/auth/me')).statusCode).toBe(401);
    const reset = await as(admin).post(`/api/admin/users/${person.user.id}/password-reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await auditOf('user.password-reset.send'))[0]).toMatchObject({ targetId: person.user.id });
  });

  it('counts the dashboard’s figures from the database', async () => {
    await as(admin).post('/api/auth/update-credits', { credits: 10, userId: person.user.id });
    await as(person).post('/api/generate-image?wait=false', { prompt: 'one' });
    await as(person).post('/api/generate-image?wait=false', { prompt: 'two' });
    const response = await as(admin).get('/api/admin/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.people).toMatchObject({ total: 2, new24h: 2, new30d: 2, active24h: 2, administrators: 1 });
    expect(data.generationsByDay).toHaveLength(30);
    const today = data.generationsByDay.at(-1);
    expect(today.byStatus.queued).toBe(2);
    expect(today.byType.image).toBe(2);
    expect(data.queue).toMatchObject({ queued: 2, running: 0 });
    expect(data.queue.oldestQueuedAt).toBeTruthy();
    expect(data.revenue).toEqual({ currency: 'usd', last30dCents: 0, allTimeCents: 0, purchases30d: 0 });
    expect(data.credits.outstanding).toBe(8 + (await balanceOf(admin)));
    expect(data.providers.find((provider: { id: string }) => provider.id === 'fake')).toMatchObject({
      jobs24h: 2,
      failed24h: 0,
      errorRate24h: null,
    });
    expect(data.storage).toEqual({ usedBytes: 0, assets: 0 });
  });
});

describe('ADMIN_REQUIRE_2FA', () => {
  it('refuses an administrator without a second factor on every admin route', async () => {
    const ctx = await createTestContext({ config: { adminRequire2fa: true } });
    try {
      const admin = await signUp(ctx.app);
      const response = await browser(ctx.app, admin).get('/api/admin/users');
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ADMIN_SECOND_FACTOR_REQUIRED');
      // Everything else still works for them.
      expect((await browser(ctx.app, admin).get('/api/auth/me')).statusCode).toBe(200);

      // With an authenticator app on, the console opens; turning it on is in the audit log.
      const setup = await browser(ctx.app, admin).post('/api/auth/2fa/totp/setup');
      const enabled = await browser(ctx.app, admin).post('/api/auth/2fa/totp/enable', {
        code: authenticatorCode(setup.json().data.secret, new Date()),
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      // The security event is written once the change committed (after the answer): wait for it.
      await vi.waitFor(async () => {
        const allowed = await browser(ctx.app, admin).get('/api/admin/audit?action=auth.two-factor.enable');
        expect(allowed.statusCode, allowed.body).toBe(200);
        expect(allowed.json().data.items[0]).toMatchObject({
          actorId: admin.user.id,
          targetId: admin.user.id,
        });
      });
    } finally {
      await ctx.close();
    }
  });
});
