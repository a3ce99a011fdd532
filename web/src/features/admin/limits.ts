/**
 * The contracts' limits the forms check before sending. They live in zod modules of @kaleido/common,
 * which the browser bundle must not import (zod stays server-side), so they are repeated here and
 * limits.test.ts keeps them equal to the contracts.
 */
export const LIMITS = {
  /** ADMIN_LIMITS.maxCreditChange */
  maxCreditChange: 1_000_000,
  /** ADMIN_LIMITS.reasonMaxLength */
  reasonMaxLength: 500,
  /** SITE_SETTINGS_LIMITS */
  startingCreditsMax: 1_000_000,
  announcementMaxLength: 500,
  inviteMaxUses: 10_000,
  inviteMaxDays: 365,
  emailSubjectMaxLength: 200,
  emailBodyMaxLength: 20_000,
  /** BLOCKED_TERM_LIMITS */
  termMaxLength: 200,
  maxTerms: 1000,
  /** REPORT_NOTE_MAX_LENGTH */
  reportNoteMaxLength: 500,
} as const;
