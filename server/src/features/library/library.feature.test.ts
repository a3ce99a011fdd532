import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import {
  createTestContext,
  migrateToJustBefore,
  openBareDatabase,
  type TestContext,
} from '../../../test/harness.js';
import { type Database, migrateToLatest } from '../../platform/db/database.js';
import { allMigrations } from '../../platform/db/migrations/index.js';
import { type AssetPageQuery, createAssetsRepository } from './assets.repository.js';

type AssetsRepository = ReturnType<typeof createAssetsRepository>;

/** The ids of every page of a search, `limit` rows a page, each page after the last one's cursor. */
async function everyPage(
  repository: AssetsRepository,
  query: Omit<AssetPageQuery, 'limit' | 'after'>,
  limit: number,
): Promise<string[][]> {
  const ids: string[][] = [];
  let after: AssetPageQuery['after'];
  for (;;) {
    const rows = await repository.page({ ...query, limit, after });
    ids.push(rows.map((row) => row.id));
    const last = rows.at(-1);
    if (rows.length < limit || !last) return ids;
    after = { createdAt: last.created_at, id: last.id };
  }
}

type Kind = 'image' | 'video' | 'audio';

/** An asset row as any insert writes it (the FTS triggers and the SQLite time key must cope). */
function assetRow(
  userId: string,
  id: string,
  prompt: string,
  createdAt: string,
  extra: Partial<{ kind: Kind; saved: number; origin: 'generated' | 'uploaded' }> = {},
) {
  return {
    id,
    user_id: userId,
    generation_id: null,
    kind: extra.kind ?? 'image',
    prompt,
    settings: '{}',
    file_key: `users/${userId}/${id}/original.png`,
    thumbnail_key: null,
    content_type: 'image/png',
    size_bytes: 10,
    width: 4,
    height: 4,
    duration_seconds: null,
    fps: null,
    seed: 1,
    provider: 'sketch',
    model: 'sketch',
    created_at: createdAt,
    ...(extra.saved === undefined ? {} : { saved: extra.saved }),
    ...(extra.origin === undefined ? {} : { origin: extra.origin }),
  };
}

const at = (second: number, ms = 0) => new Date(Date.UTC(2026, 0, 1, 0, 0, second, ms)).toISOString();

