import { LOCALE_TAGS, type TLocale } from '@kaleido/common';
import { emailT } from './email-messages.js';

/**
 * Kaleido's e-mails: one simple layout (inline styles, a light look that dark-mode clients restyle
 * through `color-scheme` and a prefers-color-scheme block), always as an HTML and a plain-text part
 * with the same words, in the person's language. Everything interpolated into HTML is escaped.
 */

/** Why an e-mail came, said in its footer. */
export type EmailReason = 'security' | 'notifications' | 'marketing';

export interface EmailContent {
  /** The language of the e-mail's words, dates and amounts, and of its `<html lang>`. */
  locale: TLocale;
  subject: string;
  /** The line mail programs show after the subject. */
  preheader: string;
  /** The person's display name, for the greeting. */
  name: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows (a receipt's amount, invoice number, …). */
  details?: { label: string; value: string }[];
  action?: { label: string; url: string };
  footer: {
    /** Security notices are always sent; the others because a setting is on. */
    reason: EmailReason;
    /** Settings › Notifications. */
    settingsUrl: string;
    /** One-click unsubscribe page; null for security e-mails, which are always sent. */
    unsubscribeUrl: string | null;
  };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only http(s) links go into an href. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('unsafe link in e-mail');
  return escapeHtml(parsed.toString());
}

/**
 * Date formats per language. English e-mails keep the day-month-year order they always had
 * ("24 Nov 2026, 06:15"); the other languages use their own conventions.
 */
const DATE_TAGS: Record<TLocale, string> = { ...LOCALE_TAGS, en: 'en-GB' };

/**
 * A date and time in the person's zone and language, naming the zone:
 * "24 Nov 2026, 06:15 CET (Europe/Paris)", "24.11.2026, 06:15 MEZ (Europe/Paris)".
 */
export function formatDateTime(iso: string, timeZone: string, locale: TLocale): string {
  const tag = DATE_TAGS[locale];
  const date = new Date(iso);
  const formatted = new Intl.DateTimeFormat(tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
  const short = new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return timeZone === 'UTC'
    ? `${formatted} UTC`
    : `${formatted} ${short ?? ''} (${timeZone})`.replace('  ', ' ');
}

/** An amount in US dollars, written the way the language writes money ("$15.00", "15,00 $"). */
export function formatUsd(cents: number, locale: TLocale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

const BRAND = 'Kaleido';
const ACCENT = '#6d4aff';

const REASONS = {
  security: 'email.layout.reason.security',
  notifications: 'email.layout.reason.notifications',
  marketing: 'email.layout.reason.marketing',
} as const;

export function renderEmail(content: EmailContent): RenderedEmail {
  const { locale } = content;
  const row = (label: string, value: string) => emailT(locale, 'email.layout.row', { label, value });
  const greeting = emailT(locale, 'email.layout.greeting', { name: content.name });
  const reason = emailT(locale, REASONS[content.footer.reason]);
  const settingsLabel = emailT(locale, 'email.layout.settings');
  const unsubscribeLabel = emailT(locale, 'email.layout.unsubscribe');

  const lines: string[] = [greeting, '', content.heading, ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  if (content.details?.length) {
    for (const detail of content.details) lines.push(row(detail.label, detail.value));
    lines.push('');
  }
  if (content.action) lines.push(row(content.action.label, content.action.url), '');
  lines.push('—', `${BRAND}`, reason, row(settingsLabel, content.footer.settingsUrl));
  if (content.footer.unsubscribeUrl) lines.push(row(unsubscribeLabel, content.footer.unsubscribeUrl));
  const text = `${lines.join('\n')}\n`;

  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#33334a" class="k-muted">${escapeHtml(p)}</p>`,
    )
    .join('');
  const details = content.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:4px 0 20px;border-collapse:collapse;font-size:14px">${content.details
        .map(
          (row) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e6e6ec;color:#6b6b7d" class="k-line k-subtle">${escapeHtml(row.label)}</td><td align="right" style="padding:8px 0;border-bottom:1px solid #e6e6ec;color:#0e0e14;font-weight:600" class="k-line k-fg">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:10px;background:${ACCENT}"><a href="${safeUrl(content.action.url)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(content.action.label)}</a></td></tr></table>`
    : '';
  const unsubscribe = content.footer.unsubscribeUrl
    ? ` · <a href="${safeUrl(content.footer.unsubscribeUrl)}" style="color:#6b6b7d;text-decoration:underline" class="k-subtle">${escapeHtml(unsubscribeLabel)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .k-bg { background:#0b0b10 !important; }
  .k-card { background:#121219 !important; border-color:#24242f !important; }
  .k-fg { color:#f3f3f7 !important; }
  .k-muted { color:#c9c9d6 !important; }
  .k-subtle { color:#a3a3b5 !important; }
  .k-line { border-color:#24242f !important; }
}
</style></head>
<body style="margin:0;padding:0;background:#f6f6f8" class="k-bg">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f6f8" class="k-bg"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',sans-serif">
<tr><td style="padding:0 4px 16px;font-size:18px;font-weight:700;letter-spacing:-0.01em;color:#0e0e14" class="k-fg"><span style="display:inline-block;width:10px;height:10px;border-radius:3px;background:linear-gradient(110deg,#6d4aff,#c026d3,#f43f5e,#f59e0b);margin-right:8px"></span>${BRAND}</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e6e6ec;border-radius:16px;padding:28px" class="k-card">
<p style="margin:0 0 8px;font-size:15px;color:#55556a" class="k-subtle">${escapeHtml(greeting)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0e0e14" class="k-fg">${escapeHtml(content.heading)}</h1>
${paragraphs}${details}${action}
</td></tr>
<tr><td style="padding:16px 4px;font-size:12px;line-height:1.6;color:#6b6b7d" class="k-subtle">${escapeHtml(reason)}<br><a href="${safeUrl(content.footer.settingsUrl)}" style="color:#6b6b7d;text-decoration:underline" class="k-subtle">${escapeHtml(settingsLabel)}</a>${unsubscribe}</td></tr>
</table></td></tr></table></body></html>
`;
  return { subject: content.subject, text, html };
}

/**
 * The forgotten-password e-mail, in the language of the request that asked for it (the person is
 * signed out, so their setting is not known to apply).
 */
export function passwordResetEmail(input: {
  locale: TLocale;
  name: string;
  resetUrl: string;
  /** How long the link works. */
  minutes: number;
  settingsUrl: string;
}): RenderedEmail {
  const { locale, minutes } = input;
  return renderEmail({
    locale,
    subject: emailT(locale, 'email.passwordReset.subject'),
    preheader: emailT(locale, 'email.passwordReset.preheader', { minutes }),
    name: input.name,
    heading: emailT(locale, 'email.passwordReset.heading'),
    paragraphs: [
      emailT(locale, 'email.passwordReset.asked'),
      emailT(locale, 'email.passwordReset.within', { minutes }),
      emailT(locale, 'email.passwordReset.ignore'),
    ],
    action: { label: emailT(locale, 'email.passwordReset.action'), url: input.resetUrl },
    footer: { reason: 'security', settingsUrl: input.settingsUrl, unsubscribeUrl: null },
  });
}
