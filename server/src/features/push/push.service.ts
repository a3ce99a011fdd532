import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  LIMITS,
  type TJobKind,
  type TLocale,
  type TPushMessage,
  type TPushSubscribeRequest,
  type TSettings,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { PushConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { PushRepository, PushSubscriptionRow } from './push.repository.js';
import { pushText } from './push-messages.js';

/** How long a push service keeps an undelivered notification (a finished job is old news after a day). */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

export type PushOutcome = 'sent' | 'pruned' | 'failed';

/**
 * Web Push: stores subscriptions and sends notifications to them. web-push signs the request (VAPID,
 * RFC 8292) and encrypts the payload (aes128gcm, RFC 8291); the request itself goes out through
 * `fetch`. A push service answering 404 or 410 has dropped the subscription, so it is deleted.
 */
export function createPushService(deps: {
  config: PushConfig;
  push: PushRepository;
  /** The person's settings (the opt-outs: desktop notifications, generation alerts). */
  settings: (userId: string) => Promise<TSettings>;
  /** The person's credit balance now. */
  balance: (userId: string) => Promise<number>;
  clock: Clock;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}) {
  const send = deps.fetch ?? fetch;

  async function deliver(subscription: PushSubscriptionRow, message: TPushMessage): Promise<PushOutcome> {
    const details = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: {
          subject: deps.config.subject,
          publicKey: deps.config.vapidPublicKey,
          privateKey: deps.config.vapidPrivateKey,
        },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
      },
    );
    try {
      const response = await send(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404 || response.status === 410) {
        await deps.push.deleteById(subscription.id);
        return 'pruned';
      }
      if (!response.ok) {
        deps.log.warn(
          { status: response.status, subscription: subscription.id },
          'push service refused a notification',
        );
        return 'failed';
      }
      return 'sent';
    } catch (error) {
      deps.log.warn({ err: error, subscription: subscription.id }, 'push notification failed');
      return 'failed';
    }
  }

  return {
    publicKey: () => deps.config.vapidPublicKey,

    async subscribe(userId: string, request: TPushSubscribeRequest, userAgent: string | null): Promise<void> {
      const at = deps.clock.now().toISOString();
      await deps.push.upsert({
        id: randomUUID(),
        user_id: userId,
        endpoint: request.endpoint,
        p256dh: request.keys.p256dh,
        auth: request.keys.auth,
        user_agent: userAgent?.slice(0, 512) ?? null,
        created_at: at,
        updated_at: at,
      });
    },

    /** True when this person had that endpoint. */
    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      return (await deps.push.deleteOwned(userId, endpoint)) > 0;
    },

    /** Sends `message` to every browser of the person; never throws. */
    async notify(userId: string, message: TPushMessage): Promise<PushOutcome[]> {
      const subscriptions = await deps.push.listForUser(userId);
      return Promise.all(subscriptions.map((subscription) => deliver(subscription, message)));
    },

    /**
     * A generation ended: tell the person's browsers (unless desktop notifications or generation alerts
     * are off), and when its charge took the balance below the low-credit mark, say that too (unless
     * credit alerts are off).
     */
    async notifyGenerationEnded(
      userId: string,
      job: { id: string; kind: TJobKind; prompt: string; error: string | null; cost: number },
      outcome: 'succeeded' | 'failed' | 'cancelled',
      assetId: string | null,
    ): Promise<PushOutcome[]> {
      if (outcome === 'cancelled') return [];
      const settings = await deps.settings(userId);
      if (!settings.desktopNotifications) return [];
      const sent: PushOutcome[] = [];
      if (settings.generationAlerts) {
        sent.push(...(await this.notifyJob(userId, job, outcome, assetId, settings.language)));
      }
      if (outcome === 'succeeded' && settings.creditAlerts) {
        const balance = await deps.balance(userId);
        const mark = LIMITS.lowCreditWarningBelow;
        if (balance < mark && balance + job.cost >= mark) {
          sent.push(
            ...(await this.notify(userId, {
              title: pushText(settings.language, 'push.lowCredits.title'),
              body: pushText(settings.language, 'push.lowCredits.body', { balance }),
              url: '/pricing',
              tag: 'low-credits',
            })),
          );
        }
      }
      return sent;
    },

    async notifyJob(
      userId: string,
      job: { id: string; kind: TJobKind; prompt: string; error: string | null },
      outcome: 'succeeded' | 'failed',
      assetId: string | null,
      locale: TLocale = DEFAULT_LOCALE,
    ): Promise<PushOutcome[]> {
      const prompt = job.prompt.length > 80 ? `${job.prompt.slice(0, 79)}…` : job.prompt;
      const message: TPushMessage =
        outcome === 'succeeded'
          ? {
              title: pushText(locale, 'push.ready', { kind: job.kind }),
              body: prompt,
              url: assetId ? `/library?asset=${encodeURIComponent(assetId)}` : '/library',
              tag: `generation-${job.id}`,
            }
          : {
              title: pushText(locale, 'push.failed', { kind: job.kind }),
              body: job.error ? `${job.error} ${prompt}` : prompt,
              url: job.kind === 'image' ? '/generate/image' : '/generate/video',
              tag: `generation-${job.id}`,
            };
      return this.notify(userId, message);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
