import { findPlan, isSupportedTimeZone, LIMITS, type TPlanId, type TSettings } from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Mailer } from '../../platform/mail/index.js';
import { type EmailContent, formatDateTime, formatUsd, renderEmail } from './email-templates.js';
import type { NotificationsRepository } from './notifications.repository.js';
import type { UnsubscribeSetting, UnsubscribeTokens } from './unsubscribe-tokens.js';

/** A job that ran longer than this (from submission to end) is a "long" one, like every video. */
export const LONG_JOB_MS = 60_000;
/** An open page renews its job's heartbeat this often… */
export const WATCH_RENEW_MS = 5_000;
/** …and a heartbeat this recent at the job's end means the person saw the end in the app. */
export const WATCH_FRESH_MS = 20_000;

/** Security events: always e-mailed, whatever the settings, and without an unsubscribe link. */
export type SecurityEvent =
  | 'password-changed'
  | 'password-reset'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'passkey-added'
  | 'recovery-code-used';

const SECURITY_TEXT: Record<SecurityEvent, { subject: string; heading: string; happened: string }> = {
  'password-changed': {
    subject: 'Your Kaleido password was changed',
    heading: 'Your password was changed',
    happened: 'The password of your Kaleido account was changed, and your other sessions were signed out.',
  },
  'password-reset': {
    subject: 'Your Kaleido password was reset',
    heading: 'Your password was reset',
    happened:
      'The password of your Kaleido account was reset with an e-mailed link, and every session was signed out.',
  },
  'two-factor-enabled': {
    subject: 'Two-factor sign-in is on',
    heading: 'Two-factor sign-in was turned on',
    happened: 'Signing in to your Kaleido account now needs a code from your authenticator app.',
  },
  'two-factor-disabled': {
    subject: 'Two-factor sign-in is off',
    heading: 'Two-factor sign-in was turned off',
    happened: 'Signing in to your Kaleido account no longer asks for a code from your authenticator app.',
  },
  'passkey-added': {
    subject: 'A new passkey was added to your Kaleido account',
    heading: 'A new passkey was added',
    happened: 'A new passkey can now sign in to your Kaleido account.',
  },
  'recovery-code-used': {
    subject: 'A Kaleido recovery code was used',
    heading: 'A recovery code was used to sign in',
    happened: 'One of your single-use recovery codes was used to sign in to your Kaleido account.',
  },
};

export interface ReceiptPurchase {
  user_id: string;
  kind: 'pack' | 'plan' | 'renewal';
  item: string;
  description: string;
  amount_cents: number;
  credits: number;
  bonus_credits: number;
  card_brand: string | null;
  card_last4: string | null;
}

