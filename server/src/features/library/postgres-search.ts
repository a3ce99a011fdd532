import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { DB } from '../../platform/db/schema.js';
import type { AssetPageQuery } from './assets.repository.js';

/**
 * Library search on PostgreSQL at a million assets of one person (issue 17).
 *
 * PostgreSQL's planner cannot estimate prefix queries (`word:*` is always 2% of the rows), so it picks
 * the wrong one of its two plans about half the time: walking the person's time index and testing each
 * row (cheap when the words are common, a full walk when they are rare), or the GIN index (cheap when
 * they are rare, a fetch and sort of every match when common). Here the choice is made from the
 * table's own lexeme statistics (`pg_stats`, refreshed by ANALYZE): words that few rows of the table
 * hold go to the GIN index, the others walk at most `WINDOW` rows of the time index (a LIMIT the
 * planner cannot move; `PROBE` rows first), and only if that window holds less than a page does the
 * GIN index finish it.
 */

/** At most this many estimated matches in the whole table: the GIN index (fetch and sort them all). */
const GIN_MATCHES = 2000;
/** The time-index walk tests at most this many of the person's newest rows. */
const WINDOW = 5000;
/**
 * ...and first this many: a page's worth of matches ends the search there; no match at all (the words
 * in under about 0.3% of rows) goes to the GIN index at once; some go on to the whole window.
 */
const PROBE = 1000;
/** Lexeme statistics are read again after this long. */
const STATS_TTL_MS = 10 * 60_000;
/** A typed word that starts more lexemes than this stays a prefix query. */
const MAX_PREFIX_LEXEMES = 32;

interface LexemeStats {
  /** Lexeme → fraction of rows holding it, for the table's most common lexemes. */
  frequencies: Map<string, number>;
  /** The smallest frequency kept: a lexeme not listed is rarer than this. */
  floor: number;
  rows: number;
  readAt: number;
}

type AssetSelect = SelectQueryBuilder<DB, 'assets', object>;

export interface PostgresSearchTuning {
  /** Default GIN_MATCHES. */
  ginMatches?: number;
  /** Default WINDOW. */
  window?: number;
  /** Default PROBE. */
  probe?: number;
  /** Typed words as ORs of whole lexemes (default true; see `tsqueryText`). */
  expandWords?: boolean;
}

/**
 * The tsquery text of `words`: each typed word as an OR of the whole lexemes it starts, read from
 * `assets_search_terms` (migration 0022), as the GIN index reads a whole lexeme's posting list but
 * builds a bitmap of every row of every lexeme a prefix (`word:*`) starts before it answers (56 ms for
 * two words of 100,000 rows each at a million rows, 4 ms as whole lexemes). Words with letters
 * outside a–z and 0–9, those that start over 32 lexemes or a lexeme the parser would split again
 * (`sci-fi`, `1.5`) stay prefixes. Null when a word starts no lexeme (nothing can match).
 */
async function tsqueryText(trx: Executor, words: readonly string[], expand: boolean): Promise<string | null> {
  const plain = expand ? words.filter((word) => /^[a-z0-9]+$/.test(word)) : [];
  const lexemes = new Map<string, string[]>(plain.map((word) => [word, []]));
  if (plain.length) {
    const result = await sql<{ word: string; term: string }>`
      select w.word, t.term from unnest(${plain}::text[]) as w(word)
      cross join lateral (
        select distinct term from assets_search_terms
        where term >= w.word collate "C" and term < w.word || chr(1114111) collate "C"
        order by term limit ${MAX_PREFIX_LEXEMES + 1}
      ) t`.execute(trx);
    for (const row of result.rows) lexemes.get(row.word)?.push(row.term);
  }
  const parts: string[] = [];
  for (const word of words) {
    const terms = lexemes.get(word);
    if (terms && !terms.length) return null;
    const whole =
      terms && terms.length <= MAX_PREFIX_LEXEMES && terms.every((term) => /^[a-z0-9]+$/.test(term));
    parts.push(whole ? `(${terms.join(' | ')})` : `${word}:*`);
  }
  return parts.join(' & ');
}

