import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Mailer, type MailMessage, toNodemailer } from './mailer.js';

/**
 * Writes every message as an RFC 822 `.eml` file into `dir` (DATA_DIR/outbox), newest last by name,
 * and tells the log where it is. Open it with any mail program, or read the link in it.
 */
export function createOutboxMailer(options: {
  dir: string;
  from: string;
  onWritten?: (file: string, message: MailMessage) => void;
}): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const info = await transport.sendMail(toNodemailer(options.from, message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.onWritten?.(file, message);
    },
  };
}
