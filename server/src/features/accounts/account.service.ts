import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { AccountDataRegistry } from './account-data.js';
import type { UsersRepository } from './users.repository.js';

/** The data export and account deletion, over every registered feature. */
export function createAccountService(deps: {
  database: Database;
  registry: AccountDataRegistry;
  users: UsersRepository;
  clock: Clock;
  onAfterDeleteError?: (key: string, error: unknown) => void;
}) {
  return {
    async export(userId: string): Promise<Record<string, unknown>> {
      const sections: Record<string, unknown> = {};
      for (const contributor of deps.registry.contributors()) {
        if (contributor.export) sections[contributor.key] = await contributor.export(userId);
      }
      return { ...sections, exportedAt: deps.clock.now().toISOString() };
    },

    /** Every row of the person in one transaction (sessions and the rest cascade), then their files. */
    async delete(userId: string): Promise<void> {
      await deps.database.kysely.transaction().execute(async (trx) => {
        for (const contributor of deps.registry.contributors()) await contributor.deleteRows?.(userId, trx);
        await deps.users.delete(userId, trx);
      });
      for (const contributor of deps.registry.contributors()) {
        try {
          await contributor.afterDelete?.(userId);
        } catch (error) {
          deps.onAfterDeleteError?.(contributor.key, error);
        }
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
