import {
  ADMIN_LIMITS,
  BLOCKED_TERM_LIMITS,
  REPORT_NOTE_MAX_LENGTH,
  SITE_SETTINGS_LIMITS,
} from '@kaleido/common';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';

describe('the console forms check the contracts’ limits', () => {
  it('uses the same numbers as @kaleido/common', () => {
    expect(LIMITS).toEqual({
      maxCreditChange: ADMIN_LIMITS.maxCreditChange,
      reasonMaxLength: ADMIN_LIMITS.reasonMaxLength,
      startingCreditsMax: SITE_SETTINGS_LIMITS.startingCreditsMax,
      announcementMaxLength: SITE_SETTINGS_LIMITS.announcementMaxLength,
      inviteMaxUses: SITE_SETTINGS_LIMITS.inviteMaxUses,
      inviteMaxDays: SITE_SETTINGS_LIMITS.inviteMaxDays,
      emailSubjectMaxLength: SITE_SETTINGS_LIMITS.emailSubjectMaxLength,
      emailBodyMaxLength: SITE_SETTINGS_LIMITS.emailBodyMaxLength,
      termMaxLength: BLOCKED_TERM_LIMITS.termMaxLength,
      maxTerms: BLOCKED_TERM_LIMITS.maxTerms,
      reportNoteMaxLength: REPORT_NOTE_MAX_LENGTH,
    });
  });
});
