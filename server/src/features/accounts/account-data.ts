import type { Executor } from '../../platform/db/executor.js';

/**
 * What each feature keeps about a person, for the data export and for account deletion. Features
 * register a contributor instead of editing the export or deletion code.
 */
export interface AccountDataContributor {
  /** The key of this feature's section in the export file. */
  key: string;
  /** This person's data for the export; never secrets. */
  export?(userId: string): Promise<unknown>;
  /** Deletes this person's rows inside the deletion transaction (rows that do not cascade). */
  deleteRows?(userId: string, trx: Executor): Promise<void>;
  /** After the rows are gone: removes files and other things outside the database. */
  afterDelete?(userId: string): Promise<void>;
}

export function createAccountDataRegistry() {
  const contributors: AccountDataContributor[] = [];
  return {
    register(contributor: AccountDataContributor): void {
      if (contributors.some((c) => c.key === contributor.key))
        throw new Error(`duplicate contributor ${contributor.key}`);
      contributors.push(contributor);
    },
    contributors: (): readonly AccountDataContributor[] => contributors,
  };
}

export type AccountDataRegistry = ReturnType<typeof createAccountDataRegistry>;
