import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.js';

describe('loadConfig', () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), 'kaleido-config-'));
  });
  afterEach(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it('gives a working embedded default with no variables at all', () => {
    const config = loadConfig({}, { cwd });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.join(cwd, 'data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(cwd, 'data', 'kaleido.db') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(config.webDistDir).toBeNull();
  });

  it('generates the server secret once, owner-only, and reuses it', async () => {
    const first = loadConfig({}, { cwd });
    const second = loadConfig({}, { cwd });
    expect(first.serverSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.serverSecret).toBe(first.serverSecret);
    const file = path.join(cwd, 'data', 'secrets', 'server-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.serverSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('generates the VAPID key pair once, owner-only, unless configured, and never describes the private key', async () => {
    const first = loadConfig({}, { cwd });
    const second = loadConfig({}, { cwd });
    expect(first.push?.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.push).toEqual(first.push);
    expect(first.push?.subject).toBe('mailto:no-reply@localhost');
    const file = path.join(cwd, 'data', 'secrets', 'vapid.json');
    expect(JSON.parse(await readFile(file, 'utf8')).privateKey).toBe(first.push?.vapidPrivateKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(describeConfig(first))).not.toContain(first.push?.vapidPrivateKey);

    const configured = loadConfig(
      {
        VAPID_PUBLIC_KEY: first.push?.vapidPublicKey.replace(/^./, 'B'),
        VAPID_PRIVATE_KEY: first.push?.vapidPrivateKey,
        VAPID_SUBJECT: 'https://kaleido.example.com',
      },
      { cwd },
    );
    expect(configured.push?.vapidPublicKey.startsWith('B')).toBe(true);
    expect(configured.push?.subject).toBe('https://kaleido.example.com');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: first.push?.vapidPublicKey }, { cwd })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' }, { cwd })).toThrow(/VAPID_SUBJECT/);
  });

  it('prefers a given SERVER_SECRET and rejects a short one', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ SERVER_SECRET: secret }, { cwd }).serverSecret).toBe(secret);
    expect(() => loadConfig({ SERVER_SECRET: 'short' }, { cwd })).toThrow(
      /SERVER_SECRET: must be at least 32/,
    );
  });

  it('switches to PostgreSQL with DATABASE_URL and never describes its password', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://kaleido:s3cret@db.internal:5432/kaleido', PORT: '8080' },
      { cwd },
    );
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://kaleido:s3cret@db.internal:5432/kaleido',
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
    const described = JSON.stringify(describeConfig(config));
    expect(described).not.toContain('s3cret');
    expect(described).not.toContain(config.serverSecret);
  });

  it('accepts a sqlite: URL relative to the working directory', () => {
    const config = loadConfig({ DATABASE_URL: 'sqlite:other/app.db' }, { cwd });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(cwd, 'other', 'app.db') });
  });

  it('names every invalid variable', () => {
    let error: unknown;
    try {
      loadConfig(
        { PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' },
        { cwd },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'PUBLIC_URL']) expect(message).toContain(name);
  });

  it('refuses private webhook targets unless WEBHOOK_ALLOW_PRIVATE lifts the rule', () => {
    expect(loadConfig({}, { cwd }).webhooks).toEqual({ allowPrivate: false });
    const allowed = loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { cwd });
    expect(allowed.webhooks).toEqual({ allowPrivate: true });
    expect(describeConfig(allowed)).toMatchObject({ webhooks: { allowPrivate: true } });
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, { cwd })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('runs the periodic tasks unless SCHEDULER turns them off for this process', () => {
    expect(loadConfig({}, { cwd }).scheduler).toBe(true);
    expect(loadConfig({ SCHEDULER: 'true' }, { cwd }).scheduler).toBe(true);
    const webOnly = loadConfig({ SCHEDULER: 'false', WORKER_CONCURRENCY: '0' }, { cwd });
    expect(webOnly).toMatchObject({ scheduler: false, workerConcurrency: 0 });
    expect(describeConfig(webOnly)).toMatchObject({ scheduler: false });
    expect(loadConfig({ SCHEDULER: '0' }, { cwd }).scheduler).toBe(false);
    expect(() => loadConfig({ SCHEDULER: 'sometimes' }, { cwd })).toThrow(/SCHEDULER/);
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://kaleido.example.com/' }, { cwd }).publicUrl).toBe(
      'https://kaleido.example.com',
    );
  });
});
