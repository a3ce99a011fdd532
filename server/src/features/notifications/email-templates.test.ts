import { describe, expect, it } from 'vitest';
import { formatDateTime, renderEmail } from './email-templates.js';
import { createUnsubscribeTokens } from './unsubscribe-tokens.js';

describe('e-mail templates', () => {
  const content = {
    subject: 'Your <video> is ready',
    preheader: 'a "quoted" prompt',
    name: `O'Brien <script>`,
    heading: 'Your video is ready',
    paragraphs: ['Fish & chips'],
    details: [{ label: 'Prompt', value: '<img src=x onerror=alert(1)>' }],
    action: { label: 'Open', url: 'https://kaleido.example/library?asset=a&b=c' },
    footer: {
      reason: 'Because.',
      settingsUrl: 'https://kaleido.example/profile?tab=settings',
      unsubscribeUrl: 'https://kaleido.example/api/email/unsubscribe?token=t',
    },
  };

  it('renders the same words as text and as escaped HTML', () => {
    const mail = renderEmail(content);
    expect(mail.text).toContain(`Hi O'Brien <script>,`);
    expect(mail.text).toContain('Prompt: <img src=x onerror=alert(1)>');
    expect(mail.text).toContain('Open: https://kaleido.example/library?asset=a&b=c');
    expect(mail.text).toContain('Unsubscribe: https://kaleido.example/api/email/unsubscribe?token=t');
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('O&#39;Brien &#60;script&#62;');
    expect(mail.html).toContain('href="https://kaleido.example/library?asset=a&#38;b=c"');
    expect(mail.html).toContain('<title>Your &#60;video&#62; is ready</title>');
  });

  it('leaves the unsubscribe link out of security e-mails and refuses non-http links', () => {
    const security = renderEmail({ ...content, footer: { ...content.footer, unsubscribeUrl: null } });
    expect(security.text).not.toContain('Unsubscribe');
    expect(security.html).not.toContain('Unsubscribe');
    expect(() => renderEmail({ ...content, action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow();
  });

  it('dates in the person’s zone and names it', () => {
    expect(formatDateTime('2026-07-01T12:00:00.000Z', 'Europe/Paris')).toBe(
      '1 Jul 2026, 14:00 CEST (Europe/Paris)',
    );
    expect(formatDateTime('2026-07-01T12:00:00.000Z', 'UTC')).toBe('1 Jul 2026, 12:00 UTC');
  });
});

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(Buffer.alloc(32, 7));
  it('verifies its own tokens and nothing else', () => {
    const token = tokens.sign('6ce17907-9879-4e59-ad67-a8b991004a8e', 'marketingEmails');
    expect(tokens.verify(token)).toEqual({
      userId: '6ce17907-9879-4e59-ad67-a8b991004a8e',
      setting: 'marketingEmails',
    });
    const other = createUnsubscribeTokens(Buffer.alloc(32, 8));
    expect(other.verify(token)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify('a.b.c')).toBeNull();
  });
});
