/**
 * Kaleido's e-mails: one simple layout (inline styles, a light look that dark-mode clients restyle
 * through `color-scheme` and a prefers-color-scheme block), always as an HTML and a plain-text part
 * with the same words. Everything interpolated into HTML is escaped.
 */

export interface EmailContent {
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
    /** Why this e-mail came, e.g. "You get this e-mail because e-mail notifications are on." */
    reason: string;
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
 * A date and time in the person's zone, naming the zone: "24 Nov 2026, 06:15 CET (Europe/Paris)".
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
  const short = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value;
  return timeZone === 'UTC'
    ? `${formatted} UTC`
    : `${formatted} ${short ?? ''} (${timeZone})`.replace('  ', ' ');
}

export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

const BRAND = 'Kaleido';
const ACCENT = '#6d4aff';

export function renderEmail(content: EmailContent): RenderedEmail {
  const lines: string[] = [`Hi ${content.name},`, '', content.heading, ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  if (content.details?.length) {
    for (const row of content.details) lines.push(`${row.label}: ${row.value}`);
    lines.push('');
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push('—', `${BRAND}`, content.footer.reason, `E-mail settings: ${content.footer.settingsUrl}`);
  if (content.footer.unsubscribeUrl) lines.push(`Unsubscribe: ${content.footer.unsubscribeUrl}`);
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
    ? ` · <a href="${safeUrl(content.footer.unsubscribeUrl)}" style="color:#6b6b7d;text-decoration:underline" class="k-subtle">Unsubscribe</a>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
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
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<tr><td style="padding:0 4px 16px;font-size:18px;font-weight:700;letter-spacing:-0.01em;color:#0e0e14" class="k-fg"><span style="display:inline-block;width:10px;height:10px;border-radius:3px;background:linear-gradient(110deg,#6d4aff,#c026d3,#f43f5e,#f59e0b);margin-right:8px"></span>${BRAND}</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e6e6ec;border-radius:16px;padding:28px" class="k-card">
<p style="margin:0 0 8px;font-size:15px;color:#55556a" class="k-subtle">Hi ${escapeHtml(content.name)},</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0e0e14" class="k-fg">${escapeHtml(content.heading)}</h1>
${paragraphs}${details}${action}
</td></tr>
<tr><td style="padding:16px 4px;font-size:12px;line-height:1.6;color:#6b6b7d" class="k-subtle">${escapeHtml(content.footer.reason)}<br><a href="${safeUrl(content.footer.settingsUrl)}" style="color:#6b6b7d;text-decoration:underline" class="k-subtle">E-mail settings</a>${unsubscribe}</td></tr>
</table></td></tr></table></body></html>
`;
  return { subject: content.subject, text, html };
}
