import {
  SETTINGS_DEFAULTS,
  type TSettings,
  type TSettingsFields,
  type TSettingsPatch,
  ZSettingsFields,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/http/app-error.js';
import { pickHandle } from '../accounts/handles.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { SettingsRepository } from './settings.repository.js';

/** How many distinct stored settings texts `readStoredSettings` keeps read (a few hundred bytes each). */
const READ_SETTINGS_KEPT = 1000;
const readSettings = new Map<string, Readonly<TSettingsFields>>();

function parseStoredSettings(stored: string | undefined): Readonly<TSettingsFields> {
  const raw = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  const shape = ZSettingsFields.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    if (key in raw && shape[key].safeParse(raw[key]).success) merged[key] = raw[key];
  }
  return Object.freeze(ZSettingsFields.parse(merged));
}

/**
 * The stored settings JSON read back against the contract: each field that no longer validates (or was
 * added later) falls back to its default. The result depends on the text alone, so the texts read
 * recently are kept read (a job's accept path asks for one setting of its owner's on every submit, and
 * validating every field costs more than the rest of that read); the object is frozen, callers copy it.
 */
export function readStoredSettings(stored: string | undefined): Readonly<TSettingsFields> {
  const text = stored ?? '';
  let settings = readSettings.get(text);
  if (!settings) {
    settings = parseStoredSettings(stored);
    if (readSettings.size >= READ_SETTINGS_KEPT)
      readSettings.delete(readSettings.keys().next().value as string);
    readSettings.set(text, settings);
  }
  return settings;
}

/**
 * Settings are created lazily with the spec's defaults on first read. Stored values are re-validated
 * on read, so a field added later (or an old invalid value) falls back to its default.
 */
export function createSettingsService(deps: {
  database: Database;
  settings: SettingsRepository;
  users: UsersRepository;
  clock: Clock;
  /** Refuses a webhook URL that resolves to a private address (throws a VALIDATION_FAILED AppError). */
  checkWebhookUrl?: (url: string) => Promise<void>;
  /** A webhook URL was saved (a disabled one is enabled again). */
  webhookUrlSaved?: (userId: string) => Promise<void>;
  /** Whether sign-in asks this account for a second factor: `twoFactorEnabled` shows it (read-only). */
  twoFactorEnabled?: (userId: string) => Promise<boolean>;
}) {
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
    const stored = readStoredSettings(row.data);
    return {
      ...stored,
      twoFactorEnabled: deps.twoFactorEnabled ? await deps.twoFactorEnabled(userId) : stored.twoFactorEnabled,
      userId,
      displayName: user.display_name,
      handle: user.handle ?? (await ensureHandle(userId, user.display_name)),
      marketingConsentAt: user.marketing_consent_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Accounts made before handles existed got one from migration 0009; this covers any left without. */
  async function ensureHandle(userId: string, displayName: string): Promise<string> {
    const handle = await pickHandle(deps.users, displayName);
    await deps.users.assignHandle(userId, handle).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
    return (await deps.users.findById(userId))?.handle ?? handle;
  }

  return {
    get: read,

    /** Applies a validated partial update; `updatedAt` moves. The display name lives on the profile. */
    async update(userId: string, patch: TSettingsPatch): Promise<TSettings> {
      await read(userId);
      const now = deps.clock.now().toISOString();
      const { displayName, handle, ...fields } = patch;
      if (fields.webhookUrl) await deps.checkWebhookUrl?.(fields.webhookUrl);
      // The handle must be free (409); a race is settled by the unique index, and then the transaction
      // keeps nothing of the patch.
      if (handle !== undefined) {
        const owner = await deps.users.findByHandle(handle);
        if (owner && owner.id !== userId) throw new AppError('HANDLE_TAKEN');
      }
      const handleTaken = (error: unknown) => {
        throw handle !== undefined && isUniqueViolation(error) ? new AppError('HANDLE_TAKEN') : error;
      };
      await deps.database.kysely
        .transaction()
        .execute(async (trx) => {
          const row = await deps.settings.find(userId, trx);
          const previous = readStoredSettings(row?.data);
          const next = { ...previous, ...fields };
          await deps.settings.update(userId, JSON.stringify(next), now, trx);
          // Marketing consent is recorded with its time: set when it turns on, cleared when it turns off.
          if (next.marketingEmails !== previous.marketingEmails)
            await deps.users.update(
              userId,
              { marketing_consent_at: next.marketingEmails ? now : null },
              now,
              trx,
            );
          if (displayName !== undefined)
            await deps.users.update(userId, { display_name: displayName }, now, trx);
          if (handle !== undefined) await deps.users.update(userId, { handle }, now, trx);
          // A copy of the visibility for the gallery's and the profile pages' indexed queries.
          if (fields.profileVisibility !== undefined)
            await deps.users.update(userId, { profile_visibility: fields.profileVisibility }, now, trx);
        })
        .catch(handleTaken);
      if (fields.webhookUrl !== undefined) await deps.webhookUrlSaved?.(userId);
      return read(userId);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
