import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Files are private: the app hands out `/api/files/<key>?exp=…&sig=…` URLs signed with a key derived
 * from the server secret. Expiry is rounded up to the next hour boundary plus `ttlSeconds`, so the same
 * file keeps the same URL for a while and browsers can cache it.
 */
export function createUrlSigner(secret: Buffer, options: { ttlSeconds?: number; now?: () => number } = {}) {
  const ttl = options.ttlSeconds ?? 3600;
  const now = options.now ?? Date.now;
  const sign = (key: string, exp: number, download: string) =>
    createHmac('sha256', secret).update(`${key}\n${exp}\n${download}`).digest('base64url');
  return {
    url(key: string, opts: { download?: string } = {}): string {
      const hour = 3600;
      const exp = Math.ceil(now() / 1000 / hour) * hour + ttl;
      const download = opts.download ?? '';
      const params = new URLSearchParams({ exp: String(exp), sig: sign(key, exp, download) });
      if (download) params.set('dl', download);
      return `/api/files/${key.split('/').map(encodeURIComponent).join('/')}?${params}`;
    },
    verify(key: string, query: { exp?: string; sig?: string; dl?: string }): boolean {
      const exp = Number(query.exp);
      if (!Number.isInteger(exp) || exp * 1000 < now() || !query.sig) return false;
      const expected = Buffer.from(sign(key, exp, query.dl ?? ''));
      const given = Buffer.from(query.sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
