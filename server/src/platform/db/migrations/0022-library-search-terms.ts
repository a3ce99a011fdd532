import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * PostgreSQL's twin of SQLite's `assets_search_terms` (migration 0018): every lexeme of `prompt_tsv`
 * ever indexed, so a typed word becomes an OR of the whole lexemes it starts. The GIN index answers a
 * whole lexeme from its posting list (4 ms for two words of 100,000 rows each that never meet), while
 * a prefix (`word:*`) builds a bitmap of every row of every lexeme it starts first (56 ms).
 *
 * Statement triggers with transition tables learn the lexemes of inserted and updated rows. Not
 * unique: a word two transactions bring at once may be listed twice (the search reads distinct
 * terms), and no insert of an asset ever waits on another's new word. Lexemes are never removed (a
 * lexeme no row holds any more matches nothing). SQLite has its table since 0018: nothing to do.
 */
export function librarySearchTerms(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect.name !== 'postgres') return;
      await sql`create table assets_search_terms (term text collate "C" not null)`.execute(db);
      await sql`insert into assets_search_terms (term)
        select distinct unnest(tsvector_to_array(prompt_tsv)) from assets`.execute(db);
      await sql`create index assets_search_terms_term_idx on assets_search_terms (term)`.execute(db);
      await sql`create function assets_search_learn() returns trigger language plpgsql as $$
        begin
          insert into assets_search_terms (term)
            select distinct lexeme from new_rows, unnest(tsvector_to_array(new_rows.prompt_tsv)) as lexeme
            where not exists (select 1 from assets_search_terms t where t.term = lexeme);
          return null;
        end $$`.execute(db);
      for (const event of ['insert', 'update']) {
        await sql`create trigger ${sql.raw(`assets_search_terms_${event}`)} after ${sql.raw(event)} on assets
          referencing new table as new_rows for each statement execute function assets_search_learn()`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect.name !== 'postgres') return;
      await sql`drop trigger assets_search_terms_insert on assets`.execute(db);
      await sql`drop trigger assets_search_terms_update on assets`.execute(db);
      await sql`drop function assets_search_learn()`.execute(db);
      await sql`drop table assets_search_terms`.execute(db);
    },
  };
}