describe('library search and paging', () => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx.close();
  });

  async function insert(database: Database, ...rows: ReturnType<typeof assetRow>[]) {
    for (const row of rows) await database.kysely.insertInto('assets').values(row).execute();
  }

  /** Every id of a listing, page by page through the cursors (each page at most `limit`). */
  async function walk(person: SignedIn, query: string, limit: number): Promise<string[]> {
    const caller = browser(ctx.app, person);
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const url = `/api/assets?limit=${limit}&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await caller.get(url);
      expect(response.statusCode).toBe(200);
      const { items, nextCursor } = response.json().data as {
        items: { id: string }[];
        nextCursor: string | null;
      };
      expect(items.length).toBeLessThanOrEqual(limit);
      ids.push(...items.map((item) => item.id));
      if (!nextCursor) return ids;
      cursor = nextCursor;
    }
    throw new Error('too many pages');
  }

  it('matches every word as a prefix, in the person’s own saved assets, filters and all', async () => {
    ctx = await createTestContext();
    const ada = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const mine = (id: string, prompt: string, second: number, extra = {}) =>
      assetRow(ada.user.id, id, prompt, at(second), extra);
    await insert(
      ctx.database,
      mine('lighthouse', 'A lighthouse at dusk', 1),
      mine('forest', 'A misty forest with light rays', 2),
      mine('cafe', 'Café terrace at night', 3),
      mine('clip', 'Misty lighthouse, slow pan', 4, { kind: 'video' }),
      mine('voice', 'Lighthouse keeper voice', 5, { kind: 'audio', origin: 'uploaded' }),
      mine('draft', 'A lighthouse draft', 6, { saved: 0 }),
      // More words of one prefix than the prefix expansion takes (FTS5's own prefix query then).
      mine(
        'many',
        Array.from({ length: 40 }, (_, i) => `zz${String.fromCharCode(97 + (i % 26))}${i}`).join(' '),
        8,
      ),
      assetRow(bob.user.id, 'bobs', 'A lighthouse of Bob', at(7)),
    );
    const search = async (query: string) =>
      (await browser(ctx.app, ada).get(`/api/assets?${query}`))
        .json()
        .data.items.map((item: { id: string }) => item.id);

    expect(await search('q=light')).toEqual(['voice', 'clip', 'forest', 'lighthouse']);
    expect(await search('q=LIGHTHOUSE%20misty')).toEqual(['clip']);
    expect(await search('q=CAF')).toEqual(['cafe']);
    expect(await search('q=light&sort=oldest')).toEqual(['lighthouse', 'forest', 'clip', 'voice']);
    expect(await search('q=light&type=video')).toEqual(['clip']);
    expect(await search('q=light&type=upload')).toEqual(['voice']);
    expect(await search('q=light&type=image')).toEqual(['forest', 'lighthouse']);
    expect(await search('q=light&include=all')).toEqual(['draft', 'voice', 'clip', 'forest', 'lighthouse']);
    expect(await search('q=nothing')).toEqual([]);
    expect(await search('q=zz')).toEqual(['many']);
    expect(await search('q=zzb27')).toEqual(['many']);
    expect(await search('q=zzb2')).toEqual(['many']);
    expect(await search('q=zzb3')).toEqual([]);
    // The facet tokens are not words of a prompt.
    const ownerToken = `u${Buffer.from(ada.user.id, 'utf8').toString('hex')}`;
    for (const token of [ownerToken, 's1', 'kimage', 'ouploaded', 'facets']) {
      expect(await search(`q=${token}`)).toEqual([]);
    }

    // Saving, deleting: the index follows.
    await createAssetsRepository(ctx.database.kysely, ctx.database.dialect).markSaved('draft', ada.user.id);
    expect(await search('q=draft')).toEqual(['draft']);
    expect((await browser(ctx.app, ada).delete('/api/assets/lighthouse')).statusCode).toBe(200);
    expect(await search('q=lighthouse')).toEqual(['draft', 'voice', 'clip']);
    expect(await search('q=bob')).toEqual([]);
    expect(
      (await browser(ctx.app, bob).get('/api/assets?q=lighthouse'))
        .json()
        .data.items.map((item: { id: string }) => item.id),
    ).toEqual(['bobs']);
  });

  it('pages newest and oldest first through cursors, whatever the insert order, ties included', async () => {
    ctx = await createTestContext();
    const ada = await signUp(ctx.app);
    // Inserted out of time order, three in one millisecond, and a few unsaved or videos in between.
    const seconds = [5, 1, 9, 3, 7, 2, 8, 4, 6, 0, 11, 10];
    const rows = seconds.map((second) =>
      assetRow(ada.user.id, `s${String(second).padStart(2, '0')}`, `sunset number ${second}`, at(second), {
        kind: second % 3 === 0 ? 'video' : 'image',
        saved: second === 4 ? 0 : 1,
      }),
    );
    const ties = ['t-a', 't-b', 't-c'].map((id) => assetRow(ada.user.id, id, 'sunset tie', at(6, 500)));
    await insert(
      ctx.database,
      ...rows,
      ...['t-b', 't-a', 't-c'].flatMap((id) => ties.filter((row) => row.id === id)),
    );

    const saved = [...rows.filter((row) => row.saved !== 0), ...ties];
    const newestFirst = [...saved].sort(
      (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
    );
    const timeOrder = (ids: string[]) => ids.map((id) => saved.find((row) => row.id === id)?.created_at);
    const byTime = newestFirst.map((row) => row.created_at);

    for (const query of ['', 'q=sun']) {
      const newest = await walk(ada, `${query}`, 4);
      expect(newest).toHaveLength(saved.length);
      expect(new Set(newest).size).toBe(saved.length);
      expect(timeOrder(newest)).toEqual(byTime);
      const oldest = await walk(ada, `${query}&sort=oldest`, 5);
      expect(oldest).toEqual([...newest].reverse());
      const videos = await walk(ada, `${query}&type=video`, 2);
      expect(videos).toEqual(newest.filter((id) => saved.find((row) => row.id === id)?.kind === 'video'));
    }
    // Unsaved results come with include=all, in their place.
    const all = await walk(ada, 'include=all', 7);
    expect(all.indexOf('s04')).toBe(all.indexOf('s05') + 1);

    // A page continues after its cursor row even once that row is deleted.
    const first = (await browser(ctx.app, ada).get('/api/assets?limit=3&q=sunset')).json().data;
    expect(first.items.map((item: { id: string }) => item.id)).toEqual(
      newestFirst.slice(0, 3).map((row) => row.id),
    );
    await browser(ctx.app, ada).delete(`/api/assets/${first.items[2].id}`);
    const next = (
      await browser(ctx.app, ada).get(
        `/api/assets?limit=3&q=sunset&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json().data;
    expect(next.items.map((item: { id: string }) => item.id)).toEqual(
      newestFirst.slice(3, 6).map((row) => row.id),
    );
  });

  it('gives the same pages through either PostgreSQL plan (time-index window or GIN index)', async () => {
    ctx = await createTestContext();
    const { database } = ctx;
    const ada = await signUp(ctx.app);
    const words = ['ocean', 'forest', 'neon', 'dragon', 'misty'];
    await insert(
      database,
      ...Array.from({ length: 60 }, (_, i) =>
        assetRow(
          ada.user.id,
          `a${String(i).padStart(2, '0')}`,
          `${words[i % 5]} ${words[(i * 3) % 5]} light${i % 17 === 0 ? ' zeppelin' : ''}`,
          at(i % 40, i < 40 ? 0 : 250),
          { kind: i % 4 === 0 ? 'video' : 'image', saved: i % 9 === 0 ? 0 : 1 },
        ),
      ),
    );
    if (database.dialect.name === 'postgres') await sql`analyze assets`.execute(database.kysely);
    const viaWindow = createAssetsRepository(database.kysely, database.dialect, {
      postgresSearch: { ginMatches: 0, window: 7 },
    });
    const viaGin = createAssetsRepository(database.kysely, database.dialect, {
      postgresSearch: { ginMatches: Number.POSITIVE_INFINITY },
    });
    // A short probe of the window first, then the whole window (or the GIN index when the probe holds none).
    const viaProbe = createAssetsRepository(database.kysely, database.dialect, {
      postgresSearch: { ginMatches: 0, window: 20, probe: 5 },
    });
    const pages = (repository: AssetsRepository, q: string, extra: Partial<AssetPageQuery>) =>
      everyPage(repository, { userId: ada.user.id, q, type: 'all', sort: 'newest', ...extra }, 4);
    for (const q of ['light', 'ocean', 'oce', 'misty forest', 'zeppelin', 'nothing']) {
      for (const extra of [
        {},
        { sort: 'oldest' as const },
        { type: 'video' as const },
        { includeUnsaved: true },
      ]) {
        const expected = await pages(viaGin, q, extra);
        expect(await pages(viaWindow, q, extra)).toEqual(expected);
        expect(await pages(viaProbe, q, extra)).toEqual(expected);
        expect(expected.flat().length).toBe(new Set(expected.flat()).size);
      }
    }
    expect((await pages(viaWindow, 'light', {})).flat()).toHaveLength(53);
  });

  it('finds nothing for words never in one prompt, and the same pages with the words grouped or flat', async () => {
    ctx = await createTestContext();
    const { database } = ctx;
    const ada = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    // "ocean" and "castle" never share a prompt; "misty" and "mistral" make "mist" two words.
    const words = ['ocean', 'forest', 'misty', 'castle', 'mistral', 'neon'];
    const prompt = (i: number) => {
      const first = words[i % 6] ?? '';
      const second = words[(i + (first === 'ocean' ? 1 : 2)) % 6] ?? '';
      return `${first} ${second} light${i % 7 === 0 ? ' dragon' : ''}`;
    };
    await insert(
      database,
      ...Array.from({ length: 72 }, (_, i) =>
        assetRow(
          i % 5 === 0 ? bob.user.id : ada.user.id,
          `a${String(i).padStart(2, '0')}`,
          prompt(i),
          at(i % 50, i < 50 ? 0 : 500),
          {
            kind: i % 4 === 0 ? 'video' : 'image',
            saved: i % 11 === 0 ? 0 : 1,
          },
        ),
      ),
    );
    const prompts = Array.from({ length: 72 }, (_, i) => prompt(i));
    expect(prompts.some((text) => text.includes('ocean') && text.includes('castle'))).toBe(false);
    if (database.dialect.name === 'postgres') await sql`analyze assets`.execute(database.kysely);
    const grouped = createAssetsRepository(database.kysely, database.dialect);
    // SQLite: the words in the facets' AND; PostgreSQL: prefix queries through the GIN index.
    const flat = createAssetsRepository(database.kysely, database.dialect, {
      sqliteSearch: { groupWords: false },
      postgresSearch: { ginMatches: Number.POSITIVE_INFINITY, expandWords: false },
    });
    const pages = (repository: AssetsRepository, q: string, extra: Partial<AssetPageQuery>) =>
      everyPage(repository, { userId: ada.user.id, q, type: 'all', sort: 'newest', ...extra }, 3);

    for (const extra of [
      {},
      { sort: 'oldest' as const },
      { type: 'video' as const },
      { includeUnsaved: true },
    ]) {
      expect(await pages(grouped, 'ocean castle', extra)).toEqual([[]]);
      expect(await pages(grouped, 'castle oce light', extra)).toEqual([[]]);
      for (const q of [
        'ocean forest',
        'mist light',
        'light mist',
        'forest light dragon',
        'cas mis',
        'light',
      ]) {
        const expected = await pages(flat, q, extra);
        expect(await pages(grouped, q, extra)).toEqual(expected);
        expect(expected.flat().length).toBe(new Set(expected.flat()).size);
      }
    }
    // The pages hold what the words say: Ada's saved assets whose prompt starts a word with each.
    const found = (await pages(grouped, 'mist light', {})).flat();
    const expected = Array.from({ length: 72 }, (_, i) => i)
      .filter((i) => i % 5 !== 0 && i % 11 !== 0 && /\bmist/.test(prompts[i] ?? ''))
      .map((i) => `a${String(i).padStart(2, '0')}`);
    expect([...found].sort()).toEqual(expected);
    expect(found.length).toBeGreaterThan(10);

    // A word first written by an update is found as typed.
    await database.kysely
      .updateTable('assets')
      .set({ prompt: 'ocean zephyrine' })
      .where('id', '=', 'a01')
      .execute();
    expect((await pages(grouped, 'zephyr oce', {})).flat()).toEqual(['a01']);
    expect((await pages(flat, 'zephyr oce', {})).flat()).toEqual(['a01']);
  });

  it('refuses a cursor that is not one', async () => {
    ctx = await createTestContext();
    const ada = await signUp(ctx.app);
    const response = await browser(ctx.app, ada).get('/api/assets?cursor=bm9wZQ');
    expect(response.statusCode).toBe(400);
  });
});

