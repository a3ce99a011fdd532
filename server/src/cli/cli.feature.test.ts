import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliEnvironment, kaleido } from '../../test/cli.js';
import { linkIn, readOutbox, SAME_ORIGIN, signUp } from '../../test/factories.js';
import { createTestContext, type TestContext, testDatabaseKind } from '../../test/harness.js';
import { COMMANDS } from './commands.js';

describe('kaleido CLI', () => {
  let ctx: TestContext;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    ctx = await createTestContext();
    env = cliEnvironment(ctx.config);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('lists its commands with --help, and refuses unknown commands and options with exit code 2', async () => {
    const help = await kaleido(['--help'], { env });
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.out).toContain(command.name);
    expect((await kaleido([], { env })).code).toBe(2);
    const unknown = await kaleido(['explode'], { env });
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.err).toContain('unknown command "explode"');
    const badOption = await kaleido(['migrate', '--colour'], { env });
    expect(badOption.code).toBe(2);
    expect(badOption.err).toMatch(/kaleido migrate: Unknown option '--colour'/);
  });

  it.each(COMMANDS.map((command) => command.name))('%s --help names every option', async (name) => {
    const result = await kaleido([name, '--help'], { env });
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^Usage: kaleido ${name}`));
    const command = COMMANDS.find((candidate) => candidate.name === name);
    for (const option of Object.keys(command?.options ?? {})) expect(result.out).toContain(`--${option}`);
  });

  it('create-admin makes an administrator who signs in with the password read from stdin', async () => {
    await signUp(ctx.app); // the first account of an installation is an administrator anyway
    const made = await kaleido(['create-admin', '--email', 'Root@Example.com', '--name', 'Root Admin'], {
      env,
      stdin: 'a long admin password\n',
    });
    expect(made).toMatchObject({ code: 0, err: '' });
    expect(made.out).toMatch(/^Administrator root@example\.com created/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: 'root@example.com', password: 'a long admin password', remember: false },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ role: 'admin', displayName: 'Root Admin', credits: 10 });
    const promoted = await ctx.database.kysely
      .selectFrom('audit_events')
      .select(['action', 'actor_email'])
      .where('target_id', '=', login.json().data.user.id)
      .execute();
    expect(promoted).toEqual([{ action: 'user.role.change', actor_email: 'cli' }]);
  });

  it('create-admin refuses a taken e-mail, a short password and a missing option', async () => {
    const person = await signUp(ctx.app);
    const taken = await kaleido(['create-admin', '--email', person.email, '--name', 'Again'], {
      env,
      stdin: 'a long admin password\n',
    });
    expect(taken.code).toBe(1);
    expect(taken.err).toContain(`an account with the e-mail ${person.email} exists already`);
    const short = await kaleido(['create-admin', '--email', 'new@example.com', '--name', 'New'], {
      env,
      stdin: 'short\n',
    });
    expect(short.code).toBe(1);
    expect(short.err).toContain('Password must be at least 8 characters.');
    const missing = await kaleido(['create-admin', '--email', 'new@example.com'], { env });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--name required');
    const count = await ctx.database.kysely.selectFrom('users').select('email').execute();
    expect(count.map((row) => row.email)).toEqual([person.email]);
  });

  it('reset-password e-mails a working reset link, and says so when nobody has the address', async () => {
    const person = await signUp(ctx.app, { password: 'old password 123' });
    const sent = await kaleido(['reset-password', '--email', person.email], { env });
    expect(sent).toMatchObject({ code: 0 });
    expect(sent.out).toContain(`Password reset e-mail sent to ${person.email}.`);
    const [message] = (await readOutbox(ctx.dataDir)).filter((mail) => mail.includes('/auth/reset?token='));
    const token = new URL(linkIn(message ?? '')).searchParams.get('token');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: SAME_ORIGIN,
      payload: { token, newPassword: 'new password 456' },
    });
    expect(reset.statusCode).toBe(200);
    const nobody = await kaleido(['reset-password', '--email', 'nobody@example.com'], { env });
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('no account has the e-mail nobody@example.com');
  });

  const auditOf = (targetId: string) =>
    ctx.database.kysely
      .selectFrom('audit_events')
      .select(['action', 'actor_email', 'reason'])
      .where('target_id', '=', targetId)
      .execute();

  it('grant-credits gives credits and deductions back, audited as the CLI, never below zero', async () => {
    const person = await signUp(ctx.app);
    const granted = await kaleido(
      [
        'grant-credits',
        '--email',
        person.email.toUpperCase(),
        '--amount',
        '25',
        '--reason',
        'support goodwill',
      ],
      { env },
    );
    expect(granted).toMatchObject({ code: 0, err: '' });
    expect(granted.out).toBe(`Granted 25 credit(s) to ${person.email}: balance 35.\n`);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: person.cookie },
    });
    expect(me.json().data.credits).toBe(35);
    const taken = await kaleido(
      ['grant-credits', '--email', person.email, '--amount=-5', '--reason', 'typo'],
      { env },
    );
    expect(taken.out).toBe(`Deducted 5 credit(s) from ${person.email}: balance 30.\n`);
    expect(await auditOf(person.user.id)).toEqual([
      { action: 'user.credits.grant', actor_email: 'cli', reason: 'support goodwill' },
      { action: 'user.credits.deduct', actor_email: 'cli', reason: 'typo' },
    ]);

    const tooMuch = await kaleido(
      ['grant-credits', '--email', person.email, '--amount=-31', '--reason', 'x'],
      { env },
    );
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.err).toContain('This would take the balance below zero: the account has 30 credits.');
    const notANumber = await kaleido(
      ['grant-credits', '--email', person.email, '--amount', '2.5', '--reason', 'x'],
      {
        env,
      },
    );
    expect(notANumber.code).toBe(2);
    expect(notANumber.err).toContain('--amount must be a whole number');
    const nobody = await kaleido(
      ['grant-credits', '--email', 'nobody@example.com', '--amount', '1', '--reason', 'x'],
      {
        env,
      },
    );
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('no account has the e-mail nobody@example.com');
  });

  it('disable ends the sessions and sign-ins of an account, audited with the reason', async () => {
    await signUp(ctx.app); // the first account, an administrator, who may not be disabled last
    const person = await signUp(ctx.app);
    const result = await kaleido(['disable', '--email', person.email, '--reason', 'spam wave'], { env });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(new RegExp(`^Disabled ${person.email} \\(\\d{4}-`));
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: person.cookie },
    });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: person.email, password: person.password, remember: false },
    });
    expect(login.statusCode).toBe(403);
    expect(await auditOf(person.user.id)).toContainEqual({
      action: 'user.disable',
      actor_email: 'cli',
      reason: 'spam wave',
    });
  });

  it('migrate says the database is up to date once it is', async () => {
    const result = await kaleido(['migrate'], { env });
    expect(result).toMatchObject({ code: 0, out: 'The database is up to date.\n' });
  });

  it('doctor passes on a healthy installation and names each check', async () => {
    const result = await kaleido(['doctor'], { env });
    expect(result.code).toBe(0);
    expect(result.out).toContain(`✓ database: ${testDatabaseKind()} answers, schema up to date`);
    expect(result.out).toContain('✓ storage: disk store is writable');
    expect(result.out).toContain('✓ provider sketch');
    expect(result.out).toMatch(/disk space: [\d.]+ GiB free/);
    expect(result.out).toContain('! mail: no SMTP_URL');
    expect(result.out).toMatch(/0 problem\(s\), \d+ warning\(s\)\./);
  });

  it('doctor fails with a fix when storage cannot be written or the configuration is wrong', async () => {
    const blocked = path.join(ctx.dataDir, 'a-file');
    await writeFile(blocked, 'x');
    const storage = await kaleido(['doctor'], { env: { ...env, STORAGE_URL: `file://${blocked}` } });
    expect(storage.code).toBe(1);
    expect(storage.out).toMatch(/✗ storage: .+\n {4}fix: make the folder writable/);
    expect(storage.err).toContain('kaleido doctor: some checks failed');
    const config = await kaleido(['doctor'], { env: { ...env, PORT: 'eighty' } });
    expect(config.code).toBe(1);
    expect(config.out).toMatch(/✗ configuration: Invalid configuration:\n {2}PORT: /);
  });
});
