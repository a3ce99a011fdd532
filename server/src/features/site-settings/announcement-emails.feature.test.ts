import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, readOutbox, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, insertOldAccount, type TestContext } from '../../../test/harness.js';
import { type ParsedMail, parseMail } from '../../../test/mail.js';
import { ANNOUNCEMENT_BATCH_SIZE } from './announcement-emails.service.js';

const SUBJECT = 'Kaleido 2.0 is here';
const BODY = 'New tools arrived today.\n\nOpen the app to try them.';

describe('announcement e-mails', () => {
  let ctx: TestContext;
  let admin: SignedIn;

  beforeEach(async () => {
    ctx = await createTestContext();
    admin = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  /** `count` accounts that consented to marketing e-mails, made directly (ids sort as numbered). */
  async function consenting(count: number, prefix = 'c'): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const id = `${prefix}-${String(index).padStart(4, '0')}`;
      await insertOldAccount(ctx.database, { id, createdAt: '2026-01-01T00:00:00.000Z' });
      ids.push(id);
    }
    await ctx.database.kysely
      .updateTable('users')
      .set({ marketing_consent_at: '2026-01-02T00:00:00.000Z' })
      .where('id', 'in', ids)
      .execute();
    return ids;
  }
  const announcements = async (): Promise<ParsedMail[]> =>
    (await readOutbox(ctx.dataDir)).map(parseMail).filter((mail) => mail.headers.subject === SUBJECT);
  const send = () =>
    browser(ctx.app, admin).post('/api/admin/announcement-emails', { subject: SUBJECT, body: BODY });

  it('sends to consenting people only, in batches, with progress, an unsubscribe link and an audit row', async () => {
    const people = await consenting(ANNOUNCEMENT_BATCH_SIZE + 3);
    const withSetting = await signUp(ctx.app);
    await browser(ctx.app, withSetting).patch('/api/settings', { marketingEmails: true, language: 'fr' });
    const without = await signUp(ctx.app);

    const started = await send();
    expect(started.statusCode, started.body).toBe(202);
    const sending = started.json().data;
    expect(sending).toMatchObject({ subject: SUBJECT, status: 'sending', total: people.length + 1, sent: 0 });
    await ctx.app.jobs.announcementEmails.idle();

    const progress = (
      await browser(ctx.app, admin).get(`/api/admin/announcement-emails/${sending.id}`)
    ).json().data;
    expect(progress).toMatchObject({
      status: 'done',
      total: people.length + 1,
      sent: people.length + 1,
      failed: 0,
    });
    expect(progress.finishedAt).not.toBeNull();
    const listed = (await browser(ctx.app, admin).get('/api/admin/announcement-emails')).json().data;
    expect(listed).toEqual([progress]);

    const mails = await announcements();
    const recipients = mails.map((mail) => mail.headers.to);
    expect(recipients).toHaveLength(people.length + 1);
    expect(recipients).toContain(withSetting.email);
    expect(recipients).not.toContain(without.email);
    expect(recipients).not.toContain(admin.email);
    const french = mails.find((mail) => mail.headers.to === withSetting.email);
    expect(french?.text).toContain('New tools arrived today.');
    expect(french?.text).toContain('Open the app to try them.');
    expect(french?.headers['list-unsubscribe']).toMatch(/\/api\/email\/unsubscribe\?token=/);
    expect(french?.html).toMatch(/lang="fr"/);

    const [row] = await ctx.database.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'announcement.send')
      .execute();
    expect(row).toMatchObject({
      actor_id: admin.user.id,
      target_type: 'announcement',
      target_id: sending.id,
    });
    expect(JSON.parse(row?.after ?? 'null')).toEqual({ subject: SUBJECT, recipients: people.length + 1 });
  });

  it('is for administrators only and checks its input', async () => {
    const person = await signUp(ctx.app);
    expect(
      (await browser(ctx.app, person).post('/api/admin/announcement-emails', { subject: 'x', body: 'y' }))
        .statusCode,
    ).toBe(403);
    expect((await browser(ctx.app, person).get('/api/admin/announcement-emails')).statusCode).toBe(403);
    expect(
      (await browser(ctx.app, admin).post('/api/admin/announcement-emails', { subject: ' ', body: 'y' }))
        .statusCode,
    ).toBe(400);
    expect((await browser(ctx.app, admin).get('/api/admin/announcement-emails/unknown')).statusCode).toBe(
      404,
    );
  });

  it('goes on from the last batch when the process sending it stopped', async () => {
    const people = await consenting(5);
    // A sending whose process stopped after its first two recipients, its lease long lapsed.
    await ctx.database.kysely
      .insertInto('announcement_emails')
      .values({
        id: 'stopped',
        subject: SUBJECT,
        body: BODY,
        status: 'sending',
        total: 5,
        sent: 2,
        failed: 0,
        cursor: people[1] ?? null,
        lease_until: '2020-01-01T00:00:00.000Z',
        created_by: admin.user.id,
        created_at: '2020-01-01T00:00:00.000Z',
        finished_at: null,
      })
      .execute();
    expect(await ctx.app.jobs.announcementEmails.run()).toBe(1);
    const recipients = (await announcements()).map((mail) => mail.headers.to);
    expect(recipients.sort()).toEqual(people.slice(2).map((id) => `${id}@example.com`));
    const done = (await browser(ctx.app, admin).get('/api/admin/announcement-emails/stopped')).json().data;
    expect(done).toMatchObject({ status: 'done', sent: 5 });
    // Nothing is left to take over.
    expect(await ctx.app.jobs.announcementEmails.run()).toBe(0);
  });
});
