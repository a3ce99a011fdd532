import { randomUUID } from 'node:crypto';
import { ACCOUNT_DEFAULTS, AUTH_MESSAGES, SETTINGS_DEFAULTS, type TLocale } from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { pickHandle } from './handles.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface NewAccount {
  email: string;
  displayName: string;
  passwordHash: string | null;
  emailVerified: boolean;
  /** The interface language the person signed up in (their `language` setting); default English. */
  language?: TLocale;
  /** An invite link's token, for an invite-only site (site settings). */
  inviteToken?: string;
}

/** Creating accounts: the profile row, the first-administrator rule and the starting credits. */
export function createAccountsService(deps: {
  database: Database;
  users: UsersRepository;
  credits: CreditsService;
  settings: Pick<SettingsRepository, 'insertIfMissing'>;
  clock: Clock;
  /**
   * The site's sign-up rules in the account's transaction (issue 20): refuses a closed or invite-only
   * site (throws), takes an invite's use, and says how many credits a new account starts with.
   */
  admitSignup?: (
    input: { inviteToken?: string; first: boolean },
    trx: Executor,
  ) => Promise<{ startingCredits: number }>;
}) {
  return {
    /**
     * Creates the profile exactly as the spec's first sign-in does (plan free, 10 credits through the
     * ledger), in one transaction. The first account of an installation becomes an administrator. The
     * settings row starts with the defaults and the language the person signed up in.
     * `within` lets a caller add rows (e.g. a social identity) to the same transaction.
     */
    async create(
      account: NewAccount,
      within?: (user: UserRow, trx: Executor) => Promise<void>,
    ): Promise<UserRow> {
      const now = deps.clock.now().toISOString();
      const id = randomUUID();
      const insertAccount = (handle: string): Promise<UserRow> =>
        deps.database.kysely.transaction().execute(async (trx) => {
          const isFirst = await deps.users.claimFirstAdmin(id, now, trx);
          const admitted = (await deps.admitSignup?.(
            { inviteToken: account.inviteToken, first: isFirst },
            trx,
          )) ?? { startingCredits: ACCOUNT_DEFAULTS.startingCredits };
          await deps.users.insert(
            {
              id,
              email: account.email,
              displayName: account.displayName,
              passwordHash: account.passwordHash,
              role: isFirst ? 'admin' : 'user',
              emailVerifiedAt: account.emailVerified ? now : null,
              handle,
              now,
            },
            trx,
          );
          if (admitted.startingCredits > 0) {
            await deps.credits.grantMonthly(id, admitted.startingCredits, 'Welcome credits (free plan)', trx);
          }
          if (account.language && account.language !== SETTINGS_DEFAULTS.language) {
            await deps.settings.insertIfMissing(
              { userId: id, data: JSON.stringify({ ...SETTINGS_DEFAULTS, language: account.language }), now },
              trx,
            );
          }
          const user = await deps.users.findById(id, trx);
          if (!user) throw new Error('created user vanished');
          await within?.(user, trx);
          return user;
        });
      // A handle another sign-up took meanwhile fails the unique index: try again with another one.
      for (let attempt = 0; ; attempt++) {
        const handle = await pickHandle(deps.users, account.displayName, undefined, attempt);
        try {
          return await insertAccount(handle);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if ((await deps.users.findByEmail(account.email)) || attempt >= 3)
            throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
        }
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
