import {
  APP_ROUTES,
  DEFAULT_LOCALE,
  findPlan,
  isLocale,
  isSupportedTimeZone,
  LIMITS,
  type TLocale,
  type TPlanId,
  type TSettings,
  UNSAVED_RETENTION_DAYS,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { isApiMessageId, renderText, type TLocalizedText } from '../../platform/i18n/api-messages.js';
import type { TMessageValues } from '../../platform/i18n/translator.js';
import type { Mailer } from '../../platform/mail/index.js';
import { totalCredits } from '../credits/balance.js';
import { emailT, type TEmailMessageId } from './email-messages.js';
import { type EmailContent, formatDateTime, formatUsd, renderEmail } from './email-templates.js';
import type { NotificationsRepository } from './notifications.repository.js';
import type { UnsubscribeSetting, UnsubscribeTokens } from './unsubscribe-tokens.js';

/** A job that ran longer than this (from submission to end) is a "long" one, like every video. */
const LONG_JOB_MS = 60_000;
/** An open page renews its job's heartbeat this often… */
export const WATCH_RENEW_MS = 5_000;
/** …and a heartbeat this recent at the job's end means the person saw the end in the app. */
const WATCH_FRESH_MS = 20_000;

/** Security events: always e-mailed, whatever the settings, and without an unsubscribe link. */
export type SecurityEvent =
  | 'password-changed'
  | 'password-reset'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'passkey-added'
  | 'passkey-removed'
  | 'recovery-code-used'
  | 'recovery-codes-regenerated'
  /** An administrator removed every second factor of the account. */
  | 'two-factor-reset';

/** The catalog ids of each security e-mail (subject, heading, what happened). */
const SECURITY_TEXT: Record<
  SecurityEvent,
  { subject: TEmailMessageId; heading: TEmailMessageId; happened: TEmailMessageId }
> = {
  'password-changed': {
    subject: 'email.security.passwordChanged.subject',
    heading: 'email.security.passwordChanged.heading',
    happened: 'email.security.passwordChanged.happened',
  },
  'password-reset': {
    subject: 'email.security.passwordReset.subject',
    heading: 'email.security.passwordReset.heading',
    happened: 'email.security.passwordReset.happened',
  },
  'two-factor-enabled': {
    subject: 'email.security.twoFactorEnabled.subject',
    heading: 'email.security.twoFactorEnabled.heading',
    happened: 'email.security.twoFactorEnabled.happened',
  },
  'two-factor-disabled': {
    subject: 'email.security.twoFactorDisabled.subject',
    heading: 'email.security.twoFactorDisabled.heading',
    happened: 'email.security.twoFactorDisabled.happened',
  },
  'passkey-added': {
    subject: 'email.security.passkeyAdded.subject',
    heading: 'email.security.passkeyAdded.heading',
    happened: 'email.security.passkeyAdded.happened',
  },
  'recovery-code-used': {
    subject: 'email.security.recoveryCodeUsed.subject',
    heading: 'email.security.recoveryCodeUsed.heading',
    happened: 'email.security.recoveryCodeUsed.happened',
  },
  'passkey-removed': {
    subject: 'email.security.passkeyRemoved.subject',
    heading: 'email.security.passkeyRemoved.heading',
    happened: 'email.security.passkeyRemoved.happened',
  },
  'recovery-codes-regenerated': {
    subject: 'email.security.recoveryCodesRegenerated.subject',
    heading: 'email.security.recoveryCodesRegenerated.heading',
    happened: 'email.security.recoveryCodesRegenerated.happened',
  },
  'two-factor-reset': {
    subject: 'email.security.twoFactorReset.subject',
    heading: 'email.security.twoFactorReset.heading',
    happened: 'email.security.twoFactorReset.happened',
  },
};

/** What a failed job's error code means, for e-mails in languages the recorded error text is not in. */
const FAILURE_REASONS: Partial<Record<string, TEmailMessageId>> = {
  CONTENT_POLICY: 'email.jobFailed.reason.contentPolicy',
  TIMEOUT: 'email.jobFailed.reason.timeout',
  RATE_LIMITED: 'email.jobFailed.reason.busy',
  UNAVAILABLE: 'email.jobFailed.reason.busy',
  INVALID_INPUT: 'email.jobFailed.reason.invalidInput',
  OUTPUT_EXPIRED: 'email.jobFailed.reason.outputExpired',
  INTERRUPTED: 'email.jobFailed.reason.interrupted',
};

/** What billing passes as the renewal failure when there was no card to charge. */
export const NO_CARD_ON_FILE = 'no card on file';

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
    change: {
      from: TPlanId;
      to: TPlanId;
      reason: 'downgrade' | 'renewal-failed';
      /** Why the renewal's payment failed: a decline message, or NO_CARD_ON_FILE. */
      failure: TLocalizedText | null;
    },
  ): void;
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The language of a person's e-mails: their Language setting. */
function localeOf(settings: TSettings): TLocale {
  return isLocale(settings.language) ? settings.language : DEFAULT_LOCALE;
}

