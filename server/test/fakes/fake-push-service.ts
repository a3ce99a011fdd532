import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Web Push service (RFC 8030) for tests: it records each request, answers with the status the
 * test chose per endpoint, and can decrypt the payload (RFC 8291 / RFC 8188 aes128gcm) with the
 * subscription's private keys, and verify the VAPID signature (RFC 8292), as a browser's push service
 * and the browser would.
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of one subscription: its P-256 key pair and authentication secret. */
export interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  authSecret: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  json: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    publicKey,
    authSecret,
    json: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body (one record) with the browser's keys; throws when it is not valid. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error('more than one record');

  const ecdhSecret = keys.ecdh.computeSecret(serverPublicKey);
  const prkKey = hmac(keys.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublicKey]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) and returns the token's claims. */
export function verifyVapid(
  authorization: string | undefined,
  expected: { publicKey: string; audience: string },
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [token, key] = [match[1], match[2]];
  if (key !== expected.publicKey) throw new Error('VAPID key differs from the server key');
  const [header, payload, signature] = token.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== expected.audience) throw new Error(`VAPID audience ${claims.aud}`);
  const now = Math.floor(Date.now() / 1000);
  if (claims.exp <= now || claims.exp > now + 24 * 3600) throw new Error('VAPID expiry out of range');
  return claims;
}

export interface FakePushService {
  origin: string;
  /** An endpoint URL on this service; `status` is what it answers (201 by default). */
  endpoint(name: string, status?: number): string;
  received: ReceivedPush[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      for (const wake of waiters.splice(0)) wake();
      response.statusCode = statuses.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    endpoint(name, status = 201) {
      statuses.set(`/push/${name}`, status);
      return `${origin}/push/${name}`;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} push requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
