import { randomUUID } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import type { Compilable, CompiledQuery, Insertable, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.js';

/** A SQLite database's own connection, for `precompiled` queries to run on without Kysely's driver. */
interface DirectSqlite {
  db: SqliteDatabase.Database;
  prepare(text: string): SqliteDatabase.Statement;
}

/** Keyed by the executor's adapter, which a database shares with its transactions (as `compile` does). */
const directSqlite = new WeakMap<object, DirectSqlite>();

/**
 * Lets the precompiled queries of this SQLite database run on its connection directly (openSqlite).
 *
 * Kysely's SQLite driver hands its single connection out under a mutex, a chain of promises per query
 * that costs more than the small statements of a request take to run (measured on the public API's
 * accept path: about 20 µs a query against 5 to 15 µs of SQLite's own work). better-sqlite3 runs a
 * statement synchronously, so a precompiled query runs directly when that is what the driver would do:
 * - in a transaction (`db.isTransaction`): the transaction holds the connection until it ends, and every
 *   query through it belongs to it;
 * - on the database itself while no transaction is open on the connection: the statement commits on
 *   its own, as it would have once the driver handed the connection over. While another request's
 *   transaction is open (between two of its awaits) the query goes through the driver and waits for
 *   it to end, as before: never inside it.
 */
export function runPrecompiledDirectly(kysely: Kysely<DB>, sqlite: DirectSqlite): void {
  directSqlite.set(kysely.getExecutor().adapter, sqlite);
}

/** The driver's answer to `sql` (Kysely's SqliteConnection.executeQuery), without its mutex. */
function runOnSqlite<O>(sqlite: DirectSqlite, sql: string, parameters: readonly unknown[]): QueryResult<O> {
  const statement = sqlite.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as O[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

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
      const sqlite = directSqlite.get(db.getExecutor().adapter);
      if (sqlite && (db.isTransaction || !sqlite.db.inTransaction))
        return runOnSqlite<O>(sqlite, sql, parameters);
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
