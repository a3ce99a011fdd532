import { HANDLE_MAX_LENGTH, handleFromName } from '@kaleido/common';
import type { Executor } from '../../platform/db/executor.js';
import type { UsersRepository } from './users.repository.js';

/**
 * The first free handle for a display name: its slug, else the slug with the smallest free number
 * ("ada-lovelace", "ada-lovelace-2", …). Two sign-ups racing for the same one are settled by the
 * unique index (the loser retries with `attempt` > 0, which adds a random number).
 */
export async function pickHandle(
  users: UsersRepository,
  name: string,
  trx?: Executor,
  attempt = 0,
): Promise<string> {
  const stem = handleFromName(name).slice(0, HANDLE_MAX_LENGTH - 6);
  if (attempt > 0)
    return `${stem}-${1000 + Math.floor(Math.random() * 9000)}${attempt}`.slice(0, HANDLE_MAX_LENGTH);
  const taken = new Set(await users.handlesLike(stem, trx));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
