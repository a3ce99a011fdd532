import { type Kysely, type Migration, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Library search at a million assets of one person (issue 17).
 *
 * SQLite: an asset's rowid becomes its time key, `created_at` in milliseconds shifted left 20 bits plus
 * a counter within the millisecond (existing rows: in id order, as PostgreSQL breaks ties). Rowid order
 * is then newest/oldest order, so the full-text index, walked in rowid order, stops after one page.
 * `assets_fts` (prompt only, external content) becomes `assets_search` (contentless, deletable), with a
 * second column of facet tokens: the owner, saved or not, the kind and the origin. One MATCH then
 * filters by owner and filters as well as by words, and nothing after the index can drop a row the
 * LIMIT counted. Triggers keep it right; the insert trigger gives a row that does not carry its time
 * key (any insert that does not set the rowid) one.
 *
 * PostgreSQL: the index the typed page walks (`user_id, kind, created_at, id`) and one for the plain
 * page (`user_id, created_at, id`, so no sort step); search keeps the generated tsvector and its GIN
 * index, and the repository chooses the plan (see `assets.repository.ts`).
 */
export function librarySearch(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect.name === 'postgres') {
        await sql`create index assets_user_created_id_idx on assets (user_id, created_at, id)`.execute(db);
        await sql`create index assets_user_kind_created_idx on assets (user_id, kind, created_at, id)`.execute(
          db,
        );
        await sql`drop index assets_user_created_idx`.execute(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        await sql`drop trigger assets_fts_insert`.execute(trx);
        await sql`drop trigger assets_fts_delete`.execute(trx);
        await sql`drop table assets_fts`.execute(trx);

        // Existing rows get their time keys: millisecond, then id order within it.
        await sql`create temp table assets_rekey (old integer primary key, new integer not null)`.execute(
          trx,
        );
        await sql`insert into assets_rekey (old, new)
          select rowid, (ms << 20) + row_number() over (partition by ms order by id) - 1
          from (select rowid, id, ${epochMs(sql`created_at`)} as ms from assets)
          where ms is not null`.execute(trx);
        await sql`update assets set rowid = k.new from assets_rekey k where k.old = assets.rowid`.execute(
          trx,
        );
        await sql`drop table assets_rekey`.execute(trx);

        await sql`create virtual table assets_search using fts5(prompt, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(
          trx,
        );
        await sql`insert into assets_search (rowid, prompt, facets)
          select rowid, prompt, ${facets('assets')} from assets`.execute(trx);

        // Every prompt word ever indexed, so a typed prefix becomes an OR of whole words: FTS5 merges a
        // prefix's whole doclist before the first row (200 ms for a word in a million prompts), while
        // whole words stream in rowid order. New words come through a one-row scratch index, tokenized
        // as assets_search is; words are never removed (a word with no row left matches nothing).
        await sql`create table assets_search_terms (term text primary key) without rowid`.execute(trx);
        await sql`create virtual table temp.assets_search_vocab using fts5vocab(main, assets_search, 'col')`.execute(
          trx,
        );
        await sql`insert into assets_search_terms (term) select term from temp.assets_search_vocab where col = 'prompt'`.execute(
          trx,
        );
        await sql`drop table temp.assets_search_vocab`.execute(trx);
        await sql`create virtual table assets_search_scratch using fts5(prompt, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(
          trx,
        );
        await sql`create virtual table assets_search_scratch_vocab using fts5vocab(assets_search_scratch, 'row')`.execute(
          trx,
        );
        const learnWords = (prompt: string) =>
          sql.raw(`
          insert into assets_search_scratch (rowid, prompt) values (1, ${prompt});
          insert or ignore into assets_search_terms (term) select term from assets_search_scratch_vocab;
          insert into assets_search_scratch (assets_search_scratch) values ('delete-all');`);

        const key = sql`(${epochMs(sql`new.created_at`)} << 20)`;
        await sql`create trigger assets_search_insert after insert on assets begin
          update assets set rowid = coalesce(
              (select max(rowid) + 1 from assets where rowid between ${key} and ${key} + 1048575), ${key})
            where rowid = new.rowid and (new.rowid >> 20) is not ${epochMs(sql`new.created_at`)};
          insert into assets_search (rowid, prompt, facets)
            select rowid, prompt, ${facets('assets')} from assets where id = new.id;
          ${learnWords('new.prompt')}
        end`.execute(trx);
        await sql`create trigger assets_search_update after update of user_id, saved, kind, origin, prompt on assets begin
          delete from assets_search where rowid = old.rowid;
          insert into assets_search (rowid, prompt, facets) values (new.rowid, new.prompt, ${facets('new')});
          ${learnWords('new.prompt')}
        end`.execute(trx);
        await sql`create trigger assets_search_delete after delete on assets begin
          delete from assets_search where rowid = old.rowid;
        end`.execute(trx);

        // The typed page walks (user, kind) in time order; the plain one keeps (user_id, created_at).
        await sql`create index assets_user_kind_created_idx on assets (user_id, kind, created_at)`.execute(
          trx,
        );
      });
    },
    async down(db: Kysely<unknown>) {
      if (dialect.name === 'postgres') {
        await sql`create index assets_user_created_idx on assets (user_id, created_at)`.execute(db);
        await sql`drop index assets_user_kind_created_idx`.execute(db);
        await sql`drop index assets_user_created_id_idx`.execute(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        await sql`drop index assets_user_kind_created_idx`.execute(trx);
        for (const name of ['assets_search_insert', 'assets_search_update', 'assets_search_delete']) {
          await sql`drop trigger ${sql.raw(name)}`.execute(trx);
        }
        await sql`drop table assets_search_scratch_vocab`.execute(trx);
        await sql`drop table assets_search_scratch`.execute(trx);
        await sql`drop table assets_search_terms`.execute(trx);
        await sql`drop table assets_search`.execute(trx);
        // The rowids keep their time keys: the old index is keyed by whatever rowid a row has.
        await sql`create virtual table assets_fts using fts5(prompt, content='assets', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
          trx,
        );
        await sql`insert into assets_fts (assets_fts) values ('rebuild')`.execute(trx);
        await sql`create trigger assets_fts_insert after insert on assets begin
          insert into assets_fts(rowid, prompt) values (new.rowid, new.prompt); end`.execute(trx);
        await sql`create trigger assets_fts_delete after delete on assets begin
          insert into assets_fts(assets_fts, rowid, prompt) values ('delete', old.rowid, old.prompt); end`.execute(
          trx,
        );
      });
    },
  };
}

/** Milliseconds since 1970 of an ISO timestamp (null when it is not one). */
function epochMs(column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`cast(round((julianday(${column}) - 2440587.5) * 86400000) as integer)`;
}

/**
 * The facet tokens of a row (`table`: `assets`, `new`): `u` + the owner's id in hex, `s1`/`s0` saved,
 * `k` + kind, `o` + origin. The repository's `searchFacets` writes the same tokens into a query.
 */
function facets(table: 'assets' | 'new'): RawBuilder<string> {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  return sql<string>`'u' || hex(${column('user_id')}) || ' s' || ${column('saved')} || ' k' || ${column('kind')} || ' o' || ${column('origin')}`;
}
