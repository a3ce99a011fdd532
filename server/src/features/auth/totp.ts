import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@kaleido/common';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 30 s, 6 digits, through otplib. Times come
 * from the app's clock (tests move it), never from Date.now().
 */

/** A new 160-bit secret, base32 (what the QR code and the manual entry carry). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` URI of the QR code. */
export function totpUri(secret: string, accountName: string): string {
  return generateURI({
    issuer: TOTP_ISSUER,
    label: accountName,
    secret,
    algorithm: 'sha1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The time step of `at` (what "a code is accepted once" remembers). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `secret` at `at` (tests compute codes like an authenticator app). */
export function totpCode(secret: string | Uint8Array, at: Date, digits: 6 | 8 = TOTP_DIGITS): string {
  return generateSync({
    secret,
    epoch: Math.floor(at.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    digits,
    algorithm: 'sha1',
  });
}

/**
 * The time step `code` belongs to, within one step either side of `at` (clock drift), or null. A step
 * at or before `afterStep` (the last one accepted) is refused: a code is never accepted twice.
 */
export function verifyTotp(secret: string, code: string, at: Date, afterStep: number | null): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  // otplib refuses an `afterTimeStep` beyond the window (a clock set back): no code is accepted then.
  if (afterStep !== null && afterStep > totpStep(at) + 1) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    algorithm: 'sha1',
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
