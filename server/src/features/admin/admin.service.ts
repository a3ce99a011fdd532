import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { TwoFactorService } from '../auth/two-factor.service.js';

/**
 * What administrators do to other people's accounts. Every action is audited: a server log line with
 * who did what to whom (never a secret), and the person gets a security e-mail. The admin screen of a
 * later issue reuses these functions.
 */
export function createAdminService(deps: {
  users: UsersRepository;
  twoFactor: TwoFactorService;
  log: FastifyBaseLogger;
}) {
  return {
    /** Removes the person's TOTP, recovery codes, passkeys and trusted devices (e.g. a lost phone). */
    async resetTwoFactor(adminId: string, userId: string): Promise<void> {
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
      await deps.twoFactor.reset(user.id);
      deps.log.info(
        { audit: 'admin.reset-2fa', adminId, userId: user.id },
        'administrator reset two-factor sign-in',
      );
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