/** What the billing service tells the person by e-mail (after its transaction committed). */
export interface BillingNotifier {
  receipt(purchase: ReceiptPurchase, invoice: { number: string; created_at: string }): void;
  downgradeScheduled(userId: string, change: { from: TPlanId; to: TPlanId; effectiveAt: string }): void;
  planChanged(
    userId: string,
    change: { from: TPlanId; to: TPlanId; reason: 'downgrade' | 'renewal-failed'; failure: string | null },
  ): void;
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * E-mail notifications (DECISIONS "Settings: what each one does"): with `emailNotifications` on, a
 * failed generation, a long one that ended while no open page followed it, credits falling below the
 * low mark (with `creditAlerts`), receipts and plan changes; security e-mails always. Every
 * non-security e-mail carries a signed one-click unsubscribe link and the RFC 8058 headers. Sending
 * happens after the triggering operation committed, in the background: a failure is logged and never
 * reaches the caller. `idle()` resolves when every e-mail started so far is sent (tests, shutdown).
 */
export function createNotificationsService(deps: {
  publicUrl: string;
  mailer: Mailer;
  notifications: NotificationsRepository;
  /** The person's settings now. */
  settings: (userId: string) => Promise<TSettings>;
  /** Turns settings off (the unsubscribe link). */
  updateSettings: (userId: string, patch: Partial<Record<UnsubscribeSetting, boolean>>) => Promise<unknown>;
  tokens: UnsubscribeTokens;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const inFlight = new Set<Promise<void>>();
  const link = (path: string) => new URL(path, deps.publicUrl).toString();
  const settingsUrl = link('/profile?tab=settings');

  function background(what: string, work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => deps.log.error({ err: error, what }, 'notification e-mail failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  /** The zone e-mails use: the setting, or for 'auto' the browser's reported zone (UTC until known). */
  function zoneOf(settings: TSettings, detected: string | null): string {
    const zone = settings.timezone === 'auto' ? detected : settings.timezone;
    return zone && isSupportedTimeZone(zone, { allowAuto: false }) ? zone : 'UTC';
  }

  function unsubscribeUrl(userId: string, setting: UnsubscribeSetting): string {
    return link(`/api/email/unsubscribe?token=${encodeURIComponent(deps.tokens.sign(userId, setting))}`);
  }

  /**
   * Sends one e-mail. `setting` names what the unsubscribe link turns off; null for security e-mails.
   */
  async function send(
    recipient: { id: string; email: string; display_name: string },
    content: Omit<EmailContent, 'name' | 'footer'>,
    setting: UnsubscribeSetting | null,
  ): Promise<void> {
    const unsubscribe = setting ? unsubscribeUrl(recipient.id, setting) : null;
    const rendered = renderEmail({
      ...content,
      name: recipient.display_name,
      footer: {
        reason:
          setting === null
            ? 'This is a security notice: Kaleido always sends these, whatever your e-mail settings.'
            : setting === 'marketingEmails'
              ? 'You get this e-mail because you agreed to news from Kaleido.'
              : 'You get this e-mail because e-mail notifications are on in your Kaleido settings.',
        settingsUrl,
        unsubscribeUrl: unsubscribe,
      },
    });
    await deps.mailer.send({
      to: recipient.email,
      ...rendered,
      headers: unsubscribe
        ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined,
    });
  }

  /** The recipient and their settings when `emailNotifications` is on; null otherwise. */
  async function notifiable(userId: string) {
    const recipient = await deps.notifications.recipient(userId);
    if (!recipient) return null;
    const settings = await deps.settings(userId);
    if (!settings.emailNotifications) return null;
    return { recipient, settings, zone: zoneOf(settings, recipient.detected_time_zone) };
  }

  async function jobEnded(jobId: string, outcome: 'succeeded' | 'failed'): Promise<void> {
    const job = await deps.notifications.generation(jobId);
    // Jobs of the public API are followed by their caller (polling, webhooks): no e-mail.
    if (!job || job.api_key_id) return;
    const target = await notifiable(job.user_id);
    if (!target) return;
    const noun = job.kind === 'image' ? 'image' : 'video';
    const prompt = truncate(job.prompt, 200);
    const ended = job.finished_at ?? deps.clock.now().toISOString();
    if (outcome === 'failed') {
      await send(
        target.recipient,
        {
          subject: `Your ${noun} could not be made`,
          preheader: job.error ?? `Kaleido could not finish your ${noun}.`,
          heading: `Your ${noun} could not be made`,
          paragraphs: [
            job.error ?? `Kaleido could not finish your ${noun}.`,
            'The credits it reserved were returned to your balance. You can try again with the same prompt.',
          ],
          details: [
            { label: 'Prompt', value: prompt },
            { label: 'Ended', value: formatDateTime(ended, target.zone) },
          ],
          action: {
            label: 'Try again',
            url: link(job.kind === 'image' ? '/generate/image' : '/generate/video'),
          },
        },
        'emailNotifications',
      );
      return;
    }
    const ranMs = Date.parse(ended) - Date.parse(job.created_at);
    const long = job.kind === 'video' || ranMs > LONG_JOB_MS;
    // A page of the person followed the job to its end: they saw it, no e-mail.
    const followed =
      job.watched_at !== null && Date.parse(ended) - Date.parse(job.watched_at) <= WATCH_FRESH_MS;
    if (!long || followed) return;
    await send(
      target.recipient,
      {
        subject: `Your ${noun} is ready`,
        preheader: prompt,
        heading: `Your ${noun} is ready`,
        paragraphs: [
          job.asset_saved === 0
            ? `Kaleido finished the ${noun} you asked for. Auto-save is off: save it from the generator's history within 7 days to keep it.`
            : `Kaleido finished the ${noun} you asked for; it is in your library.`,
        ],
        details: [
          { label: 'Prompt', value: prompt },
          { label: 'Finished', value: formatDateTime(ended, target.zone) },
        ],
        action:
          job.asset_saved === 0
            ? {
                label: 'Open the generator',
                url: link(job.kind === 'image' ? '/generate/image' : '/generate/video'),
              }
            : {
                label: 'Open in your library',
                url: link(job.asset_id ? `/library?asset=${encodeURIComponent(job.asset_id)}` : '/library'),
              },
      },
      'emailNotifications',
    );
  }

  /** Once per crossing of the low mark: again only after the balance was back at or above it. */
  async function creditsLow(userId: string): Promise<void> {
    const recipient = await deps.notifications.recipient(userId);
    if (!recipient) return;
    const balance = recipient.credits_monthly + recipient.credits_purchased;
    const mark = LIMITS.lowCreditWarningBelow;
    if (balance >= mark) return;
    const settings = await deps.settings(userId);
    if (!settings.emailNotifications || !settings.creditAlerts) return;
    const last = recipient.low_credits_mailed_at;
    if (last && !(await deps.notifications.balanceReachedSince(userId, last, mark))) return;
    if (!(await deps.notifications.claimLowCredits(userId, last, deps.clock.now().toISOString()))) return;
    await send(
      recipient,
      {
        subject: 'Your Kaleido credits are running low',
        preheader: `${balance} credit${balance === 1 ? '' : 's'} left.`,
        heading: 'Your credits are running low',
        paragraphs: [
          `You have ${balance} credit${balance === 1 ? '' : 's'} left. Buy a credit pack or change plan to keep creating.`,
        ],
        action: { label: 'See plans and packs', url: link('/pricing') },
      },
      'emailNotifications',
    );
  }

  const billing: BillingNotifier = {
    receipt(purchase, invoice) {
      background('receipt', async () => {
        const target = await notifiable(purchase.user_id);
        if (!target) return;
        const isPack = purchase.kind === 'pack';
        const plan = isPack ? null : findPlan(purchase.item as TPlanId);
        const heading = isPack
          ? 'Thank you for your purchase'
          : purchase.kind === 'plan'
            ? `You are on the ${plan?.name} plan`
            : `Your ${plan?.name} plan was renewed`;
        const credits = isPack
          ? `${purchase.credits + purchase.bonus_credits} credits${purchase.bonus_credits ? ` (${purchase.credits} + ${purchase.bonus_credits} bonus)` : ''} added to your balance`
          : `${purchase.credits} monthly credits`;
        await send(
          target.recipient,
          {
            subject: `Kaleido receipt ${invoice.number}`,
            preheader: `${formatUsd(purchase.amount_cents)} · ${purchase.description}`,
            heading,
            paragraphs: [
              isPack
                ? 'Your credit pack is paid and its credits are ready to use.'
                : purchase.kind === 'plan'
                  ? 'Your upgrade is paid and applies now: a new billing month started today.'
                  : 'Your plan renewed for another month and your monthly credits were reset.',
            ],
            details: [
              { label: 'Item', value: purchase.description },
              { label: 'Amount', value: formatUsd(purchase.amount_cents) },
              { label: 'Credits', value: credits },
              { label: 'Invoice', value: invoice.number },
              { label: 'Date', value: formatDateTime(invoice.created_at, target.zone) },
              ...(purchase.card_brand && purchase.card_last4
                ? [{ label: 'Paid with', value: `${purchase.card_brand} ending in ${purchase.card_last4}` }]
                : []),
            ],
            action: { label: 'View billing', url: link('/profile?tab=billing') },
          },
          'emailNotifications',
        );
      });
    },
    downgradeScheduled(userId, change) {
      background('downgrade scheduled', async () => {
        const target = await notifiable(userId);
        if (!target) return;
        const to = findPlan(change.to);
        const from = findPlan(change.from);
        const when = formatDateTime(change.effectiveAt, target.zone);
        await send(
          target.recipient,
          {
            subject: `Your plan changes to ${to.name} on ${when}`,
            preheader: `You keep ${from.name} until the end of this billing month.`,
            heading: `Your plan changes to ${to.name}`,
            paragraphs: [
              `You keep the ${from.name} plan and its credits until the end of this billing month. From then on you are on ${to.name}, with ${to.monthlyCredits} monthly credits. Nothing is charged for this change.`,
              'Changed your mind? Choose your current plan again before then to keep it.',
            ],
            details: [
              { label: 'Current plan', value: from.name },
              { label: 'New plan', value: to.name },
              { label: 'Takes effect', value: when },
            ],
            action: { label: 'View billing', url: link('/profile?tab=billing') },
          },
          'emailNotifications',
        );
      });
    },
    planChanged(userId, change) {
      background('plan changed', async () => {
        const target = await notifiable(userId);
        if (!target) return;
        const to = findPlan(change.to);
        const from = findPlan(change.from);
        const failed = change.reason === 'renewal-failed';
        await send(
          target.recipient,
          {
            subject: failed
              ? `Your ${from.name} plan could not be renewed`
              : `You are now on the ${to.name} plan`,
            preheader: failed ? `Your account moved to ${to.name}.` : `${to.monthlyCredits} monthly credits.`,
            heading: failed
              ? `Your ${from.name} plan could not be renewed`
              : `You are now on the ${to.name} plan`,
            paragraphs: failed
              ? [
                  `We could not charge your card for the new billing month${change.failure ? ` (${change.failure})` : ''}, so your account moved to the ${to.name} plan with ${to.monthlyCredits} monthly credits. Credits you bought are kept.`,
                  `Add or update a card and choose ${from.name} again to get its credits back.`,
                ]
              : [
                  `Your scheduled change took effect with the new billing month: ${to.monthlyCredits} monthly credits. Credits you bought are kept.`,
                ],
            action: { label: failed ? 'Update billing' : 'View billing', url: link('/profile?tab=billing') },
          },
          'emailNotifications',
        );
      });
    },
  };

  return {
    billing,

    /** Resolves when every e-mail started so far was sent (or failed and was logged). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    /** The runner's after-end hook: e-mails about a job that ended, then the low-credit check. */
    generationEnded(
      job: { id: string; user_id: string },
      outcome: 'succeeded' | 'failed' | 'cancelled',
    ): void {
      if (outcome === 'cancelled') return;
      background('generation ended', async () => {
        await jobEnded(job.id, outcome);
        if (outcome === 'succeeded') await creditsLow(job.user_id);
      });
    },

    /** An open page of the owner follows this unfinished job (event stream open, or polling). */
    watch(jobId: string, userId: string): void {
      const now = deps.clock.now();
      deps.notifications
        .markWatched(jobId, userId, {
          now: now.toISOString(),
          renewBefore: new Date(now.getTime() - WATCH_RENEW_MS + 500).toISOString(),
        })
        .catch((error: unknown) => deps.log.warn({ err: error, jobId }, 'could not record a watched job'));
    },

    /** Security e-mails are always sent (the caller has committed the change). For other features too. */
    security(
      userId: string,
      event: SecurityEvent,
      meta: { ip?: string | null; userAgent?: string | null } = {},
    ) {
      background(`security ${event}`, async () => {
        const recipient = await deps.notifications.recipient(userId);
        if (!recipient) return;
        const settings = await deps.settings(userId);
        const zone = zoneOf(settings, recipient.detected_time_zone);
        const text = SECURITY_TEXT[event];
        await send(
          recipient,
          {
            subject: text.subject,
            preheader: text.happened,
            heading: text.heading,
            paragraphs: [
              text.happened,
              'If this was you, there is nothing to do. If it was not, reset your password now and review your account.',
            ],
            details: [
              { label: 'When', value: formatDateTime(deps.clock.now().toISOString(), zone) },
              ...(meta.ip ? [{ label: 'IP address', value: meta.ip }] : []),
              ...(meta.userAgent ? [{ label: 'Device', value: truncate(meta.userAgent, 120) }] : []),
            ],
            action: { label: 'Review your account', url: link('/profile?tab=settings') },
          },
          null,
        );
      });
    },

    /** What a token allows, for the confirmation page; throws for forged links and deleted accounts. */
    async inspect(token: string): Promise<{ userId: string; setting: UnsubscribeSetting }> {
      const claim = deps.tokens.verify(token);
      if (!claim) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      if (!(await deps.notifications.exists(claim.userId))) throw new AppError('UNSUBSCRIBE_ACCOUNT_GONE');
      return claim;
    },

    /** One-click unsubscribe: turns off exactly the setting the signed token names, for its account. */
    async unsubscribe(token: string): Promise<{ setting: UnsubscribeSetting }> {
      const claim = await this.inspect(token);
      await deps.updateSettings(claim.userId, { [claim.setting]: false });
      return { setting: claim.setting };
    },

    /** The browser's zone, used for e-mails and invoices while the timezone setting is 'auto'. */
    async setDetectedTimeZone(userId: string, zone: string): Promise<void> {
      await deps.notifications.setDetectedTimeZone(userId, zone);
    },

    /** Accounts that consented to marketing e-mails (administrators' announcements), a page at a time. */
    consentingRecipients(options: { after?: string; limit?: number } = {}) {
      return deps.notifications.consentingRecipients({ after: options.after, limit: options.limit ?? 500 });
    },

    /** The zone for a person's dates (e-mails, invoices). */
    async timeZoneOf(userId: string): Promise<string> {
      const recipient = await deps.notifications.recipient(userId);
      return zoneOf(await deps.settings(userId), recipient?.detected_time_zone ?? null);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
