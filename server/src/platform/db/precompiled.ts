import { randomUUID } from 'node:crypto';
import type { Compilable, CompiledQuery, Insertable, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.js';

/** Stands in for the `index`th value while a precompiled query is built; never sent to the database. */
const PREFIX = `kaleido-precompiled:${randomUUID()}:`;
const placeholder = (index: number) => `${PREFIX}${index}`;

type Slot = { value: unknown } | { index: number };

/**
 * A query whose shape never changes, built and compiled once per executor's dialect: a call only binds its values.
 *
 * Building and compiling with Kysely costs about 10 µs a query, more for a wide select list, which is more than
 * SQLite takes to run the small statements of a request (2–10 µs). The request paths every page and integration
 * take (the session, the API key, the public API's accept path) run their queries through this.
 *
 * `build` receives one stand-in per value and must only place them in the query (a `where`, a `values`, a `set`),
 * never compute with them or choose the query's shape from them. Constants written into the query stay constants.
 * A build that loses or duplicates a stand-in is refused on first use.
 */
export function precompiled<P extends readonly unknown[], O>(
  arity: P['length'],
  build: (db: Kysely<DB>, ...values: P) => Compilable<O>,
) {
  const compiledBySql = new WeakMap<object, { sql: string; query: CompiledQuery['query']; slots: Slot[] }>();

  function compile(db: Kysely<DB>) {
    // The executor's adapter is the dialect: a transaction shares its database's, so one entry serves both.
    const key = db.getExecutor().adapter;
    let compiled = compiledBySql.get(key);
    if (!compiled) {
      // The stand-ins take the values' places; `build` only places them (see above), so their type is never used.
      const stands = Array.from({ length: arity }, (_, index) => placeholder(index)) as unknown as P;
      const query = build(db, ...stands).compile();
      const seen = new Set<number>();
      const slots = query.parameters.map((parameter): Slot => {
        if (typeof parameter !== 'string' || !parameter.startsWith(PREFIX)) return { value: parameter };
        const index = Number(parameter.slice(PREFIX.length));
        seen.add(index);
        return { index };
      });
      if (seen.size !== arity) {
        throw new Error(`a precompiled query placed ${seen.size} of its ${arity} values: ${query.sql}`);
      }
      compiled = { sql: query.sql, query: query.query, slots };
      compiledBySql.set(key, compiled);
    }
    return compiled;
  }

  return {
    /** Runs the query with `values` on `db` (the database or a transaction). */
    async execute(db: Kysely<DB>, ...values: P): Promise<QueryResult<O>> {
      const { sql, query, slots } = compile(db);
      const parameters = slots.map((slot) => ('index' in slot ? values[slot.index] : slot.value));
      return db.executeQuery<O>({ sql, query, parameters, queryId: { queryId: '' } });
    },
    /** The rows the query returns. */
    async rows(db: Kysely<DB>, ...values: P): Promise<O[]> {
      return (await this.execute(db, ...values)).rows;
    },
    /** The first row the query returns, if any. */
    async first(db: Kysely<DB>, ...values: P): Promise<O | undefined> {
      return (await this.execute(db, ...values)).rows[0];
    },
  };
}

/**
 * An insert of one row into `table`, precompiled per set of columns the rows carry (a repository writes the same
 * shape every time, so this compiles once or twice). Columns whose value is `undefined` are left out, as Kysely does.
 */
export function precompiledInsert<T extends keyof DB & string>(table: T) {
  const byShape = new Map<string, ReturnType<typeof precompiled<unknown[], unknown>>>();
  return {
    async execute(db: Kysely<DB>, row: Insertable<DB[T]>): Promise<void> {
      const entries = Object.entries(row).filter(([, value]) => value !== undefined);
      const columns = entries.map(([column]) => column);
      const shape = columns.join(',');
      let query = byShape.get(shape);
      if (!query) {
        query = precompiled(columns.length, (builder, ...values: unknown[]) =>
          builder
            .insertInto(table)
            .values(
              Object.fromEntries(columns.map((column, index) => [column, values[index]])) as Insertable<
                DB[T]
              >,
            ),
        );
        byShape.set(shape, query);
      }
      await query.execute(db, ...entries.map(([, value]) => value));
    },
  };
}
