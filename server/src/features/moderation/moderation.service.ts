import { randomUUID } from 'node:crypto';
import type {
  TReportCreated,
  TReportInput,
  TReportReason,
  TReviewDecisionInput,
  TReviewDecisionResult,
  TReviewQueue,
  TReviewQueueQuery,
} from '@kaleido/common';
import { ZReviewDecisionInput, ZReviewQueueQuery } from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/http/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import { canSeeProfile } from '../sharing/visibility.js';
import { type Actor, adminChange, type RecordAudit } from '../site-settings/audit.js';
import type { ModerationRepository } from './moderation.repository.js';

/**
 * Reports on shared creations and the administrators' review queue. Anyone signed in who can see a
 * shared item may report it once (a second report answers 409 `ALREADY_REPORTED`); reports gather
 * per item in the queue. Hiding takes the item out of the gallery and every profile (the sharing
 * query leaves out `assets.hidden`); keeping closes its reports until someone reports it again.
 * Each decision writes an audit row; disabling the author goes through the people service, which
 * audits it as its own action.
 */
export function createModerationService(deps: {
  database: Database;
  repository: ModerationRepository;
  signer: UrlSigner;
  clock: Clock;
  audit: RecordAudit;
  /** Disables an account as the people console does (sessions end, keys stop, its own audit row). */
  disableAccount(actor: Actor, userId: string, reason: string): Promise<void>;
}) {
  const now = () => deps.clock.now().toISOString();

  return {
    async report(reporterId: string, input: TReportInput): Promise<TReportCreated> {
      const item = await deps.repository.findReportable(input.itemId);
      const visible =
        item &&
        canSeeProfile({ id: item.user_id, visibility: item.profile_visibility }, { userId: reporterId });
      if (!item || !visible) throw new AppError('NOT_FOUND', 'api.moderation.itemNotFound');
      if (await deps.repository.hasReported(item.id, reporterId)) throw new AppError('ALREADY_REPORTED');
      const report = {
        id: randomUUID(),
        asset_id: item.id,
        reporter_id: reporterId,
        reason: input.reason,
        note: input.note?.trim() || null,
        created_at: now(),
      };
      try {
        await deps.database.kysely.transaction().execute(async (trx) => {
          await deps.repository.insertReport(report, trx);
          await deps.repository.openItem(item.id, report.created_at, trx);
        });
      } catch (error) {
        // Two reports of the same person at once: the unique index keeps the first.
        if (isUniqueViolation(error)) throw new AppError('ALREADY_REPORTED');
        throw error;
      }
      return { id: report.id, itemId: item.id, reason: input.reason, createdAt: report.created_at };
    },

    async queue(query: TReviewQueueQuery): Promise<TReviewQueue> {
      const { status, cursor, limit } = ZReviewQueueQuery.parse(query);
      const rows = await deps.repository.queue({ status, after: decodeCursor(cursor), limit });
      const ids = rows.map((row) => row.asset_id);
      const reports = await deps.repository.reportsOf(ids);
      const items = rows.map((row) => ({
        itemId: row.asset_id,
        type: row.kind,
        url: deps.signer.url(row.thumbnail_key ?? row.file_key),
        videoUrl: row.kind === 'video' ? deps.signer.url(row.file_key) : null,
        prompt: row.prompt,
        author: {
          id: row.author_id,
          handle: row.author_handle,
          displayName: row.author_name,
          email: row.author_email,
          disabled: row.author_disabled_at !== null,
        },
        status: row.status,
        hidden: row.hidden === 1,
        reportCount: Number(row.report_count),
        reports: reports
          .filter((report) => report.asset_id === row.asset_id)
          .map((report) => ({
            id: report.id,
            reason: report.reason as TReportReason,
            note: report.note,
            reporter: { id: report.reporter_id, displayName: report.reporter_name },
            createdAt: report.created_at,
          })),
        firstReportedAt: row.first_reported_at,
        lastReportedAt: row.last_reported_at,
        decidedAt: row.decided_at,
      }));
      const last = rows.at(-1);
      return {
        items,
        nextCursor:
          last && rows.length === limit
            ? encodeCursor({ created_at: last.last_reported_at, id: last.asset_id })
            : null,
      };
    },

    /** Hide or keep a reported item (audited), and disable its author when asked. */
    async decide(actor: Actor, itemId: string, input: TReviewDecisionInput): Promise<TReviewDecisionResult> {
      const { decision, disableAuthor } = ZReviewDecisionInput.parse(input);
      const status = decision === 'hide' ? 'hidden' : 'kept';
      const authorId = await deps.database.kysely.transaction().execute(async (trx) => {
        const item = await deps.repository.findItem(itemId, trx);
        if (!item) throw new AppError('NOT_FOUND', 'api.moderation.notInQueue');
        await deps.repository.decide(itemId, { status, at: now(), by: actor.id }, trx);
        await deps.audit(
          adminChange(actor, {
            action: 'report.resolve',
            target: { type: 'report', id: itemId },
            before: { status: item.status, hidden: item.hidden === 1 },
            after: { status, hidden: status === 'hidden', disableAuthor },
          }),
          trx,
        );
        return item.author_id;
      });
      if (disableAuthor && authorId !== actor.id) {
        await deps.disableAccount(actor, authorId, `Reported item ${itemId} hidden after review`);
      }
      const authorDisabled = await deps.repository.isDisabled(authorId);
      return { itemId, status, hidden: status === 'hidden', authorDisabled };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
