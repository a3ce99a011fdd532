import type { TPasskey } from '@kaleido/common';
import type { PasskeyRow } from './two-factor.repository.js';

/** A passkey as the settings list and the data export show it: no credential id, no key material. */
export function presentPasskey(row: PasskeyRow): TPasskey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
