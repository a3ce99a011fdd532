import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';

interface Item {
  id: string;
  prompt: string | null;
  settings: Record<string, unknown> | null;
  source: string;
  author: { handle: string; displayName: string } | null;
}

describe('sharing: handles, the Share toggle, profile visibility and shareUsageData', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-11-02T08:00:00.000Z'));

  beforeEach(async () => {
    clock.set(new Date('2026-11-02T08:00:00.000Z'));
    ctx = await createTestContext({ clock, providers: [createFakeProvider().provider] });
  });
  afterEach(async () => {
    await ctx.close();
  });

  /** A finished image in the person's library (the real pipeline with the fake provider). */
  async function create(who: SignedIn, prompt: string): Promise<string> {
    clock.advance(60_000);
    const response = await browser(ctx.app, who).post('/api/generate-image', {
      prompt,
      settings: { style: 'watercolor', aspectRatio: '1:1', resolution: '512x512' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  const share = (who: SignedIn, id: string, shared = true) =>
    browser(ctx.app, who).patch(`/api/assets/${id}`, { shared });
  const galleryIds = async (who: SignedIn | null) => {
    const response = await browser(ctx.app, who).get('/api/gallery');
    expect(response.statusCode).toBe(200);
    return (response.json().data as Item[])
      .filter((item) => item.source === 'community')
      .map((item) => item.id);
  };

  it('derives a unique handle from the name at sign-up and shows it in settings', async () => {
    const first = await signUp(ctx.app, { name: 'Zoë Ada Lovelace' });
    const second = await signUp(ctx.app, { name: 'zoe ada lovelace!' });
    const third = await signUp(ctx.app, { name: 'Admin' });
    const handleOf = async (who: SignedIn) =>
      (await browser(ctx.app, who).get('/api/settings')).json().data.handle;
    expect(await handleOf(first)).toBe('zoe-ada-lovelace');
    expect(await handleOf(second)).toBe('zoe-ada-lovelace-2');
    // A reserved word is never given out.
    expect(await handleOf(third)).toBe('admin-creator');

    // An account left without one (made before handles existed) gets one on first read.
    await ctx.database.kysely
      .updateTable('users')
      .set({ handle: null })
      .where('id', '=', first.user.id)
      .execute();
    expect(await handleOf(first)).toBe('zoe-ada-lovelace');
  });

  it('changes the handle through PATCH /api/settings: taken 409, malformed or reserved 400, nothing half-saved', async () => {
    const ada = await signUp(ctx.app, { name: 'Ada' });
    const bob = await signUp(ctx.app, { name: 'Bob Builder' });
    const caller = browser(ctx.app, bob);

    const renamed = await caller.patch('/api/settings', { handle: '  Bob_The-Builder ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.handle).toBe('bob_the-builder');

    // Taken (case-insensitively): 409 with a clear message, and the other fields of the patch are not kept.
    const taken = await caller.patch('/api/settings', { handle: 'ADA', theme: 'dark' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      success: false,
      code: 'HANDLE_TAKEN',
      error: 'That handle is already taken. Please choose another one.',
    });

    const cases: [string, string][] = [
      [
        'ab',
        'handle: A handle has 3 to 30 characters: lowercase letters, digits, - and _, starting with a letter or digit.',
      ],
      [
        '-bob',
        'handle: A handle has 3 to 30 characters: lowercase letters, digits, - and _, starting with a letter or digit.',
      ],
      [
        'bob builder',
        'handle: A handle has 3 to 30 characters: lowercase letters, digits, - and _, starting with a letter or digit.',
      ],
      [
        'b'.repeat(31),
        'handle: A handle has 3 to 30 characters: lowercase letters, digits, - and _, starting with a letter or digit.',
      ],
      [
        'bøb',
        'handle: A handle has 3 to 30 characters: lowercase letters, digits, - and _, starting with a letter or digit.',
      ],
      ['settings', 'handle: That handle is reserved. Please choose another one.'],
      ['Admin', 'handle: That handle is reserved. Please choose another one.'],
    ];
    for (const [handle, error] of cases) {
      const response = await caller.patch('/api/settings', { handle, theme: 'dark' });
      expect(response.statusCode, handle).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const after = (await caller.get('/api/settings')).json().data;
    expect(after).toMatchObject({ handle: 'bob_the-builder', theme: 'system' });
    expect((await browser(ctx.app, ada).get('/api/settings')).json().data.handle).toBe('ada');
    // Keeping one's own handle is no conflict.
    expect((await caller.patch('/api/settings', { handle: 'bob_the-builder' })).statusCode).toBe(200);
  });

  it('shares and unshares an asset of the owner only (404 for anyone else)', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const id = await create(owner, 'a lighthouse at dawn');
    const listed = (await browser(ctx.app, owner).get('/api/assets')).json().data.items;
    expect(listed[0]).toMatchObject({ id, shared: false });

    const shared = await share(owner, id);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data).toMatchObject({ id, shared: true });
    expect((await browser(ctx.app, owner).get(`/api/assets/${id}`)).json().data.shared).toBe(true);

    const foreign = await share(stranger, id, false);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: 'Asset not found' });
    expect((await share(owner, 'no-such-asset')).statusCode).toBe(404);
    const invalid = await browser(ctx.app, owner).patch(`/api/assets/${id}`, { shared: 'yes' });
    expect(invalid.statusCode).toBe(400);
    const extra = await browser(ctx.app, owner).patch(`/api/assets/${id}`, { shared: true, prompt: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/assets/${id}`, payload: { shared: false } }))
        .statusCode,
    ).toBe(401);
    expect((await browser(ctx.app, owner).get(`/api/assets/${id}`)).json().data.shared).toBe(true);

    expect((await share(owner, id, false)).json().data.shared).toBe(false);
  });

  it('shows shared creations by profile visibility to anonymous visitors, members and owners', async () => {
    const open = await signUp(ctx.app, { name: 'Open Person' });
    const members = await signUp(ctx.app, { name: 'Members Person' });
    const closed = await signUp(ctx.app, { name: 'Closed Person' });
    const member = await signUp(ctx.app, { name: 'Another Member' });
    await browser(ctx.app, open).patch('/api/settings', { profileVisibility: 'public' });
    await browser(ctx.app, members).patch('/api/settings', { profileVisibility: 'friends' });
    await browser(ctx.app, closed).patch('/api/settings', { profileVisibility: 'private' });

    const openShared = await create(open, 'open shared harbour');
    const openKept = await create(open, 'open unshared harbour');
    const membersShared = await create(members, 'members shared field');
    const closedShared = await create(closed, 'closed shared cat');
    for (const [who, id] of [
      [open, openShared],
      [members, membersShared],
      [closed, closedShared],
    ] as const)
      expect((await share(who, id)).statusCode).toBe(200);

    // The home gallery follows the rule; an unshared creation never shows, even on a public profile.
    expect(await galleryIds(null)).toEqual([openShared]);
    expect(await galleryIds(member)).toEqual([membersShared, openShared]);
    expect(await galleryIds(closed)).toEqual([closedShared, membersShared, openShared]);
    expect(await galleryIds(open)).not.toContain(openKept);

    // The profile pages: a profile the viewer may not see answers like an unknown handle.
    const profile = (who: SignedIn | null, handle: string) =>
      browser(ctx.app, who).get(`/api/profiles/${handle}`);
    const anonymousOpen = await profile(null, 'open-person');
    expect(anonymousOpen.statusCode).toBe(200);
    expect(anonymousOpen.json().data).toMatchObject({
      handle: 'open-person',
      displayName: 'Open Person',
      memberSince: '2026-11-02T08:00:00.000Z',
      isOwner: false,
      visibility: null,
      nextCursor: null,
    });
    expect(anonymousOpen.json().data.items.map((item: Item) => item.id)).toEqual([openShared]);
    const unknown = await profile(null, 'nobody-here');
    for (const hidden of [
      await profile(null, 'members-person'),
      await profile(null, 'closed-person'),
      await profile(member, 'closed-person'),
    ]) {
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(unknown.json());
    }
    expect(unknown.json()).toMatchObject({
      success: false,
      code: 'PROFILE_NOT_FOUND',
      error: 'Profile not found.',
    });
    const memberView = await profile(member, 'Members-Person');
    expect(memberView.statusCode).toBe(200);
    expect(memberView.json().data.items.map((item: Item) => item.id)).toEqual([membersShared]);
    const own = await profile(closed, 'closed-person');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ isOwner: true, visibility: 'private' });
    expect(own.json().data.items.map((item: Item) => item.id)).toEqual([closedShared]);

    // Turning the profile private hides it at once; unsharing takes an item out.
    await browser(ctx.app, open).patch('/api/settings', { profileVisibility: 'private' });
    expect(await galleryIds(null)).toEqual([]);
    expect((await profile(null, 'open-person')).statusCode).toBe(404);
    await share(members, membersShared, false);
    expect(await galleryIds(member)).toEqual([]);
  });

  it('pages a profile with a cursor', async () => {
    const person = await signUp(ctx.app, { name: 'Pager' });
    await browser(ctx.app, person).patch('/api/settings', { profileVisibility: 'public' });
    const ids = [];
    for (const prompt of ['first tree', 'second tree', 'third tree']) {
      const id = await create(person, prompt);
      await share(person, id);
      ids.unshift(id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await browser(ctx.app, null).get(`/api/profiles/pager?limit=2${query}`)).json().data;
      seen.push(...page.items.map((item: Item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect((await browser(ctx.app, null).get('/api/profiles/pager?cursor=nonsense')).statusCode).toBe(400);
  });

  it('shows prompt and settings of shared creations only when the owner shares usage data', async () => {
    const person = await signUp(ctx.app, { name: 'Prompt Owner' });
    await browser(ctx.app, person).patch('/api/settings', { profileVisibility: 'public' });
    const id = await create(person, 'secret recipe of violet clouds');
    await share(person, id);

    // Off (the default): the image only; nothing in the answers carries the prompt.
    for (const url of ['/api/gallery', '/api/profiles/prompt-owner']) {
      const response = await browser(ctx.app, null).get(url);
      expect(response.body).not.toMatch(/violet|recipe/);
    }
    const hidden = (await browser(ctx.app, null).get('/api/gallery')).json().data[0] as Item;
    expect(hidden).toMatchObject({
      id,
      prompt: null,
      settings: null,
      author: { handle: 'prompt-owner', displayName: 'Prompt Owner' },
    });

    await browser(ctx.app, person).patch('/api/settings', { shareUsageData: true });
    const item = (await browser(ctx.app, null).get('/api/profiles/prompt-owner')).json().data
      .items[0] as Item;
    expect(item).toMatchObject({
      id,
      prompt: 'secret recipe of violet clouds',
      settings: { style: 'watercolor', aspectRatio: '1:1' },
    });
    const inGallery = (await browser(ctx.app, null).get('/api/gallery')).json().data[0] as Item & {
      downloadUrl: string;
    };
    expect(inGallery.prompt).toBe('secret recipe of violet clouds');
    expect(decodeURIComponent(inGallery.downloadUrl)).toContain('secret-recipe-of-violet-clouds');
  });

  it('never shows an unsaved result (auto-save off): sharing waits until it is saved', async () => {
    const person = await signUp(ctx.app, { name: 'Unsaved Sharer' });
    await browser(ctx.app, person).patch('/api/settings', {
      profileVisibility: 'public',
      autoSaveEnabled: false,
    });
    const id = await create(person, 'a draft the owner has not kept');
    const generation = (
      await ctx.database.kysely
        .selectFrom('assets')
        .select('generation_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).generation_id;

    const refused = await share(person, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'Save this result to your library before sharing it.',
    });
    expect(await galleryIds(null)).not.toContain(id);

    expect((await browser(ctx.app, person).post(`/api/generations/${generation}/save`)).statusCode).toBe(200);
    expect((await share(person, id)).statusCode).toBe(200);
    expect(await galleryIds(null)).toContain(id);
  });
});
