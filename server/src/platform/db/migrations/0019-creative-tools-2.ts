import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Creative tools, second round (issue 21): `generations.kind` and `assets.kind` may be `model` (GLB 3D
 * objects), and `generations.tool` may be `realtime`, `lipsync` or `3d`.
 *
 * PostgreSQL swaps the named checks. SQLite cannot alter a check (and the connection is in defensive
 * mode, so `writable_schema` is refused): each table is rebuilt from its own stored definition with only
 * the check changed, the rows copied with their rowids (the assets' rowids are their time keys and the
 * `assets_search` keys, 0018), and its indexes and triggers made again from their stored SQL, so the
 * schema is exactly what it was apart from the check. `asset_sources`, `reports` and `moderation_items`
 * reference `assets` with ON DELETE CASCADE: dropping the old table would cascade into them, so foreign
 * keys are off for the rebuild (SQLite's 12-step procedure) and checked before the commit.
 */
export function creativeTools2(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await setChecks(db, dialect, NEXT);
    },
    async down(db: Kysely<unknown>) {
      // Rows of the new kinds and tools cannot stay under the old checks (their files are left to the
      // orphan sweep).
      await sql`delete from assets where kind = 'model' or tool in ('realtime', 'lipsync', '3d')`.execute(db);
      await sql`delete from generations where kind = 'model' or tool in ('realtime', 'lipsync', '3d')`.execute(
        db,
      );
      await setChecks(db, dialect, PREVIOUS);
    },
  };
}

interface Checks {
  generationKinds: readonly string[];
  generationTools: readonly string[];
  assetKinds: readonly string[];
}

const PREVIOUS: Checks = {
  generationKinds: ['image', 'video'],
  generationTools: ['generate', 'enhance', 'edit'],
  assetKinds: ['image', 'video', 'audio'],
};

const NEXT: Checks = {
  generationKinds: ['image', 'video', 'model'],
  generationTools: ['generate', 'enhance', 'edit', 'realtime', 'lipsync', '3d'],
  assetKinds: ['image', 'video', 'audio', 'model'],
};

/** The check clause as Kysely wrote it in the earlier migrations (`col.check(sql\`…\`)`). */
const checkClause = (column: string, values: readonly string[]) =>
  `check (${column} in (${values.map((value) => `'${value}'`).join(', ')}))`;

async function setChecks(db: Kysely<unknown>, dialect: Dialect, to: Checks): Promise<void> {
  const from = to === NEXT ? PREVIOUS : NEXT;
  if (dialect.name === 'postgres') {
    const swap = async (table: string, column: string, values: readonly string[]) => {
      const name = sql.raw(`${table}_${column}_check`);
      const allowed = sql.join(values.map((value) => sql.lit(value)));
      await sql`alter table ${sql.raw(table)} drop constraint ${name}`.execute(db);
      await sql`alter table ${sql.raw(table)} add constraint ${name} check (${sql.raw(column)} in (${allowed}))`.execute(
        db,
      );
    };
    await swap('generations', 'kind', to.generationKinds);
    await swap('generations', 'tool', to.generationTools);
    await swap('assets', 'kind', to.assetKinds);
    return;
  }
  const [{ foreign_keys: foreignKeys } = { foreign_keys: 1 }] = (
    await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)
  ).rows;
  // Only takes effect outside a transaction: Kysely runs SQLite migrations without one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    // One transaction: a crash midway leaves the old tables as they were.
    await db.transaction().execute(async (trx) => {
      await rebuildWithChecks(trx, 'generations', [
        [checkClause('kind', from.generationKinds), checkClause('kind', to.generationKinds)],
        [checkClause('tool', from.generationTools), checkClause('tool', to.generationTools)],
      ]);
      await rebuildWithChecks(trx, 'assets', [
        [checkClause('kind', from.assetKinds), checkClause('kind', to.assetKinds)],
      ]);
      const broken = (await sql`pragma foreign_key_check`.execute(trx)).rows;
      if (broken.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(broken)}`);
    });
  } finally {
    await sql`pragma foreign_keys = ${sql.raw(foreignKeys ? 'on' : 'off')}`.execute(db);
  }
}

interface SchemaRow {
  type: 'table' | 'index' | 'trigger';
  name: string;
  sql: string | null;
}

/**
 * Rebuilds a SQLite table from its stored `create table` text with `replacements` applied (each must
 * occur exactly once), keeping rows, rowids, indexes and triggers.
 */
async function rebuildWithChecks(
  trx: Kysely<unknown>,
  table: string,
  replacements: ReadonlyArray<readonly [string, string]>,
): Promise<void> {
  const schema = (
    await sql<SchemaRow>`select type, name, sql from sqlite_schema where tbl_name = ${table} order by rowid`.execute(
      trx,
    )
  ).rows;
  const definition = schema.find((row) => row.type === 'table' && row.name === table)?.sql;
  const head = `CREATE TABLE "${table}" (`;
  if (!definition?.startsWith(head)) throw new Error(`unexpected definition of ${table}`);
  let next = `CREATE TABLE "${table}_next" (${definition.slice(head.length)}`;
  for (const [before, after] of replacements) {
    if (next.split(before).length !== 2) throw new Error(`${table}: expected one "${before}"`);
    next = next.replace(before, after);
  }
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(trx))
    .rows;
  const list = sql.join(columns.map((column) => sql.ref(column.name)));

  await sql.raw(next).execute(trx);
  await sql`insert into ${sql.table(`${table}_next`)} (rowid, ${list}) select rowid, ${list} from ${sql.table(table)}`.execute(
    trx,
  );
  // Dropping the table drops its indexes and triggers; they are made again from their stored text.
  await sql`drop table ${sql.table(table)}`.execute(trx);
  await sql`alter table ${sql.table(`${table}_next`)} rename to ${sql.table(table)}`.execute(trx);
  for (const row of schema) {
    if ((row.type === 'index' || row.type === 'trigger') && row.sql) await sql.raw(row.sql).execute(trx);
  }
}