/** A person's row written directly, for a database migrated only part of the way. */
async function insertPerson(database: Database, userId: string, createdAt: string): Promise<void> {
  await database.kysely
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@example.com`,
      display_name: 'Ada',
      password_hash: null,
      role: 'user',
      plan: 'free',
      email_verified_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

describe('migration 0018 (library search)', () => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  afterEach(async () => {
    await bare.close();
  });

  it('keeps existing assets, their search and their order, and keeps both right after', async () => {
    bare = await openBareDatabase();
    const { database } = bare;
    await migrateToJustBefore(database, '0018-library-search');
    const userId = randomUUID();
    await insertPerson(database, userId, at(0));
    // Older rows inserted last, and two in the same millisecond.
    for (const row of [
      assetRow(userId, 'b-tie', 'Golden lighthouse', at(5)),
      assetRow(userId, 'a-tie', 'Golden field', at(5)),
      assetRow(userId, 'new', 'Golden river', at(9), { kind: 'video' }),
      assetRow(userId, 'old', 'Golden hour', at(1)),
      assetRow(userId, 'draft', 'Golden draft', at(3), { saved: 0 }),
    ]) {
      await database.kysely
        .insertInto('assets')
        .values(row as never)
        .execute();
    }
    await migrateToLatest(database);

    const assets = createAssetsRepository(database.kysely, database.dialect);
    const page = async (
      q: string | undefined,
      extra: { sort?: 'newest' | 'oldest'; includeUnsaved?: boolean } = {},
    ) =>
      (
        await assets.page({
          userId,
          q,
          type: 'all',
          sort: extra.sort ?? 'newest',
          limit: 10,
          includeUnsaved: extra.includeUnsaved,
        })
      ).map((row) => row.id);
    expect(await page('gold')).toEqual(['new', 'b-tie', 'a-tie', 'old']);
    expect(await page(undefined)).toEqual(['new', 'b-tie', 'a-tie', 'old']);
    expect(await page('gold', { sort: 'oldest', includeUnsaved: true })).toEqual([
      'old',
      'draft',
      'a-tie',
      'b-tie',
      'new',
    ]);
    expect(await page('lighthouse')).toEqual(['b-tie']);

    // New rows after the migration take their place in time, and leave with their deletion.
    await database.kysely
      .insertInto('assets')
      .values(assetRow(userId, 'mid', 'Golden mid', at(7)))
      .execute();
    await database.kysely
      .insertInto('assets')
      .values(assetRow(userId, 'last', 'Golden last', at(20)))
      .execute();
    expect(await page('golden')).toEqual(['last', 'new', 'mid', 'b-tie', 'a-tie', 'old']);
    await assets.delete('mid', userId);
    expect(await page('mid')).toEqual([]);

    if (database.native.kind === 'sqlite') {
      const db = database.native.db;
      expect(() =>
        db.prepare("insert into assets_search(assets_search, rank) values ('integrity-check', 0)").run(),
      ).not.toThrow();
      // The time key survives VACUUM (the rowids of a table without an INTEGER PRIMARY KEY are kept).
      db.exec('vacuum');
      expect(await page('golden')).toEqual(['last', 'new', 'b-tie', 'a-tie', 'old']);
      expect(searchPlan(db, 'asc')).toEqual(searchPlanShape);
    }
  });
});

/** The repository's SQLite search (newest first: `asc`; oldest: `desc`), as EXPLAIN QUERY PLAN says. */
function searchPlan(db: { prepare(sql: string): { all(): unknown[] } }, order: 'asc' | 'desc'): string[] {
  return db
    .prepare(
      `explain query plan select assets.* from assets_search join assets on assets.rowid = -assets_search.rowid where assets_search match 'x' and assets.user_id = 'u' and assets_search.rowid > -5 order by assets_search.rowid ${order} limit 31`,
    )
    .all()
    .map((row) => (row as { detail: string }).detail);
}

/**
 * The full-text index walked in key (= time) order, each match's row read by its rowid, and no sort
 * step: the LIMIT stops the walk after one page.
 */
const searchPlanShape = [
  expect.stringMatching(/^SCAN assets_search VIRTUAL TABLE INDEX/),
  expect.stringMatching(/^SEARCH assets USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
];

describe('migration 0023 (newest first is the full-text index’s ascending order on SQLite)', () => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  afterEach(async () => {
    await bare.close();
  });

  it('keeps every search, page and cursor of existing and new assets, and rolls back to 0018’s index', async () => {
    bare = await openBareDatabase();
    const { database } = bare;
    await migrateToJustBefore(database, '0023-library-search-newest-first');
    const userId = randomUUID();
    const otherId = randomUUID();
    await insertPerson(database, userId, at(0));
    await insertPerson(database, otherId, at(0));
    // Out of time order, three in one millisecond (in id order: SQLite breaks ties by insertion, which
    // PostgreSQL's id order then matches), unsaved ones, videos and another person's.
    const seconds = [5, 1, 9, 3, 7, 2, 8, 4, 6, 0, 11, 10];
    const rows = [
      ...seconds.map((second) =>
        assetRow(userId, `s${String(second).padStart(2, '0')}`, `golden hour ${second}`, at(second), {
          kind: second % 3 === 0 ? 'video' : 'image',
          saved: second === 4 ? 0 : 1,
        }),
      ),
      ...['t-a', 't-b', 't-c'].map((id) => assetRow(userId, id, 'golden tie', at(6, 500))),
      assetRow(otherId, 'theirs', 'golden hour', at(6)),
    ];
    for (const row of rows) {
      await database.kysely
        .insertInto('assets')
        .values(row as never)
        .execute();
    }
    const native = database.native.kind === 'sqlite' ? database.native.db : null;
    const schema = () =>
      native
        ?.prepare("select type, name, sql from sqlite_schema where name like 'assets_search%' order by name")
        .all();
    const schemaBefore = schema();
    await migrateToLatest(database);

    const assets = createAssetsRepository(database.kysely, database.dialect);
    const pages = (q: string | undefined, extra: Partial<AssetPageQuery> = {}) =>
      everyPage(assets, { userId, q, type: 'all', sort: 'newest', ...extra }, 4);
    const mine = (filter: (row: (typeof rows)[number]) => boolean) =>
      rows
        .filter((row) => row.user_id === userId && filter(row))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
        .map((row) => row.id);
    const expectSearches = async (expected: string[], expectedVideos: string[], expectedAll: string[]) => {
      for (const q of ['gold', 'golden hour', 'GOLD h']) {
        const words = q.toLowerCase().includes('h');
        const keep = (ids: string[]) =>
          words ? ids.filter((id) => rows.find((row) => row.id === id)?.prompt.includes('hour')) : ids;
        expect((await pages(q)).flat()).toEqual(keep(expected));
        expect((await pages(q, { sort: 'oldest' })).flat()).toEqual([...keep(expected)].reverse());
        expect((await pages(q, { type: 'video' })).flat()).toEqual(keep(expectedVideos));
        expect((await pages(q, { includeUnsaved: true })).flat()).toEqual(keep(expectedAll));
      }
      // The list without words (no full-text index) agrees.
      expect((await pages(undefined)).flat()).toEqual(expected);
    };
    const saved = (row: (typeof rows)[number]) => row.saved !== 0;
    await expectSearches(
      mine(saved),
      mine((row) => saved(row) && row.kind === 'video'),
      mine(() => true),
    );

    // After the migration: a new row takes its place in time, an edit and a deletion are followed.
    const late = assetRow(userId, 'late', 'golden late', at(20));
    const middle = assetRow(userId, 'middle', 'golden middle', at(6, 250));
    rows.push(late, middle);
    await database.kysely.insertInto('assets').values(late).execute();
    await database.kysely.insertInto('assets').values(middle).execute();
    await database.kysely.updateTable('assets').set({ saved: 1 }).where('id', '=', 's04').execute();
    const s04 = rows.find((row) => row.id === 's04');
    if (s04) s04.saved = 1;
    await assets.delete('s07', userId);
    rows.splice(
      rows.findIndex((row) => row.id === 's07'),
      1,
    );
    await expectSearches(
      mine(saved),
      mine((row) => saved(row) && row.kind === 'video'),
      mine(() => true),
    );
    // A page continues after its cursor row even once that row is gone.
    const first = await assets.page({ userId, q: 'golden', type: 'all', sort: 'newest', limit: 3 });
    const cursorRow = first[2];
    if (!cursorRow) throw new Error('no third row');
    await assets.delete(cursorRow.id, userId);
    const next = await assets.page({
      userId,
      q: 'golden',
      type: 'all',
      sort: 'newest',
      limit: 3,
      after: { createdAt: cursorRow.created_at, id: cursorRow.id },
    });
    expect(next.map((row) => row.id)).toEqual(
      mine(saved)
        .filter((id) => id !== cursorRow.id)
        .slice(2, 5),
    );

    if (native) {
      const integrity = () =>
        native.prepare("insert into assets_search(assets_search, rank) values ('integrity-check', 0)").run();
      expect(integrity).not.toThrow();
      expect(searchPlan(native, 'asc')).toEqual(searchPlanShape);
      expect(searchPlan(native, 'desc')).toEqual(searchPlanShape);
      expect(schema()).not.toEqual(schemaBefore);
    }

    // Down: 0018's index and triggers exactly, and their search still right; up again.
    const migrator = new Migrator({
      db: database.kysely,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
    });
    expect((await migrator.migrateTo('0022-library-search-terms')).error).toBeUndefined();
    if (native) {
      expect(schema()).toEqual(schemaBefore);
      expect(() =>
        native.prepare("insert into assets_search(assets_search, rank) values ('integrity-check', 0)").run(),
      ).not.toThrow();
      const plainKeys = native
        .prepare(
          "select assets.id from assets_search join assets on assets.rowid = assets_search.rowid where assets_search match 'golden' order by assets_search.rowid desc",
        )
        .all()
        .map((row) => (row as { id: string }).id);
      expect(plainKeys).toEqual(
        rows
          .filter((row) => row.id !== cursorRow.id)
          .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
          .map((row) => row.id),
      );
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    rows.splice(
      rows.findIndex((row) => row.id === cursorRow.id),
      1,
    );
    await expectSearches(
      mine(saved),
      mine((row) => saved(row) && row.kind === 'video'),
      mine(() => true),
    );
  });
});

describe('migration 0022 (search terms on PostgreSQL)', () => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  afterEach(async () => {
    await bare.close();
  });

  it('learns the words of existing, inserted and updated assets, and rolls back', async () => {
    bare = await openBareDatabase();
    const { database } = bare;
    await migrateToJustBefore(database, '0022-library-search-terms');
    const userId = randomUUID();
    await insertPerson(database, userId, at(0));
    await database.kysely
      .insertInto('assets')
      .values(assetRow(userId, 'old', 'Golden sci-fi hour', at(1)))
      .execute();
    await migrateToLatest(database);

    const assets = createAssetsRepository(database.kysely, database.dialect);
    const search = async (q: string) =>
      (await assets.page({ userId, q, type: 'all', sort: 'newest', limit: 10 })).map((row) => row.id);
    expect(await search('gold')).toEqual(['old']);
    expect(await search('sci fi')).toEqual(['old']);
    await database.kysely
      .insertInto('assets')
      .values(assetRow(userId, 'new', 'Silver hour', at(2)))
      .execute();
    await database.kysely
      .updateTable('assets')
      .set({ prompt: 'Golden quokka' })
      .where('id', '=', 'old')
      .execute();
    expect(await search('hou')).toEqual(['new']);
    expect(await search('quok gold')).toEqual(['old']);
    expect(await search('silv')).toEqual(['new']);

    const terms = async () =>
      database.dialect.name === 'postgres'
        ? (
            await sql<{ term: string }>`select distinct term from assets_search_terms order by term`.execute(
              database.kysely,
            )
          ).rows.map((row) => row.term)
        : [];
    if (database.dialect.name === 'postgres') {
      expect(await terms()).toEqual(['fi', 'golden', 'hour', 'quokka', 'sci', 'sci-fi', 'silver']);
    }
    const migrator = new Migrator({
      db: database.kysely,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
    });
    expect((await migrator.migrateTo('0021-generations-by-key')).error).toBeUndefined();
    if (database.dialect.name === 'postgres') {
      const left = await sql<{
        name: string | null;
      }>`select to_regclass('assets_search_terms')::text as name`.execute(database.kysely);
      expect(left.rows[0]?.name).toBeNull();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await search('quok')).toEqual(['old']);
    if (database.dialect.name === 'postgres') expect(await terms()).toContain('quokka');
  });
});
