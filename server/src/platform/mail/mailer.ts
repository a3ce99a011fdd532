/**
 * Outgoing e-mail. The embedded default writes to an outbox folder; SMTP when configured. Every
 * message goes out with a plain-text and an HTML part: when a caller gives only text, the mailer adds
 * an HTML rendering of it (`htmlFromText`).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra header fields, passed through unchanged (e.g. RFC 8058 `List-Unsubscribe` and
   * `List-Unsubscribe-Post`). Values must be single-line.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, escaped HTML rendering of a text body (links made clickable). */
function htmlFromText(text: string): string {
  const body = escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
  return `<!doctype html><html><body><pre style="font-family:inherit;white-space:pre-wrap">${body}</pre></body></html>`;
}

/** What nodemailer is given: both parts, and the extra headers as prepared (unfolded, unencoded) values. */
export function toNodemailer(from: string, message: MailMessage) {
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new Error(`unsafe mail header ${name}`);
  }
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? htmlFromText(message.text),
    headers: Object.fromEntries(
      Object.entries(message.headers ?? {}).map(([name, value]) => [name, { prepared: true, value }]),
    ),
  };
}
