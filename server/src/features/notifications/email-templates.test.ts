import { describe, expect, it } from 'vitest';
import { formatDateTime, formatUsd, passwordResetEmail, renderEmail } from './email-templates.js';
import { createUnsubscribeTokens } from './unsubscribe-tokens.js';

describe('e-mail templates', () => {
  const content = {
    locale: 'en' as const,
    subject: 'Your <video> is ready',
    preheader: 'a "quoted" prompt',
    name: `O'Brien <script>`,
    heading: 'Your video is ready',
    paragraphs: ['Fish & chips'],
    details: [{ label: 'Prompt', value: '<img src=x onerror=alert(1)>' }],
    action: { label: 'Open', url: 'https://kaleido.example/library?asset=a&b=c' },
    footer: {
      reason: 'notifications' as const,
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
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain(
      'You get this e-mail because e-mail notifications are on in your Kaleido settings.',
    );
    expect(mail.text).toContain('E-mail settings: https://kaleido.example/profile?tab=settings');
  });

  it('writes the layout’s own words in the e-mail’s language, with its <html lang>', () => {
    const mail = renderEmail({ ...content, locale: 'zh' });
    expect(mail.html).toContain('<html lang="zh-Hans">');
    expect(mail.text).toContain(`O'Brien <script>，你好！`);
    expect(mail.text).toContain('Prompt：<img src=x onerror=alert(1)>');
    expect(mail.text).toContain('邮件设置：https://kaleido.example/profile?tab=settings');
    expect(mail.text).toContain('退订：https://kaleido.example/api/email/unsubscribe?token=t');
    expect(mail.html).toContain('>退订</a>');
    expect(mail.html).toContain('>邮件设置</a>');
    expect(mail.text).not.toMatch(/Hi |E-mail settings|Unsubscribe|You get this e-mail/);

    const reset = passwordResetEmail({
      locale: 'de',
      name: 'Jana',
      resetUrl: 'https://kaleido.example/auth/reset?token=x',
      minutes: 30,
      settingsUrl: 'https://kaleido.example/profile?tab=settings',
    });
    expect(reset.subject).toBe('Setze dein Kaleido-Passwort zurück');
    expect(reset.html).toContain('<html lang="de">');
    expect(reset.text).toContain('Hallo Jana,');
    expect(reset.text).toContain(
      'Öffne diesen Link innerhalb von 30 Minuten, um ein neues Passwort festzulegen.',
    );
    expect(reset.text).toContain('Neues Passwort festlegen: https://kaleido.example/auth/reset?token=x');
    expect(reset.text).toContain('Dies ist ein Sicherheitshinweis');
    expect(reset.text).not.toContain('Abbestellen');
  });

  it('leaves the unsubscribe link out of security e-mails and refuses non-http links', () => {
    const security = renderEmail({ ...content, footer: { ...content.footer, unsubscribeUrl: null } });
    expect(security.text).not.toContain('Unsubscribe');
    expect(security.html).not.toContain('Unsubscribe');
    expect(() => renderEmail({ ...content, action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow();
  });

  it('dates in the person’s zone and language and names the zone', () => {
    expect(formatDateTime('2026-07-01T12:00:00.000Z', 'Europe/Paris', 'en')).toBe(
      '1 Jul 2026, 14:00 CEST (Europe/Paris)',
    );
    expect(formatDateTime('2026-07-01T12:00:00.000Z', 'UTC', 'en')).toBe('1 Jul 2026, 12:00 UTC');
    expect(formatDateTime('2026-07-01T12:00:00.000Z', 'Europe/Paris', 'de')).toBe(
      '01.07.2026, 14:00 MESZ (Europe/Paris)',
    );
    expect(formatDateTime('2026-07-01T12:00:00.000Z', 'Asia/Shanghai', 'zh')).toBe(
      `${new Intl.DateTimeFormat('zh-Hans', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(new Date('2026-07-01T12:00:00.000Z'))} ${
        new Intl.DateTimeFormat('zh-Hans', { timeZone: 'Asia/Shanghai', timeZoneName: 'short' })
          .formatToParts(new Date('2026-07-01T12:00:00.000Z'))
          .find((part) => part.type === 'timeZoneName')?.value
      } (Asia/Shanghai)`,
    );
  });

  it('writes US dollars the way each language writes money', () => {
    expect(formatUsd(1500, 'en')).toBe('$15.00');
    for (const locale of ['es', 'fr', 'de', 'zh'] as const) {
      expect(formatUsd(1500, locale)).toBe(
        new Intl.NumberFormat(locale === 'zh' ? 'zh-Hans' : locale, {
          style: 'currency',
          currency: 'USD',
        }).format(15),
      );
    }
    expect(formatUsd(1500, 'de')).toMatch(/^15,00\s\$$/);
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
