import type { ColumnDataType } from 'kysely';
import { type RawBuilder, sql } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL lives here, so migrations and repositories
 * are written once. Timestamps are ISO-8601 UTC strings in both (TEXT in SQLite, timestamptz in
 * PostgreSQL read back as ISO strings); JSON is TEXT in both; booleans are 0/1 integers in both.
 */
export type DialectName = 'sqlite' | 'postgres';

export interface Dialect {
  name: DialectName;
  /** Column types for migrations. */
  types: {
    timestamp: ColumnDataType;
    json: ColumnDataType;
    boolean: ColumnDataType;
    bigint: ColumnDataType;
  };
}

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  types: { timestamp: 'text', json: 'text', boolean: 'integer', bigint: 'integer' },
};

export const postgresDialect: Dialect = {
  name: 'postgres',
  types: { timestamp: 'timestamptz', json: 'text', boolean: 'smallint', bigint: 'bigint' },
};

/** Booleans are stored as 0/1 in both dialects. */
export const toDbBoolean = (value: boolean): number => (value ? 1 : 0);
export const fromDbBoolean = (value: number | boolean): boolean => value === true || value === 1;

/**
 * Row locks: PostgreSQL takes `FOR UPDATE` on the rows a transaction is about to change; SQLite has a
 * single writer per database file (and Kysely's SQLite driver one connection), so nothing is needed.
 */
export function lockForUpdate<Q extends { forUpdate(): Q }>(dialect: Dialect, query: Q): Q {
  return dialect.name === 'postgres' ? query.forUpdate() : query;
}

/** Words of a search box, safe for either full-text engine (letters and digits only). */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** A top-level text field of a JSON object stored as TEXT (e.g. a setting in `user_settings.data`). */
export function jsonTextField(dialect: Dialect, column: string, key: string): RawBuilder<string | null> {
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(column) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    throw new Error('jsonTextField: unsafe identifier');
  return dialect.name === 'sqlite'
    ? sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`
    : sql<string | null>`(${sql.ref(column)}::json ->> ${key})`;
}

/** The UTC calendar day (`YYYY-MM-DD`) of a timestamp column, for counts by day. */
export function utcDay(dialect: Dialect, column: string): RawBuilder<string> {
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(column)) throw new Error('utcDay: unsafe identifier');
  return dialect.name === 'sqlite'
    ? sql<string>`substr(${sql.ref(column)}, 1, 10)`
    : sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A unique-constraint (or primary-key) failure in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A foreign-key failure in either dialect (the row it points to is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
