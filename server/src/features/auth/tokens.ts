import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session tokens are `<id>.<secret>`: the id finds the row with one indexed lookup, and only the
 * SHA-256 of the 256-bit secret is stored, compared in constant time.
 */
export interface SessionToken {
  id: string;
  secret: string;
  value: string;
}

export function newSessionToken(): SessionToken {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, value: `${id}.${secret}` };
}

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function parseSessionToken(value: string): { id: string; secret: string } | null {
  const match = TOKEN_SHAPE.exec(value);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : null;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A single-use token for e-mailed links (password reset). */
export function newOneTimeToken(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: sha256(value) };
}
