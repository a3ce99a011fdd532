import type { TSettingsFields } from '@kaleido/common';
import type { Executor } from '../../platform/db/executor.js';
import type { SettingsRepository } from './settings.repository.js';
import { readStoredSettings } from './settings.service.js';

/**
 * One setting as it is now, for the features whose behaviour follows it (read inside the caller's
 * transaction when given, so a record follows the setting at the time it is written). A person
 * without a settings row, or with a stored value that no longer validates, gets the default. Never
 * creates the row (the settings service does that on the first read of the Settings tab).
 */
export function createSettingFlags(deps: { settings: SettingsRepository }) {
  async function value<K extends keyof TSettingsFields>(
    userId: string,
    key: K,
    trx?: Executor,
  ): Promise<TSettingsFields[K]> {
    const row = await deps.settings.find(userId, trx);
    return readStoredSettings(row?.data)[key];
  }

  return {
    value,
    /** Master switch of the account's integrations: the personal API key and (later) webhooks. */
    integrationsEnabled: (userId: string, trx?: Executor) => value(userId, 'integrationsEnabled', trx),
    /** Whether usage logs may keep prompt text (`dataCollection`). */
    keepsPromptText: (userId: string, trx?: Executor) => value(userId, 'dataCollection', trx),
    /** Whether the person sees per-job diagnostics (`debugMode`). */
    debugMode: (userId: string, trx?: Executor) => value(userId, 'debugMode', trx),
  };
}

export type SettingFlags = ReturnType<typeof createSettingFlags>;
