import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** What a repository write runs on: the database, or a transaction the caller opened. */
export type Executor = Kysely<DB> | Transaction<DB>;
