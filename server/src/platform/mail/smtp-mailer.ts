import nodemailer from 'nodemailer';
import { type Mailer, toNodemailer } from './mailer.js';

/** Sends through an SMTP server given as `smtp://user:pass@host:587` or `smtps://…:465`. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // Plain SMTP sinks (local relays, test servers) may not offer STARTTLS: `?tls=off` skips it.
    ignoreTLS: url.searchParams.get('tls') === 'off',
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(toNodemailer(options.from, message));
    },
    async close() {
      transport.close();
    },
  };
}
