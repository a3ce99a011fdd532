import { hkdfSync } from 'node:crypto';

/** Derives an independent 32-byte key for one purpose from the server secret (HKDF-SHA256). */
export function deriveKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'kaleido', purpose, 32));
}
