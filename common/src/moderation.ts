import { z } from 'zod';
import { GENERATION_TYPES } from './constants.js';

/**
 * Moderation contracts (issue 20): blocked terms checked at every submit, reports on shared
 * creations, and the administrators' review queue.
 *
 * Routes: `GET|PUT /api/admin/blocked-terms` (TBlockedTerms), `POST /api/reports` (signed in, 201
 * TReportCreated), `GET /api/admin/reports` (TReviewQueue), `POST /api/admin/reports/:itemId/decision`
 * (TReviewDecisionResult). A prompt with a blocked term is refused 400 `CONTENT_BLOCKED` at every submit.
 */

/** `word`: the term as a whole word or phrase, case-insensitive. `regex`: a linear-time (RE2) pattern. */
export const BLOCKED_TERM_KINDS = ['word', 'regex'] as const;
export type TBlockedTermKind = (typeof BLOCKED_TERM_KINDS)[number];

export const BLOCKED_TERM_LIMITS = { termMaxLength: 200, maxTerms: 1000 } as const;

export const ZBlockedTerm = z
  .object({
    term: z.string().trim().min(1).max(BLOCKED_TERM_LIMITS.termMaxLength),
    kind: z.enum(BLOCKED_TERM_KINDS),
  })
  .meta({ id: 'BlockedTerm' });
export type TBlockedTerm = z.infer<typeof ZBlockedTerm>;

/** `PUT /api/admin/blocked-terms`: the whole list (replaces the previous one). A bad pattern is a 400 naming it. */
export const ZBlockedTermsInput = z.strictObject({
  terms: z.array(ZBlockedTerm).max(BLOCKED_TERM_LIMITS.maxTerms),
});
export type TBlockedTermsInput = z.input<typeof ZBlockedTermsInput>;

/** `GET|PUT /api/admin/blocked-terms`. */
export const ZBlockedTerms = z
  .object({
    terms: z.array(ZBlockedTerm),
    /** When an administrator last saved the list; null before the first save. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'BlockedTerms' });
export type TBlockedTerms = z.infer<typeof ZBlockedTerms>;

/** Why a person reports a shared creation. */
export const REPORT_REASONS = [
  'sexual',
  'violence',
  'hate',
  'harassment',
  'illegal',
  'copyright',
  'spam',
  'other',
] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX_LENGTH = 500;

/** `POST /api/reports` (signed in): one report per person and item; a second answers 409 `ALREADY_REPORTED`. */
export const ZReportInput = z.strictObject({
  /** The gallery or profile item's id (a shared asset). */
  itemId: z.string().min(1).max(100),
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH).optional(),
});
export type TReportInput = z.input<typeof ZReportInput>;

export const ZReportCreated = z
  .object({ id: z.string(), itemId: z.string(), reason: z.enum(REPORT_REASONS), createdAt: z.string() })
  .meta({ id: 'ReportCreated' });
export type TReportCreated = z.infer<typeof ZReportCreated>;

/** Where an item stands in the review queue: reports waiting, or the last decision. */
export const REVIEW_STATUSES = ['open', 'hidden', 'kept'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

/** `GET /api/admin/reports?status=&cursor=&limit=`. */
export const ZReviewQueueQuery = z.object({
  status: z.enum(REVIEW_STATUSES).default('open'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type TReviewQueueQuery = z.input<typeof ZReviewQueueQuery>;

/** One reported item with its reports (newest first), as administrators review it. */
export const ZReviewItem = z
  .object({
    itemId: z.string(),
    type: z.enum(GENERATION_TYPES),
    /** A signed URL of the still (a video's poster) so the reviewer sees what was reported. */
    url: z.string(),
    videoUrl: z.string().nullable(),
    prompt: z.string(),
    author: z.object({
      id: z.string(),
      handle: z.string().nullable(),
      displayName: z.string(),
      email: z.string(),
      disabled: z.boolean(),
    }),
    status: z.enum(REVIEW_STATUSES),
    /** Whether the item is hidden from the gallery and profiles now. */
    hidden: z.boolean(),
    reportCount: z.number().int(),
    reports: z.array(
      z.object({
        id: z.string(),
        reason: z.enum(REPORT_REASONS),
        note: z.string().nullable(),
        reporter: z.object({ id: z.string(), displayName: z.string() }),
        createdAt: z.string(),
      }),
    ),
    firstReportedAt: z.string(),
    lastReportedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'ReviewItem' });
export type TReviewItem = z.infer<typeof ZReviewItem>;

export const ZReviewQueue = z
  .object({ items: z.array(ZReviewItem), nextCursor: z.string().nullable() })
  .meta({ id: 'ReviewQueue' });
export type TReviewQueue = z.infer<typeof ZReviewQueue>;

export const REVIEW_DECISIONS = ['hide', 'keep'] as const;
export type TReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** `POST /api/admin/reports/:itemId/decision`: hide or keep the item; optionally disable its author. */
export const ZReviewDecisionInput = z.strictObject({
  decision: z.enum(REVIEW_DECISIONS),
  disableAuthor: z.boolean().default(false),
});
export type TReviewDecisionInput = z.input<typeof ZReviewDecisionInput>;

export const ZReviewDecisionResult = z
  .object({
    itemId: z.string(),
    status: z.enum(['hidden', 'kept']),
    hidden: z.boolean(),
    authorDisabled: z.boolean(),
  })
  .meta({ id: 'ReviewDecisionResult' });
export type TReviewDecisionResult = z.infer<typeof ZReviewDecisionResult>;
