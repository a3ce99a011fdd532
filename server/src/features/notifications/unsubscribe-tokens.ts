import { createHmac, timingSafeEqual } from 'node:crypto';

/** The settings an unsubscribe link can turn off. Security e-mails have no such link. */
export type UnsubscribeSetting = 'emailNotifications' | 'marketingEmails';

const CODES: Record<UnsubscribeSetting, string> = { emailNotifications: 'n', marketingEmails: 'm' };
const SETTINGS = Object.fromEntries(
  Object.entries(CODES).map(([setting, code]) => [code, setting]),
) as Record<string, UnsubscribeSetting>;

/**
 * One-click unsubscribe tokens (RFC 8058): a signed statement "this account may turn off this
 * setting", `base64url(v1.<code>.<userId>).base64url(HMAC-SHA256)`. No expiry: a link in an old
 * e-mail keeps working. The key is derived from the server secret for this purpose only.
 */
export function createUnsubscribeTokens(key: Buffer) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(userId: string, setting: UnsubscribeSetting): string {
      const payload = `v1.${CODES[setting]}.${userId}`;
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    /** The account and setting of a genuine token; null for anything forged, altered or malformed. */
    verify(token: string): { userId: string; setting: UnsubscribeSetting } | null {
      if (token.length > 512) return null;
      const [encoded, signature, extra] = token.split('.');
      if (!encoded || !signature || extra !== undefined) return null;
      const payload = Buffer.from(encoded, 'base64url').toString('utf8');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const match = /^v1\.([a-z])\.([A-Za-z0-9-]{1,64})$/.exec(payload);
      const setting = match ? SETTINGS[match[1] ?? ''] : undefined;
      if (!match?.[2] || !setting) return null;
      return { userId: match[2], setting };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
