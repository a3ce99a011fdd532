import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/postgres-server.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

describe('outbox mailer', () => {
  it('writes each message as an owner-only .eml file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-outbox-'));
    try {
      const written: string[] = [];
      const mailer = createOutboxMailer({
        dir,
        from: 'Kaleido <no-reply@localhost>',
        onWritten: (file) => written.push(file),
      });
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Hello',
        text: 'Open https://example.com/x?token=abc',
      });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(written).toEqual([path.join(dir, files[0] ?? '')]);
      const raw = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
      expect(raw).toContain('To: ada@example.com');
      expect(raw).toContain('Subject: Hello');
      expect(raw).toContain('https://example.com/x?token=abc');
      expect((await stat(path.join(dir, files[0] ?? ''))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('always writes a plain-text and an HTML part, and passes extra headers through unfolded', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-outbox-'));
    try {
      const mailer = createOutboxMailer({ dir, from: 'Kaleido <no-reply@localhost>' });
      const unsubscribe = `<https://kaleido.example/api/email/unsubscribe?token=${'a'.repeat(120)}>`;
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Text only',
        text: 'Fish & chips <3 https://example.com/x',
        headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [file] = await readdir(dir);
      const raw = await readFile(path.join(dir, file ?? ''), 'utf8');
      expect(raw).toContain('Content-Type: multipart/alternative');
      expect(raw).toContain('Content-Type: text/plain');
      expect(raw).toContain('Content-Type: text/html');
      expect(raw).toContain('Fish &#38; chips &#60;3');
      expect(raw).toContain(`List-Unsubscribe: ${unsubscribe}\n`);
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\n');
      await expect(
        mailer.send({ to: 'a@example.com', subject: 's', text: 't', headers: { 'X-Evil': 'a\r\nBcc: x@y' } }),
      ).rejects.toThrow(/unsafe mail header/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('SMTP mailer', () => {
  const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'p@ss word')
          return callback(null, { user: auth.username });
        return callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers through an SMTP server with the credentials of the URL', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}?tls=off`,
      from: 'Kaleido <no-reply@kaleido.example>',
    });
    await mailer.send({
      to: 'grace@example.com',
      subject: 'Reset your Kaleido password',
      text: 'link: http://x/y',
    });
    await mailer.close?.();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      from: 'no-reply@kaleido.example',
      to: ['grace@example.com'],
      user: 'mailer',
    });
    expect(received[0]?.raw).toContain('Subject: Reset your Kaleido password');
    expect(received[0]?.raw).toContain('Content-Type: text/html');
  });

  it('fails loudly when the server refuses the credentials', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:wrong@127.0.0.1:${port}?tls=off`,
      from: 'k@localhost',
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close?.();
  });
});
