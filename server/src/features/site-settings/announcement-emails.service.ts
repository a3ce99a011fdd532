import { randomUUID } from 'node:crypto';
import type { TAnnouncementEmail, TAnnouncementEmailInput } from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { type Actor, adminChange, type RecordAudit } from './audit.js';
import type { AnnouncementEmailRow, SiteSettingsRepository } from './site-settings.repository.js';

/** Recipients per batch: progress is saved after each. */
export const ANNOUNCEMENT_BATCH_SIZE = 50;
/** How long a process holds a sending between batches before another may take it over. */
const LEASE_MS = 2 * 60_000;
const LIST_LIMIT = 50;

interface Recipient {
  id: string;
  email: string;
  display_name: string;
}

/**
 * Announcement e-mails to the people who consented to marketing e-mails, sent through the mailer in
 * batches of 50 ordered by account id. The sending is a durable job in `announcement_emails`: the
 * process that starts it sends it in the background, saving the cursor and the counts after each
 * batch under a lease; if that process stops, the scheduler of any process with workers takes the
 * lapsed lease over and goes on from the cursor. Consent is read batch by batch, so someone who
 * unsubscribes meanwhile is skipped.
 */
export function createAnnouncementEmailsService(deps: {
  database: Database;
  repository: SiteSettingsRepository;
  /** People who consented to marketing e-mails, by id after `after`. */
  recipients(options: { after?: string; limit: number }): Promise<Recipient[]>;
  /** One announcement to one person (their language's layout, an unsubscribe link). */
  send(recipient: Recipient, message: { subject: string; body: string }): Promise<void>;
  clock: Clock;
  log: FastifyBaseLogger;
  audit: RecordAudit;
}) {
  const inFlight = new Set<Promise<void>>();
  const iso = (offsetMs = 0) => new Date(deps.clock.now().getTime() + offsetMs).toISOString();

  function present(row: AnnouncementEmailRow): TAnnouncementEmail {
    return {
      id: row.id,
      subject: row.subject,
      status: row.status,
      total: Number(row.total),
      sent: Number(row.sent),
      failed: Number(row.failed),
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }

  /** Sends a claimed sending to its end, batch by batch, from its saved cursor. */
  async function sendAll(row: AnnouncementEmailRow): Promise<void> {
    let cursor = row.cursor;
    for (;;) {
      const batch = await deps.recipients({ after: cursor ?? undefined, limit: ANNOUNCEMENT_BATCH_SIZE });
      let sent = 0;
      let failed = 0;
      for (const recipient of batch) {
        try {
          await deps.send(recipient, { subject: row.subject, body: row.body });
          sent++;
        } catch (error) {
          failed++;
          deps.log.warn({ err: error, announcement: row.id }, 'announcement e-mail not sent');
        }
      }
      cursor = batch.at(-1)?.id ?? cursor;
      const done = batch.length < ANNOUNCEMENT_BATCH_SIZE;
      await deps.repository.recordBatch(row.id, {
        sent,
        failed,
        cursor,
        done,
        at: iso(),
        leaseUntil: iso(LEASE_MS),
      });
      if (done) return;
    }
  }

  /** Claims and sends every sending no process holds; resolves when they are all sent. */
  async function run(): Promise<number> {
    let handled = 0;
    for (const row of await deps.repository.claimableEmails(iso())) {
      if (!(await deps.repository.claimEmail(row.id, iso(), iso(LEASE_MS)))) continue;
      await sendAll(row);
      handled++;
    }
    return handled;
  }

  function background(): void {
    const running = run()
      .then(() => undefined)
      .catch((error: unknown) => deps.log.error({ err: error }, 'announcement e-mails failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  return {
    /** Records the sending (and its audit row) and starts it in the background; answers at once. */
    async start(actor: Actor, input: TAnnouncementEmailInput): Promise<TAnnouncementEmail> {
      const row: AnnouncementEmailRow = {
        id: randomUUID(),
        subject: input.subject.trim(),
        body: input.body.trim(),
        status: 'sending',
        total: 0,
        sent: 0,
        failed: 0,
        cursor: null,
        lease_until: null,
        created_by: actor.id,
        created_at: iso(),
        finished_at: null,
      };
      await deps.database.kysely.transaction().execute(async (trx) => {
        row.total = await deps.repository.countConsenting(trx);
        await deps.repository.insertEmail(row, trx);
        await deps.audit(
          adminChange(actor, {
            action: 'announcement.send',
            target: { type: 'announcement', id: row.id, label: row.subject },
            after: { subject: row.subject, recipients: row.total },
          }),
          trx,
        );
      });
      background();
      return present(row);
    },

    async list(): Promise<TAnnouncementEmail[]> {
      return (await deps.repository.listEmails(LIST_LIMIT)).map(present);
    },

    async get(id: string): Promise<TAnnouncementEmail> {
      const row = await deps.repository.findEmail(id);
      if (!row) throw new AppError('NOT_FOUND', 'api.siteSettings.emailNotFound');
      return present(row);
    },

    /** Sendings whose process stopped (the scheduler's task; tests call it). */
    run,

    /** Resolves when the sendings this process started are done (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

export type AnnouncementEmailsService = ReturnType<typeof createAnnouncementEmailsService>;
