import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kaleido/common';
import { sha256 } from './tokens.js';

/** Lowercase letters and digits without look-alikes (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use codes `xxxxx-xxxxx` (about 49 bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** How a typed code is compared: case, spaces and the dash do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return sha256(`recovery:${normalizeRecoveryCode(code)}`);
}

/** True when the text looks like a recovery code rather than a 6-digit TOTP code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return normalizeRecoveryCode(code).length === 10;
}
