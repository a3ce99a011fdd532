import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.js';
import { createDiskStore } from './disk-store.js';
import { assertSafeKey, type FileStore } from './file-store.js';
import { createS3Store, parseS3Url } from './s3-store.js';
import { createUrlSigner } from './signed-urls.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('storage keys and signed URLs', () => {
  it('refuses keys that could escape the store', () => {
    for (const bad of ['../etc/passwd', 'a/../../b', '/abs/path', 'a\\b', '', 'a//b', './a', 'a/./b']) {
      expect(() => assertSafeKey(bad), bad).toThrow();
    }
    expect(assertSafeKey('users/u-1/a_2/original.png')).toBe('users/u-1/a_2/original.png');
  });

  it('signs URLs that expire and cannot be altered', () => {
    let now = Date.parse('2026-11-01T10:20:00Z');
    const signer = createUrlSigner(Buffer.alloc(32, 7), { ttlSeconds: 3600, now: () => now });
    const url = new URL(signer.url('users/u/a/original.png', { download: 'sunset.png' }), 'http://x');
    const query = Object.fromEntries(url.searchParams) as { exp: string; sig: string; dl: string };
    expect(url.pathname).toBe('/api/files/users/u/a/original.png');
    expect(signer.verify('users/u/a/original.png', query)).toBe(true);
    expect(signer.verify('users/u/b/original.png', query)).toBe(false);
    expect(signer.verify('users/u/a/original.png', { ...query, dl: 'other.png' })).toBe(false);
    expect(signer.verify('users/u/a/original.png', { ...query, exp: String(Number(query.exp) + 1) })).toBe(
      false,
    );
    // The same URL for the whole hour (cacheable), and invalid after expiry.
    now += 10 * 60_000;
    expect(signer.url('users/u/a/original.png', { download: 'sunset.png' })).toBe(url.pathname + url.search);
    now = Number(query.exp) * 1000 + 1;
    expect(signer.verify('users/u/a/original.png', query)).toBe(false);
  });

  it('parses S3 storage URLs', () => {
    expect(
      parseS3Url('s3://AK:SK%2F1@media/kaleido?endpoint=http%3A%2F%2F127.0.0.1%3A9000&forcePathStyle=true'),
    ).toEqual({
      bucket: 'media',
      prefix: 'kaleido/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK/1' },
    });
  });
});

function storeContract(name: string, make: () => Promise<{ store: FileStore; cleanup(): Promise<void> }>) {
  describe(`${name} store`, () => {
    let store: FileStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await make());
    });
    afterAll(async () => {
      await store.close?.();
      await cleanup();
    });

    it('puts, stats, reads whole and by range, and deletes', async () => {
      await store.put('users/u1/a1/original.png', Buffer.from('0123456789'), 'image/png');
      expect(await store.stat('users/u1/a1/original.png')).toEqual({ size: 10, contentType: 'image/png' });
      const whole = await store.read('users/u1/a1/original.png');
      expect(whole && (await text(whole.stream))).toBe('0123456789');
      const part = await store.read('users/u1/a1/original.png', { start: 2, end: 5 });
      expect(part?.size).toBe(10);
      expect(part && (await text(part.stream))).toBe('2345');
      await store.delete('users/u1/a1/original.png');
      expect(await store.stat('users/u1/a1/original.png')).toBeNull();
      expect(await store.read('users/u1/a1/original.png')).toBeNull();
    });

    it('deletes everything under a prefix and nothing else', async () => {
      await store.put('users/u2/a/original.mp4', Buffer.from('v'), 'video/mp4');
      await store.put('users/u2/a/thumb.webp', Buffer.from('t'), 'image/webp');
      await store.put('users/u20/a/original.png', Buffer.from('x'), 'image/png');
      await store.deletePrefix('users/u2/');
      expect(await store.stat('users/u2/a/original.mp4')).toBeNull();
      expect(await store.stat('users/u2/a/thumb.webp')).toBeNull();
      expect(await store.stat('users/u20/a/original.png')).not.toBeNull();
    });
  });
}

storeContract('disk', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-files-'));
  return { store: createDiskStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

storeContract('S3', async () => {
  const server: TestS3Server = await startS3Server();
  return { store: createS3Store(parseS3Url(server.storageUrl)), cleanup: () => server.stop() };
});
