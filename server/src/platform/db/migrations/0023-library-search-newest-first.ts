import { type Kysely, type Migration, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * SQLite: the full-text index keys a row by its negated time key (`-assets.rowid`, migration 0018), so
 * newest first, the library's default, is FTS5's ascending order. FTS5 walks a doclist backwards page
 * by page, parsing each page forwards first to find its entries' offsets; forwards it streams. At a
 * million assets of one person that halves a newest page (a rare word 1.8 → 0.4 ms, a common one
 * 0.5 → 0.3 ms, two words that never meet 7.1 → 5.5 ms of CPU); oldest first now takes the backward
 * walk. `assets_search` is made again with the same columns and options, and its triggers (same names)
 * write `-rowid`. PostgreSQL: nothing to do.
 */
export function librarySearchNewestFirst(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect.name === 'sqlite') await rebuildSearch(db, 'negated');
    },
    async down(db: Kysely<unknown>) {
      if (dialect.name === 'sqlite') await rebuildSearch(db, 'plain');
    },
  };
}

/** `assets_search` and its triggers, keyed by `-rowid` (`negated`) or by the rowid (`plain`, as 0018). */
async function rebuildSearch(db: Kysely<unknown>, keys: 'negated' | 'plain'): Promise<void> {
  const key = (column: string) => sql.raw(keys === 'negated' ? `-${column}` : column);
  await db.transaction().execute(async (trx) => {
    for (const name of ['assets_search_insert', 'assets_search_update', 'assets_search_delete']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(trx);
    }
    await sql`drop table assets_search`.execute(trx);
    await sql`create virtual table assets_search using fts5(prompt, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(
      trx,
    );
    // In ascending key order, which FTS5 appends fastest.
    await sql`insert into assets_search (rowid, prompt, facets)
      select ${key('rowid')}, prompt, ${facets('assets')} from assets
      order by rowid ${sql.raw(keys === 'negated' ? 'desc' : 'asc')}`.execute(trx);

    // As 0018's, but for the key: the insert trigger gives a row its time key, then indexes it.
    const learnWords = sql.raw(`
          insert into assets_search_scratch (rowid, prompt) values (1, new.prompt);
          insert or ignore into assets_search_terms (term) select term from assets_search_scratch_vocab;
          insert into assets_search_scratch (assets_search_scratch) values ('delete-all');`);
    const time = sql`(${epochMs(sql`new.created_at`)} << 20)`;
    await sql`create trigger assets_search_insert after insert on assets begin
          update assets set rowid = coalesce(
              (select max(rowid) + 1 from assets where rowid between ${time} and ${time} + 1048575), ${time})
            where rowid = new.rowid and (new.rowid >> 20) is not ${epochMs(sql`new.created_at`)};
          insert into assets_search (rowid, prompt, facets)
            select ${key('rowid')}, prompt, ${facets('assets')} from assets where id = new.id;
          ${learnWords}
        end`.execute(trx);
    await sql`create trigger assets_search_update after update of user_id, saved, kind, origin, prompt on assets begin
          delete from assets_search where rowid = ${key('old.rowid')};
          insert into assets_search (rowid, prompt, facets) values (${key('new.rowid')}, new.prompt, ${facets('new')});
          ${learnWords}
        end`.execute(trx);
    await sql`create trigger assets_search_delete after delete on assets begin
          delete from assets_search where rowid = ${key('old.rowid')};
        end`.execute(trx);
  });
}

/** Milliseconds since 1970 of an ISO timestamp (null when it is not one), as 0018 computes them. */
function epochMs(column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`cast(round((julianday(${column}) - 2440587.5) * 86400000) as integer)`;
}

/** A row's facet tokens, as 0018 writes them (the repository's searchMatch queries the same tokens). */
function facets(table: 'assets' | 'new'): RawBuilder<string> {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  return sql<string>`'u' || hex(${column('user_id')}) || ' s' || ${column('saved')} || ' k' || ${column('kind')} || ' o' || ${column('origin')}`;
}
