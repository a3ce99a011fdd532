import { z } from 'zod';
import type { PLAN_IDS } from './constants.js';

/**
 * Site settings (issue 20): stored in the database and effective in every process without a
 * restart; sign-up invites; announcement e-mails to people who consented to marketing e-mails.
 *
 * Routes (administrators): `GET|PUT /api/admin/site-settings`, `GET /api/admin/invites` (TInvite[]),
 * `POST /api/admin/invites` (TInviteCreated), `POST /api/admin/invites/:id/revoke` (TInvite),
 * `GET /api/admin/announcement-emails` (TAnnouncementEmail[], newest first),
 * `POST /api/admin/announcement-emails` (202 TAnnouncementEmail), `GET /api/admin/announcement-emails/:id`.
 * Everyone: `GET /api/site` (TPublicSiteSettings), `GET /api/invites/:token` (TInviteCheck); sign-up
 * takes `inviteToken`. `GET /api/models` lists only the signed-in person's plan's models.
 */

export const SIGNUP_MODES = ['open', 'invite-only', 'closed'] as const;
export type TSignupMode = (typeof SIGNUP_MODES)[number];

export const ANNOUNCEMENT_LEVELS = ['info', 'warning', 'critical'] as const;
export type TAnnouncementLevel = (typeof ANNOUNCEMENT_LEVELS)[number];

export const SITE_SETTINGS_LIMITS = {
  startingCreditsMax: 1_000_000,
  announcementMaxLength: 500,
  modelsPerPlanMax: 200,
  inviteMaxUses: 10_000,
  inviteMaxDays: 365,
  emailSubjectMaxLength: 200,
  emailBodyMaxLength: 20_000,
} as const;

/** The banner everyone sees until `until` (null: until an administrator removes it). */
export const ZAnnouncement = z
  .object({
    text: z.string().trim().min(1).max(SITE_SETTINGS_LIMITS.announcementMaxLength),
    level: z.enum(ANNOUNCEMENT_LEVELS),
    until: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Announcement' });
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/** A plan's models: model ids, or null for every configured model (the default). */
const ZPlanModelList = z
  .array(z.string().min(1).max(200))
  .max(SITE_SETTINGS_LIMITS.modelsPerPlanMax)
  .nullable();

export const ZPlanModels = z.object({
  free: ZPlanModelList,
  pro: ZPlanModelList,
  enterprise: ZPlanModelList,
}) satisfies z.ZodType<Record<(typeof PLAN_IDS)[number], string[] | null>>;
export type TPlanModels = z.infer<typeof ZPlanModels>;

/** `PUT /api/admin/site-settings`: the whole set (an unknown model id is a 400 naming it). */
export const ZSiteSettingsInput = z.strictObject({
  signupMode: z.enum(SIGNUP_MODES),
  startingCredits: z.number().int().min(0).max(SITE_SETTINGS_LIMITS.startingCreditsMax),
  planModels: ZPlanModels,
  announcement: ZAnnouncement.nullable(),
});
export type TSiteSettingsInput = z.input<typeof ZSiteSettingsInput>;

/** `GET|PUT /api/admin/site-settings`. */
export const ZSiteSettings = z
  .object({
    signupMode: z.enum(SIGNUP_MODES),
    startingCredits: z.number().int(),
    planModels: ZPlanModels,
    announcement: ZAnnouncement.nullable(),
    /** Every configured model (generators and tool models), for choosing each plan's list. */
    models: z.array(z.object({ id: z.string(), name: z.string(), provider: z.string() })),
    /** Every save adds one; every process compares it to its cached copy before using the settings. */
    version: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'SiteSettings' });
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/**
 * `GET /api/site` (no sign-in needed): what the web app needs before anything else. `announcement` is
 * null once its `until` has passed; `allowedModels` is the signed-in person's plan's list (null: every
 * model, and always null signed out).
 */
export const ZPublicSiteSettings = z
  .object({
    signupMode: z.enum(SIGNUP_MODES),
    /** The credits a new account starts with (what the sign-up page and the home page promise). */
    startingCredits: z.number().int().min(0),
    announcement: ZAnnouncement.nullable(),
    allowedModels: z.array(z.string()).nullable(),
  })
  .meta({ id: 'PublicSiteSettings' });
export type TPublicSiteSettings = z.infer<typeof ZPublicSiteSettings>;

/** `POST /api/admin/invites`: an invite link valid for `expiresInDays` and `maxUses` sign-ups. */
export const ZInviteCreateInput = z.strictObject({
  expiresInDays: z.number().int().min(1).max(SITE_SETTINGS_LIMITS.inviteMaxDays),
  maxUses: z.number().int().min(1).max(SITE_SETTINGS_LIMITS.inviteMaxUses),
  note: z.string().trim().max(200).optional(),
});
export type TInviteCreateInput = z.input<typeof ZInviteCreateInput>;

export const INVITE_STATUSES = ['active', 'expired', 'used-up', 'revoked'] as const;
export type TInviteStatus = (typeof INVITE_STATUSES)[number];

export const ZInvite = z
  .object({
    id: z.string(),
    note: z.string().nullable(),
    expiresAt: z.string(),
    maxUses: z.number().int(),
    uses: z.number().int(),
    status: z.enum(INVITE_STATUSES),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  })
  .meta({ id: 'Invite' });
export type TInvite = z.infer<typeof ZInvite>;

/** The answer of `POST /api/admin/invites`: the link is shown once (only its hash is stored). */
export const ZInviteCreated = z
  .object({ invite: ZInvite, token: z.string(), url: z.string() })
  .meta({ id: 'InviteCreated' });
export type TInviteCreated = z.infer<typeof ZInviteCreated>;

/** `GET /api/invites/:token` (no sign-in): whether the sign-up page may offer the form. */
export const ZInviteCheck = z.object({ valid: z.boolean() }).meta({ id: 'InviteCheck' });
export type TInviteCheck = z.infer<typeof ZInviteCheck>;

/** `POST /api/admin/announcement-emails`: plain text, sent as-is to consenting people in batches. */
export const ZAnnouncementEmailInput = z.strictObject({
  subject: z.string().trim().min(1).max(SITE_SETTINGS_LIMITS.emailSubjectMaxLength),
  body: z.string().trim().min(1).max(SITE_SETTINGS_LIMITS.emailBodyMaxLength),
});
export type TAnnouncementEmailInput = z.input<typeof ZAnnouncementEmailInput>;

export const ANNOUNCEMENT_EMAIL_STATUSES = ['sending', 'done'] as const;
export type TAnnouncementEmailStatus = (typeof ANNOUNCEMENT_EMAIL_STATUSES)[number];

/** A sending and its progress (`GET /api/admin/announcement-emails[/:id]`). */
export const ZAnnouncementEmail = z
  .object({
    id: z.string(),
    subject: z.string(),
    status: z.enum(ANNOUNCEMENT_EMAIL_STATUSES),
    /** Consenting people when the sending started. */
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AnnouncementEmail' });
export type TAnnouncementEmail = z.infer<typeof ZAnnouncementEmail>;
