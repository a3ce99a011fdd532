import {
  SETTINGS_DEFAULTS,
  type TSettings,
  type TSettingsFields,
  type TSettingsPatch,
  ZSettingsFields,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { SettingsRepository } from './settings.repository.js';

/**
 * Settings are created lazily with the spec's defaults on first read. Stored values are re-validated
 * on read, so a field added later (or an old invalid value) falls back to its default.
 */
export function createSettingsService(deps: {
  database: Database;
  settings: SettingsRepository;
  users: UsersRepository;
  clock: Clock;
}) {
  function merge(stored: string | undefined): TSettingsFields {
    const raw = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
    const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
    const shape = ZSettingsFields.shape;
    for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
      if (key in raw && shape[key].safeParse(raw[key]).success) merged[key] = raw[key];
    }
    return ZSettingsFields.parse(merged);
  }

  async function read(userId: string): Promise<TSettings> {
    let row = await deps.settings.find(userId);
    if (!row) {
      await deps.settings.insertIfMissing({
        userId,
        data: JSON.stringify(SETTINGS_DEFAULTS),
        now: deps.clock.now().toISOString(),
      });
      row = await deps.settings.find(userId);
    }
    const user = await deps.users.findById(userId);
    if (!row || !user) throw new AppError('USER_NOT_AUTHENTICATED');
    return {
      ...merge(row.data),
      userId,
      displayName: user.display_name,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  return {
    get: read,

    /** Applies a validated partial update; `updatedAt` moves. The display name lives on the profile. */
    async update(userId: string, patch: TSettingsPatch): Promise<TSettings> {
      await read(userId);
      const now = deps.clock.now().toISOString();
      const { displayName, ...fields } = patch;
      await deps.database.kysely.transaction().execute(async (trx) => {
        const row = await deps.settings.find(userId, trx);
        const next = { ...merge(row?.data), ...fields };
        await deps.settings.update(userId, JSON.stringify(next), now, trx);
        if (displayName !== undefined)
          await deps.users.update(userId, { display_name: displayName }, now, trx);
      });
      return read(userId);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
