import path from 'node:path';
import type { AppConfig } from '../../config.js';
import type { Mailer, MailMessage } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type { Mailer, MailMessage } from './mailer.js';

/** The configured mailer: SMTP when SMTP_URL is set, else the outbox folder. */
export function createMailer(
  config: Pick<AppConfig, 'dataDir' | 'mail'>,
  onOutboxWritten?: (file: string, message: MailMessage) => void,
): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  return createOutboxMailer({
    dir: path.join(config.dataDir, 'outbox'),
    from: config.mail.from,
    onWritten: onOutboxWritten,
  });
}
