import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIXES } from '@kaleido/common';

/**
 * Key format: `<prefix><43 base62 chars = 256 random bits><6 base62 chars = CRC32 of everything
 * before>`, e.g. `kal_live_…`. The checksum lets us (and secret scanners) reject a malformed or
 * mistyped key without a database lookup.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(value: bigint, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0n) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out.padStart(width, '0');
}

export type KeyKind = keyof typeof API_KEY_PREFIXES;

/** The CRC32 of `body` in 6 base62 digits (a 32-bit value: plain number arithmetic, every call checks one). */
function checksum(body: string): string {
  let rest = crc32(body);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

export function newApiKey(kind: KeyKind): { secret: string; hash: string; preview: string } {
  const body = API_KEY_PREFIXES[kind] + base62(BigInt(`0x${randomBytes(32).toString('hex')}`), 43);
  const secret = body + checksum(body);
  return { secret, hash: hashApiKey(secret), preview: previewOf(secret) };
}

const SHAPE = /^(kal_live_|ck_)([0-9A-Za-z]{43})([0-9A-Za-z]{6})$/;

/** True for a well-formed key whose checksum matches (no database involved). */
export function isWellFormedApiKey(value: string): boolean {
  const match = SHAPE.exec(value);
  return Boolean(match && checksum(`${match[1]}${match[2]}`) === match[3]);
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The first characters shown in lists (spec: 8 visible characters after the prefix's start). */
function previewOf(secret: string): string {
  return secret.slice(0, 8);
}