/**
 * Why a job failed, in the e-mail's language. The runner and the providers record their failure text
 * in English only: English e-mails quote it (it can name the provider or the setting at fault), the
 * other languages say what the job's error code means.
 */
function failureReason(
  job: { kind: string; error: string | null; error_code: string | null },
  locale: TLocale,
): string {
  if (locale === 'en' && job.error) return job.error;
  const id = job.error_code ? FAILURE_REASONS[job.error_code] : undefined;
  return emailT(locale, id ?? 'email.jobFailed.fallback', { kind: job.kind });
}

/**
 * The payment's failure for the renewal e-mail, in its language, without a full stop (it sits in
 * parentheses inside a sentence); null when there is nothing to say in that language: a payment
 * processor's own words are English.
 */
function renewalFailureText(failure: TLocalizedText | null, locale: TLocale): string | null {
  if (!failure) return null;
  if (failure === NO_CARD_ON_FILE) return emailT(locale, 'email.renewalFailed.noCard');
  if (typeof failure === 'string' && !isApiMessageId(failure) && locale !== 'en') return null;
  return renderText(failure, locale).replace(/[.。]$/, '');
}

/**
 * E-mail notifications (DECISIONS "Settings: what each one does"): with `emailNotifications` on, a
 * failed generation, a long one that ended while no open page followed it, credits falling below the
 * low mark (with `creditAlerts`), receipts and plan changes; security e-mails always. Every e-mail is
 * in the person's language (their Language setting), dated in their zone. Every non-security e-mail
 * carries a signed one-click unsubscribe link and the RFC 8058 headers. Sending happens after the
 * triggering operation committed, in the background: a failure is logged and never reaches the
 * caller. `idle()` resolves when every e-mail started so far is sent (tests, shutdown).
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
        reason: setting === null ? 'security' : setting === 'marketingEmails' ? 'marketing' : 'notifications',
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

  /** A person's e-mail address, name, language and zone, whatever their settings; null when gone. */
  async function addressee(userId: string) {
    const recipient = await deps.notifications.recipient(userId);
    if (!recipient) return null;
    const settings = await deps.settings(userId);
    return {
      recipient,
      settings,
      locale: localeOf(settings),
      zone: zoneOf(settings, recipient.detected_time_zone),
    };
  }

  /** The recipient, their settings, language and zone when `emailNotifications` is on; null otherwise. */
  async function notifiable(userId: string) {
    const target = await addressee(userId);
    return target?.settings.emailNotifications ? target : null;
  }

  async function jobEnded(jobId: string, outcome: 'succeeded' | 'failed'): Promise<void> {
    const job = await deps.notifications.generation(jobId);
    // Jobs of the public API are followed by their caller (polling, webhooks): no e-mail.
    if (!job || job.api_key_id) return;
    const target = await notifiable(job.user_id);
    if (!target) return;
    const { locale, zone } = target;
    const t = (id: TEmailMessageId, values?: TMessageValues) => emailT(locale, id, values);
    const kind = job.kind;
    const prompt = truncate(job.prompt, 200);
    const ended = job.finished_at ?? deps.clock.now().toISOString();
    const generatorUrl = link(
      kind === 'model' ? APP_ROUTES.threeD : kind === 'image' ? '/generate/image' : '/generate/video',
    );
    if (outcome === 'failed') {
      const reason = failureReason(job, locale);
      await send(
        target.recipient,
        {
          locale,
          subject: t('email.jobFailed.title', { kind }),
          preheader: reason,
          heading: t('email.jobFailed.title', { kind }),
          paragraphs: [reason, t('email.jobFailed.refund')],
          details: [
            { label: t('email.label.prompt'), value: prompt },
            { label: t('email.label.ended'), value: formatDateTime(ended, zone, locale) },
          ],
          action: { label: t('email.jobFailed.action'), url: generatorUrl },
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
    const unsaved = job.asset_saved === 0;
    await send(
      target.recipient,
      {
        locale,
        subject: t('email.jobReady.title', { kind }),
        preheader: prompt,
        heading: t('email.jobReady.title', { kind }),
        paragraphs: [
          unsaved
            ? t('email.jobReady.unsaved', { kind, days: UNSAVED_RETENTION_DAYS })
            : t('email.jobReady.inLibrary', { kind }),
        ],
        details: [
          { label: t('email.label.prompt'), value: prompt },
          { label: t('email.label.finished'), value: formatDateTime(ended, zone, locale) },
        ],
        action: unsaved
          ? { label: t('email.jobReady.openGenerator'), url: generatorUrl }
          : {
              label: t('email.jobReady.openLibrary'),
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
    const balance = totalCredits(recipient);
    const mark = LIMITS.lowCreditWarningBelow;
    if (balance >= mark) return;
    const settings = await deps.settings(userId);
    if (!settings.emailNotifications || !settings.creditAlerts) return;
    const last = recipient.low_credits_mailed_at;
    if (last && !(await deps.notifications.balanceReachedSince(userId, last, mark))) return;
    if (!(await deps.notifications.claimLowCredits(userId, last, deps.clock.now().toISOString()))) return;
    const locale = localeOf(settings);
    await send(
      recipient,
      {
        locale,
        subject: emailT(locale, 'email.creditsLow.subject'),
        preheader: emailT(locale, 'email.creditsLow.preheader', { count: balance }),
        heading: emailT(locale, 'email.creditsLow.heading'),
        paragraphs: [emailT(locale, 'email.creditsLow.body', { count: balance })],
        action: { label: emailT(locale, 'email.creditsLow.action'), url: link('/pricing') },
      },
      'emailNotifications',
    );
  }

  const billingUrl = link('/profile?tab=billing');

  const billing: BillingNotifier = {
    receipt(purchase, invoice) {
      background('receipt', async () => {
        const target = await notifiable(purchase.user_id);
        if (!target) return;
        const { locale, zone } = target;
        const t = (id: TEmailMessageId, values?: TMessageValues) => emailT(locale, id, values);
        const plan = purchase.kind === 'pack' ? '' : findPlan(purchase.item as TPlanId).name;
        const counts = { credits: purchase.credits, bonus: purchase.bonus_credits, plan };
        const bonus = purchase.bonus_credits > 0;
        // The item in the person's language (the purchase's own description is stored in English).
        const item =
          purchase.kind === 'pack'
            ? t(bonus ? 'email.receipt.item.packBonus' : 'email.receipt.item.pack', counts)
            : t(purchase.kind === 'plan' ? 'email.receipt.item.plan' : 'email.receipt.item.renewal', counts);
        const credits =
          purchase.kind === 'pack'
            ? t(bonus ? 'email.receipt.credits.packBonus' : 'email.receipt.credits.pack', {
                ...counts,
                total: purchase.credits + purchase.bonus_credits,
              })
            : t('email.receipt.credits.monthly', counts);
        const amount = formatUsd(purchase.amount_cents, locale);
        await send(
          target.recipient,
          {
            locale,
            subject: t('email.receipt.subject', { number: invoice.number }),
            preheader: `${amount} · ${item}`,
            heading: t(`email.receipt.heading.${purchase.kind}`, counts),
            paragraphs: [t(`email.receipt.body.${purchase.kind}`)],
            details: [
              { label: t('email.label.item'), value: item },
              { label: t('email.label.amount'), value: amount },
              { label: t('email.label.credits'), value: credits },
              { label: t('email.label.invoice'), value: invoice.number },
              { label: t('email.label.date'), value: formatDateTime(invoice.created_at, zone, locale) },
              ...(purchase.card_brand && purchase.card_last4
                ? [
                    {
                      label: t('email.label.paidWith'),
                      value: t('email.receipt.card', {
                        brand: purchase.card_brand,
                        last4: purchase.card_last4,
                      }),
                    },
                  ]
                : []),
            ],
            action: { label: t('email.billing.action.view'), url: billingUrl },
          },
          'emailNotifications',
        );
      });
    },
    downgradeScheduled(userId, change) {
      background('downgrade scheduled', async () => {
        const target = await notifiable(userId);
        if (!target) return;
        const { locale, zone } = target;
        const t = (id: TEmailMessageId, values?: TMessageValues) => emailT(locale, id, values);
        const to = findPlan(change.to);
        const from = findPlan(change.from);
        const when = formatDateTime(change.effectiveAt, zone, locale);
        await send(
          target.recipient,
          {
            locale,
            subject: t('email.downgrade.subject', { plan: to.name, date: when }),
            preheader: t('email.downgrade.preheader', { plan: from.name }),
            heading: t('email.downgrade.heading', { plan: to.name }),
            paragraphs: [
              t('email.downgrade.body', { from: from.name, to: to.name, credits: to.monthlyCredits }),
              t('email.downgrade.undo'),
            ],
            details: [
              { label: t('email.label.currentPlan'), value: from.name },
              { label: t('email.label.newPlan'), value: to.name },
              { label: t('email.label.takesEffect'), value: when },
            ],
            action: { label: t('email.billing.action.view'), url: billingUrl },
          },
          'emailNotifications',
        );
      });
    },
    planChanged(userId, change) {
      background('plan changed', async () => {
        const target = await notifiable(userId);
        if (!target) return;
        const { locale } = target;
        const t = (id: TEmailMessageId, values?: TMessageValues) => emailT(locale, id, values);
        const to = findPlan(change.to);
        const from = findPlan(change.from);
        if (change.reason === 'renewal-failed') {
          const reason = renewalFailureText(change.failure, locale);
          const values = { plan: to.name, credits: to.monthlyCredits, reason: reason ?? '' };
          await send(
            target.recipient,
            {
              locale,
              subject: t('email.renewalFailed.subject', { plan: from.name }),
              preheader: t('email.renewalFailed.preheader', { plan: to.name }),
              heading: t('email.renewalFailed.subject', { plan: from.name }),
              paragraphs: [
                t(reason ? 'email.renewalFailed.bodyWithReason' : 'email.renewalFailed.body', values),
                t('email.renewalFailed.again', { plan: from.name }),
              ],
              action: { label: t('email.billing.action.update'), url: billingUrl },
            },
            'emailNotifications',
          );
          return;
        }
        await send(
          target.recipient,
          {
            locale,
            subject: t('email.planChanged.subject', { plan: to.name }),
            preheader: t('email.planChanged.preheader', { credits: to.monthlyCredits }),
            heading: t('email.planChanged.subject', { plan: to.name }),
            paragraphs: [t('email.planChanged.body', { credits: to.monthlyCredits })],
            action: { label: t('email.billing.action.view'), url: billingUrl },
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
        const target = await addressee(userId);
        if (!target) return;
        const { locale, zone } = target;
        const t = (id: TEmailMessageId) => emailT(locale, id);
        const text = SECURITY_TEXT[event];
        await send(
          target.recipient,
          {
            locale,
            subject: t(text.subject),
            preheader: t(text.happened),
            heading: t(text.heading),
            paragraphs: [t(text.happened), t('email.security.advice')],
            details: [
              {
                label: t('email.label.when'),
                value: formatDateTime(deps.clock.now().toISOString(), zone, locale),
              },
              ...(meta.ip ? [{ label: t('email.label.ipAddress'), value: meta.ip }] : []),
              ...(meta.userAgent
                ? [{ label: t('email.label.device'), value: truncate(meta.userAgent, 120) }]
                : []),
            ],
            action: { label: t('email.security.action'), url: link('/profile?tab=settings') },
          },
          null,
        );
      });
    },

    /**
     * The account's webhook URL was disabled after failing for days (or answering 410): an operational
     * notice, sent whatever the e-mail settings (the integration stopped working), in the background.
     */
    webhookDisabled(userId: string, url: string) {
      background('webhook disabled', async () => {
        const target = await addressee(userId);
        if (!target) return;
        const { locale } = target;
        const t = (id: TEmailMessageId, values?: TMessageValues) => emailT(locale, id, values);
        const happened = t('email.webhookDisabled.happened', { url: truncate(url, 200) });
        await send(
          target.recipient,
          {
            locale,
            subject: t('email.webhookDisabled.subject'),
            preheader: happened,
            heading: t('email.webhookDisabled.heading'),
            paragraphs: [happened, t('email.webhookDisabled.advice')],
            action: { label: t('email.webhookDisabled.action'), url: link('/api-keys?tab=webhooks') },
          },
          null,
        );
      });
    },

    /**
     * A social sign-in was linked to an existing account (a security notice, always sent, in the
     * account's language). Resolves once sent; the caller decides what a failure means.
     */
    async accountLinked(
      userId: string,
      notice: { provider: string; email: string; passwordRemoved: boolean },
    ): Promise<void> {
      const target = await addressee(userId);
      if (!target) return;
      const { locale } = target;
      const t = (id: TEmailMessageId, values?: TMessageValues) => emailT(locale, id, values);
      const happened = t('email.accountLinked.happened', { provider: notice.provider, email: notice.email });
      await send(
        { ...target.recipient, email: notice.email },
        {
          locale,
          subject: t('email.accountLinked.subject', { provider: notice.provider }),
          preheader: happened,
          heading: t('email.accountLinked.heading', { provider: notice.provider }),
          paragraphs: [
            happened,
            ...(notice.passwordRemoved ? [t('email.accountLinked.passwordRemoved')] : []),
            t('email.accountLinked.advice'),
          ],
          action: { label: t('email.accountLinked.action'), url: link('/auth') },
        },
        null,
      );
    },

    /**
     * What a token allows and the language of its account, for the confirmation page; throws for
     * forged links and deleted accounts.
     */
    async inspect(token: string): Promise<{ userId: string; setting: UnsubscribeSetting; locale: TLocale }> {
      const claim = deps.tokens.verify(token);
      if (!claim) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      if (!(await deps.notifications.exists(claim.userId))) throw new AppError('UNSUBSCRIBE_ACCOUNT_GONE');
      return { ...claim, locale: localeOf(await deps.settings(claim.userId)) };
    },

    /** One-click unsubscribe: turns off exactly the setting the signed token names, for its account. */
    async unsubscribe(token: string): Promise<{ setting: UnsubscribeSetting; locale: TLocale }> {
      const claim = await this.inspect(token);
      await deps.updateSettings(claim.userId, { [claim.setting]: false });
      return { setting: claim.setting, locale: claim.locale };
    },

    /** The browser's zone, used for e-mails and invoices while the timezone setting is 'auto'. */
    async setDetectedTimeZone(userId: string, zone: string): Promise<void> {
      await deps.notifications.setDetectedTimeZone(userId, zone);
    },

    /** Accounts that consented to marketing e-mails (administrators' announcements), a page at a time. */
    consentingRecipients(options: { after?: string; limit?: number } = {}) {
      return deps.notifications.consentingRecipients({ after: options.after, limit: options.limit ?? 500 });
    },

    /**
     * An administrator's announcement to one consenting person, awaited (the sending counts it): the
     * administrator's subject and text as written, in the layout of the person's language, with the
     * unsubscribe link that turns `marketingEmails` off. Paragraphs are separated by blank lines.
     */
    async announcement(
      recipient: { id: string; email: string; display_name: string },
      message: { subject: string; body: string },
    ): Promise<void> {
      const settings = await deps.settings(recipient.id);
      const paragraphs = message.body
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean);
      await send(
        recipient,
        {
          locale: localeOf(settings),
          subject: message.subject,
          preheader: truncate(paragraphs[0] ?? message.subject, 120),
          heading: message.subject,
          paragraphs,
        },
        'marketingEmails',
      );
    },

    /** The zone for a person's dates (e-mails, invoices). */
    async timeZoneOf(userId: string): Promise<string> {
      const recipient = await deps.notifications.recipient(userId);
      return zoneOf(await deps.settings(userId), recipient?.detected_time_zone ?? null);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
