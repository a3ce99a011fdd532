import type { TGalleryItem } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';
import { fixedClock } from '../../platform/clock.js';

describe('reports and the review queue', () => {
  const clock = fixedClock(new Date('2026-05-04T10:00:00.000Z'));
  let ctx: TestContext;
  let admin: SignedIn;
  let author: SignedIn;
  let reader: SignedIn;
  let handle: string;

  beforeEach(async () => {
    clock.set(new Date('2026-05-04T10:00:00.000Z'));
    ctx = await createTestContext({ clock, providers: [createFakeProvider().provider] });
    admin = await signUp(ctx.app, { name: 'Admin Person' });
    author = await signUp(ctx.app, { name: 'Author Person' });
    reader = await signUp(ctx.app, { name: 'Reader Person' });
    const settings = await browser(ctx.app, author).patch('/api/settings', { profileVisibility: 'public' });
    handle = settings.json().data.handle;
  });
  afterEach(async () => {
    await ctx.close();
  });

  /** A finished, shared image of the author's. */
  async function sharedCreation(prompt: string): Promise<string> {
    clock.advance(60_000);
    const made = await browser(ctx.app, author).post('/api/generate-image', { prompt });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as string;
    expect((await browser(ctx.app, author).patch(`/api/assets/${id}`, { shared: true })).statusCode).toBe(
      200,
    );
    return id;
  }
  const galleryIds = async (who: SignedIn | null) =>
    ((await browser(ctx.app, who).get('/api/gallery')).json().data as TGalleryItem[])
      .filter((item) => item.source === 'community')
      .map((item) => item.id);
  const profileIds = async (who: SignedIn | null) =>
    ((await browser(ctx.app, who).get(`/api/profiles/${handle}`)).json().data.items as TGalleryItem[]).map(
      (item) => item.id,
    );
  const report = (who: SignedIn | null, itemId: string, reason = 'violence', note?: string) =>
    browser(ctx.app, who).post('/api/reports', { itemId, reason, ...(note ? { note } : {}) });
  const queue = async (status = 'open') =>
    (await browser(ctx.app, admin).get(`/api/admin/reports?status=${status}`)).json().data;

  it('takes one report per person and item from signed-in people who can see it', async () => {
    const itemId = await sharedCreation('a stormy sea');
    expect((await report(null, itemId)).statusCode).toBe(401);
    const first = await report(reader, itemId, 'violence', 'Too graphic');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      itemId,
      reason: 'violence',
      createdAt: clock.now().toISOString(),
    });
    const again = await report(reader, itemId, 'spam');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REPORTED',
      error: englishOf('api.error.ALREADY_REPORTED'),
    });
    expect((await report(admin, itemId, 'spam')).statusCode).toBe(201);

    expect((await report(reader, 'no-such-item')).statusCode).toBe(404);
    const unshared = await sharedCreation('a calm lake');
    await browser(ctx.app, author).patch(`/api/assets/${unshared}`, { shared: false });
    expect((await report(reader, unshared)).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: englishOf('api.moderation.itemNotFound'),
    });
    // A private profile's creations are not reportable by others (they cannot see them).
    await browser(ctx.app, author).patch('/api/settings', { profileVisibility: 'private' });
    const hiddenFromReader = await sharedCreation('a secret garden');
    expect((await report(reader, hiddenFromReader)).statusCode).toBe(404);
    expect(
      (await browser(ctx.app, reader).post('/api/reports', { itemId, reason: 'made-up' })).statusCode,
    ).toBe(400);
  });

  it('queues reported items for administrators only, with every report', async () => {
    const itemId = await sharedCreation('a stormy sea');
    await report(reader, itemId, 'violence', 'Too graphic');
    clock.advance(1000);
    await report(admin, itemId, 'spam');
    expect((await browser(ctx.app, reader).get('/api/admin/reports')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/reports' })).statusCode).toBe(401);

    const { items, nextCursor } = await queue();
    expect(nextCursor).toBeNull();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      itemId,
      type: 'image',
      prompt: 'a stormy sea',
      status: 'open',
      hidden: false,
      reportCount: 2,
      author: { id: author.user.id, displayName: 'Author Person', email: author.email, disabled: false },
      decidedAt: null,
    });
    expect(items[0].url).toMatch(/^\/api\/files\//);
    expect(items[0].reports.map((entry: { reason: string }) => entry.reason)).toEqual(['spam', 'violence']);
    expect(items[0].reports[1]).toMatchObject({
      note: 'Too graphic',
      reporter: { id: reader.user.id, displayName: 'Reader Person' },
    });
  });

  it('hides an item from the gallery and the profile, keeps another, and audits both decisions', async () => {
    const bad = await sharedCreation('something awful');
    const fine = await sharedCreation('something fine');
    expect(await galleryIds(null)).toEqual(expect.arrayContaining([bad, fine]));
    await report(reader, bad);
    await report(reader, fine);

    const hidden = await browser(ctx.app, admin).post(`/api/admin/reports/${bad}/decision`, {
      decision: 'hide',
    });
    clock.advance(1000);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toEqual({
      itemId: bad,
      status: 'hidden',
      hidden: true,
      authorDisabled: false,
    });
    const kept = await browser(ctx.app, admin).post(`/api/admin/reports/${fine}/decision`, {
      decision: 'keep',
    });
    expect(kept.json().data).toMatchObject({ status: 'kept', hidden: false });

    for (const who of [null, reader, author]) {
      expect(await galleryIds(who)).toEqual([fine]);
      expect(await profileIds(who)).toEqual([fine]);
    }
    // The author still has it in their library.
    expect((await browser(ctx.app, author).get(`/api/assets/${bad}`)).json().data).toMatchObject({
      id: bad,
      shared: true,
    });
    expect((await queue('open')).items).toHaveLength(0);
    expect((await queue('hidden')).items.map((item: { itemId: string }) => item.itemId)).toEqual([bad]);
    expect((await queue('kept')).items.map((item: { itemId: string }) => item.itemId)).toEqual([fine]);

    const rows = await ctx.database.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'report.resolve')
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => [row.target_id, row.actor_id])).toEqual([
      [bad, admin.user.id],
      [fine, admin.user.id],
    ]);
    expect(JSON.parse(rows[0]?.after ?? 'null')).toMatchObject({ status: 'hidden', hidden: true });

    // A new report of a kept item opens it again; a hidden item cannot be reported any more.
    await report(admin, fine);
    expect((await queue('open')).items.map((item: { itemId: string }) => item.itemId)).toEqual([fine]);
    expect((await report(admin, bad)).statusCode).toBe(404);
    // Hiding can be undone by keeping it.
    await browser(ctx.app, admin).post(`/api/admin/reports/${bad}/decision`, { decision: 'keep' });
    expect(await galleryIds(null)).toEqual(expect.arrayContaining([bad, fine]));
    expect(
      (await browser(ctx.app, admin).post('/api/admin/reports/unknown/decision', { decision: 'hide' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await browser(ctx.app, reader).post(`/api/admin/reports/${bad}/decision`, { decision: 'hide' }))
        .statusCode,
    ).toBe(403);
  });

  it('disables the author when the administrator asks, through the people console’s audited action', async () => {
    const itemId = await sharedCreation('something awful');
    await report(reader, itemId);
    const decided = await browser(ctx.app, admin).post(`/api/admin/reports/${itemId}/decision`, {
      decision: 'hide',
      disableAuthor: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toEqual({ itemId, status: 'hidden', hidden: true, authorDisabled: true });
    // Their session ended with the disable.
    expect((await browser(ctx.app, author).get('/api/auth/me')).statusCode).toBe(401);
    expect((await queue('hidden')).items[0].author).toMatchObject({ id: author.user.id, disabled: true });
    const actions = await ctx.database.kysely
      .selectFrom('audit_events')
      .select(['action', 'target_id', 'actor_id'])
      .where('action', 'in', ['report.resolve', 'user.disable'])
      .orderBy('action')
      .execute();
    expect(actions).toEqual([
      { action: 'report.resolve', target_id: itemId, actor_id: admin.user.id },
      { action: 'user.disable', target_id: author.user.id, actor_id: admin.user.id },
    ]);
  });
});
