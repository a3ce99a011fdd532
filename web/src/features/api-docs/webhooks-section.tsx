import type { TWebhookEvent } from '@kaleido/common';
import {
  APP_ROUTES,
  javascriptWebhookExample,
  pythonWebhookExample,
  WEBHOOK_SECRET_PLACEHOLDER,
} from '@kaleido/common/browser';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { CodeTabs } from './code-block';
import { InlineCode } from './endpoint-reference';

/** The events a delivery can carry (Standard Webhooks `type`). */
const WEBHOOK_EVENTS = [
  { type: 'generation.succeeded', text: 'webhooks.docs.event.succeeded' },
  { type: 'generation.failed', text: 'webhooks.docs.event.failed' },
  { type: 'generation.cancelled', text: 'webhooks.docs.event.cancelled' },
  { type: 'webhook.test', text: 'webhooks.docs.event.test' },
] as const satisfies readonly { type: TWebhookEvent; text: MessageId }[];

/** The body of every delivery, as Standard Webhooks suggests. */
const PAYLOAD_SHAPE = '{ "type": …, "timestamp": …, "data": { … } }';

const code = (chunks: ReactNode[]) => <InlineCode>{chunks}</InlineCode>;

/** Where the signing secret is shown (API keys → Webhooks). */
const WEBHOOKS_VIEW = `${APP_ROUTES.apiKeys}?tab=webhooks`;

/**
 * The API docs' Webhooks section: what is sent, how it is signed and retried, and two receivers that
 * verify the signature (run for real by server/src/features/api-docs/webhook-examples.test.ts).
 */
export function WebhooksSection() {
  const t = useT();
  const example = { secret: WEBHOOK_SECRET_PLACEHOLDER };
  return (
    <>
      <p>
        <T id="webhooks.docs.intro" values={{ code, shape: PAYLOAD_SHAPE }} />
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {WEBHOOK_EVENTS.map((event) => (
          <li key={event.type}>
            <InlineCode>{event.type}</InlineCode> {t(event.text)}
          </li>
        ))}
      </ul>
      <p>
        <T id="webhooks.docs.signature" values={{ code }} />
      </p>
      <p>
        <T
          id="webhooks.docs.secret"
          values={{
            link: (chunks) => (
              <Link
                to={WEBHOOKS_VIEW}
                className="font-medium text-accent-fg underline-offset-4 hover:underline"
              >
                {chunks}
              </Link>
            ),
            code,
          }}
        />
      </p>
      <p>
        <T id="webhooks.docs.retries" values={{ code }} />
      </p>
      <CodeTabs
        label={t('webhooks.docs.tabsLabel')}
        tabs={[
          {
            id: 'javascript',
            label: 'JavaScript',
            code: javascriptWebhookExample(example),
            title: t('webhooks.docs.javascriptTitle'),
          },
          {
            id: 'python',
            label: 'Python',
            code: pythonWebhookExample(example),
            title: t('webhooks.docs.pythonTitle'),
          },
        ]}
      />
      <p className="text-sm">
        <T id="webhooks.docs.run" values={{ code, placeholder: WEBHOOK_SECRET_PLACEHOLDER }} />
      </p>
    </>
  );
}