export function createPostgresSearch(tuning: PostgresSearchTuning = {}) {
  const ginMatches = tuning.ginMatches ?? GIN_MATCHES;
  const windowRows = tuning.window ?? WINDOW;
  const probeRows = tuning.probe ?? PROBE;
  const expandWords = tuning.expandWords ?? true;
  let stats: LexemeStats | undefined;

  async function lexemeStats(trx: Executor, now: number): Promise<LexemeStats> {
    if (stats && now - stats.readAt < STATS_TTL_MS) return stats;
    const result = await sql<{
      elems: string[] | null;
      freqs: number[] | null;
      rows: number;
      target: number;
    }>`
      select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
        c.reltuples::float8 as rows, current_setting('default_statistics_target')::int as target
      from pg_class c
      left join pg_stats s
        on s.schemaname = current_schema() and s.tablename = 'assets' and s.attname = 'prompt_tsv'
      where c.oid = 'assets'::regclass`.execute(trx);
    const row = result.rows[0];
    const elems = row?.elems ?? [];
    const freqs = row?.freqs ?? [];
    stats = {
      frequencies: new Map(elems.map((elem, i) => [elem, freqs[i] ?? 0])),
      // After the per-lexeme frequencies come the minimum, the maximum and the null frequency. A list
      // shorter than ANALYZE keeps (10 × the statistics target) left out only lexemes under its lossy
      // counting's cut-off, about 7 / (10 × 10 × target) of the rows.
      floor:
        elems.length >= 10 * (row?.target ?? 100)
          ? (freqs[elems.length] ?? 0)
          : Math.min(freqs[elems.length] ?? 1, 7 / (100 * (row?.target ?? 100))),
      rows: Math.max(0, row?.rows ?? 0),
      readAt: now,
    };
    return stats;
  }

  /**
   * Rows of the whole table that may match: the rarest word's share (a prefix adds up every listed
   * lexeme it starts; one or two letters count as common) times the table's rows.
   */
  function estimatedMatches(words: readonly string[], table: LexemeStats): number {
    if (table.frequencies.size === 0) return table.rows;
    let share = 1;
    for (const word of words) {
      if (word.length <= 2) continue;
      let sum = 0;
      for (const [lexeme, frequency] of table.frequencies) if (lexeme.startsWith(word)) sum += frequency;
      share = Math.min(share, sum > 0 ? sum : table.floor);
    }
    return share * table.rows;
  }

  return {
    /** One page of `select` (the person's rows, filtered and after the cursor) matching `words`. */
    async page(trx: Executor, query: AssetPageQuery, words: readonly string[], select: AssetSelect) {
      const direction = query.sort === 'newest' ? 'desc' : 'asc';
      const text = await tsqueryText(trx, words, expandWords);
      if (text === null) return [];
      const tsquery = sql`to_tsquery('simple', ${text})`;
      const viaGin = () =>
        // OFFSET 0 keeps the planner from walking the time index with this filter.
        trx
          .selectFrom(
            select.selectAll('assets').where(sql<boolean>`assets.prompt_tsv @@ ${tsquery}`).offset(0).as('m'),
          )
          .selectAll('m')
          .orderBy('m.created_at', direction)
          .orderBy('m.id', direction)
          .limit(query.limit)
          .execute();

      if (estimatedMatches(words, await lexemeStats(trx, Date.now())) <= ginMatches) return viaGin();
      const inWindow = (rows: number) =>
        trx
          .selectFrom(
            select
              .selectAll('assets')
              .orderBy('assets.created_at', direction)
              .orderBy('assets.id', direction)
              .limit(rows)
              .as('w'),
          )
          .selectAll('w')
          .where(sql<boolean>`w.prompt_tsv @@ ${tsquery}`)
          .orderBy('w.created_at', direction)
          .orderBy('w.id', direction)
          .limit(query.limit)
          .execute();
      // The newest PROBE rows first: none matching says the words are rare together (two common words
      // that never meet), which the GIN index answers without the whole window's walk.
      const probe = await inWindow(Math.min(probeRows, windowRows));
      if (probe.length === query.limit) return probe;
      if (probe.length === 0 || probeRows >= windowRows) return viaGin();
      const rows = await inWindow(windowRows);
      return rows.length === query.limit ? rows : viaGin();
    },
  };
}

export type PostgresSearch = ReturnType<typeof createPostgresSearch>;
