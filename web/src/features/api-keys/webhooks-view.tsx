import type { TWebhookDelivery, TWebhookDeliveryState } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Check, Copy, Eye, EyeOff, RefreshCw, RotateCw, Send, Webhook } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { T } from '../../i18n/t';
import { type Translate, useT } from '../../i18n/use-t';
import { errorMessage, isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useCopied } from './use-copied';
import {
  useRotateWebhookSecret,
  useSendWebhook,
  webhookDeliveriesQueryOptions,
  webhookSecretQueryOptions,
} from './webhooks-api';

/** Where the account's webhook URL is edited. */
const SETTINGS_LINK = `${APP_ROUTES.profile}?tab=settings`;

/** The docs section with the verification snippets. */
const DOCS_LINK = `${APP_ROUTES.apiDocs}#webhooks`;

/** The log is a table from this width on, cards below it. */
const TABLE_QUERY = '(min-width: 56rem)';

const STATE_LABELS = {
  pending: 'webhooks.log.pending',
  delivered: 'webhooks.log.delivered',
  failed: 'webhooks.log.failed',
} as const;

const STATE_CLASSES: Record<TWebhookDeliveryState, string> = {
  pending: 'bg-warning-soft text-warning',
  delivered: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
};

const code = (chunks: ReactNode[]) => (
  <code className="rounded bg-surface-2 px-1 py-0.5 font-mono text-[0.9em] text-fg">{chunks}</code>
);

const settingsLink = (chunks: ReactNode[]) => (
  <Link to={SETTINGS_LINK} className="font-medium text-accent-fg underline-offset-4 hover:underline">
    {chunks}
  </Link>
);

/** The secret with its base64 part hidden: the prefix says what it is, nothing more. */
function maskSecret(secret: string): string {
  return `${secret.slice(0, secret.indexOf('_') + 1)}${'•'.repeat(24)}`;
}

/** API keys → Webhooks: the signing secret and the delivery log with resend and a test event. */
export function WebhooksView() {
  const t = useT();
  const toast = useToast();
  const send = useSendWebhook();
  const secret = useQuery(webhookSecretQueryOptions());
  const disabledAt = secret.data?.disabledAt ?? null;
  const [testError, setTestError] = useState<string | null>(null);

  const onSendTest = async () => {
    setTestError(null);
    try {
      await send.mutateAsync(null);
      toast.success(t('webhooks.send.testQueued'), t('webhooks.send.testQueuedMessage'));
    } catch (error) {
      // A refusal (no webhook URL set, say) is shown where the button is, with the way to fix it.
      if (isApiError(error) && error.isClientError) setTestError(errorMessage(error));
      else toast.error(t('webhooks.send.failed'), undefined, errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title={t('webhooks.page.title')}
        description={t('webhooks.page.intro')}
        actions={
          <>
            <Link to={DOCS_LINK} className={buttonClass({ variant: 'secondary' })}>
              <BookOpen aria-hidden />
              {t('webhooks.page.docs')}
            </Link>
            <Button variant="primary" disabled={send.isPending} onClick={() => void onSendTest()}>
              {send.isPending && send.variables === null ? <Spinner /> : <Send aria-hidden />}
              {t('webhooks.send.test')}
            </Button>
          </>
        }
      />
      <p className="mt-4 max-w-2xl text-sm text-fg-muted">
        <T id="webhooks.page.urlHint" values={{ link: settingsLink, code }} />
      </p>
      <div className="mt-8 space-y-6">
        {disabledAt ? (
          <Alert>
            <p>
              <T
                id="webhooks.page.disabled"
                values={{ date: formatDateTime(disabledAt), link: settingsLink }}
              />
            </p>
          </Alert>
        ) : null}
        {testError ? (
          <Alert onDismiss={() => setTestError(null)} dismissLabel={t('app.ui.close')}>
            <p className="font-medium">{testError}</p>
            <Link to={SETTINGS_LINK} className="mt-1 inline-block font-semibold underline underline-offset-4">
              {t('webhooks.send.openSettings')}
            </Link>
          </Alert>
        ) : null}
        <SecretCard />
        <DeliveryLog />
      </div>
    </>
  );
}

function SecretCard() {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const secret = useQuery(webhookSecretQueryOptions());
  const rotate = useRotateWebhookSecret();
  const { copied, copy } = useCopied();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onCopy = async () => {
    if (!secret.data) return;
    try {
      await copy(secret.data.secret);
      toast.success(t('webhooks.secret.copiedToast'));
    } catch (error) {
      toast.error(t('webhooks.secret.copyFailed'), undefined, errorMessage(error));
    }
  };

  const onRotate = async () => {
    try {
      await rotate.mutateAsync();
      setConfirming(false);
      toast.success(t('webhooks.rotate.done'), t('webhooks.rotate.doneMessage'));
    } catch (error) {
      toast.error(t('webhooks.rotate.failed'), undefined, errorMessage(error));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${ids}-title`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id={`${ids}-title`} className="text-lg font-semibold text-fg">
              {t('webhooks.secret.title')}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              <T id="webhooks.secret.intro" values={{ code }} />
            </p>
          </div>
          {secret.data ? (
            <Button variant="secondary" onClick={() => setConfirming(true)} className="shrink-0">
              <RotateCw aria-hidden />
              {t('webhooks.secret.rotate')}
            </Button>
          ) : null}
        </div>

        {secret.isPending ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-fg-muted">
            <Spinner /> {t('webhooks.secret.loading')}
          </p>
        ) : secret.isError ? (
          <Alert className="mt-4">
            <p className="font-medium">{t('webhooks.secret.loadFailed')}</p>
            <p className="mt-0.5 opacity-90">{errorMessage(secret.error)}</p>
            <button
              type="button"
              onClick={() => void secret.refetch()}
              className="mt-2 font-semibold underline underline-offset-4"
            >
              {t('webhooks.secret.retry')}
            </button>
          </Alert>
        ) : (
          <>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
              <code
                data-testid="webhook-secret"
                aria-hidden={revealed ? undefined : true}
                className="flex min-h-10 min-w-0 flex-1 items-center rounded-xl border border-line bg-surface-2 px-3 py-2 font-mono text-[13px] break-all text-fg"
              >
                {revealed ? secret.data.secret : maskSecret(secret.data.secret)}
              </code>
              {revealed ? null : <span className="sr-only">{t('webhooks.secret.masked')}</span>}
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  aria-pressed={revealed}
                  onClick={() => setRevealed((open) => !open)}
                  className="flex-1 sm:flex-none"
                >
                  {revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                  {revealed ? t('webhooks.secret.hide') : t('webhooks.secret.reveal')}
                </Button>
                <Button variant="secondary" onClick={() => void onCopy()} className="flex-1 sm:flex-none">
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                  <span aria-live="polite">
                    {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
                  </span>
                </Button>
              </div>
            </div>
            <p className="mt-2 text-xs text-fg-subtle">
              {t('webhooks.secret.created', { date: formatDateTime(secret.data.createdAt) })}
            </p>
            {secret.data.previousExpiresAt ? (
              <p className="mt-1 text-sm text-warning">
                {t('webhooks.secret.previousUntil', { date: formatDateTime(secret.data.previousExpiresAt) })}
              </p>
            ) : null}
          </>
        )}
      </section>

      <Dialog open={confirming} onOpenChange={(open) => !rotate.isPending && setConfirming(open)}>
        <DialogContent title={t('webhooks.rotate.title')} description={t('webhooks.rotate.description')}>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={rotate.isPending}>
                {t('webhooks.rotate.cancel')}
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={rotate.isPending} onClick={() => void onRotate()}>
              {rotate.isPending ? <Spinner /> : <RotateCw aria-hidden />}
              {rotate.isPending ? t('webhooks.rotate.rotating') : t('webhooks.rotate.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DeliveryLog() {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const wide = useMediaQuery(TABLE_QUERY);
  // The cursors of the pages opened so far: the last one is shown (null: the newest deliveries).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const log = useQuery(webhookDeliveriesQueryOptions(cursor));
  const send = useSendWebhook();

  const onResend = async (delivery: TWebhookDelivery) => {
    try {
      await send.mutateAsync(delivery.id);
      toast.success(t('webhooks.send.resent'));
    } catch (error) {
      toast.error(t('webhooks.send.failed'), undefined, errorMessage(error));
    }
  };
  const resending = (delivery: TWebhookDelivery) => send.isPending && send.variables === delivery.id;

  const items = log.data?.items ?? [];
  const nextCursor = log.data?.nextCursor ?? null;

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-fg">
          {t('webhooks.log.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void log.refetch()} disabled={log.isPending}>
          <RefreshCw aria-hidden className={cn(log.isFetching && 'animate-spin')} />
          {t('webhooks.log.refresh')}
        </Button>
      </div>

      {log.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2.5 py-12 text-fg-muted">
          <Spinner className="size-5" />
          {t('webhooks.log.loading')}
        </p>
      ) : log.isError && !log.data ? (
        <Alert>
          <p className="font-medium">{t('webhooks.log.loadFailed')}</p>
          <p className="mt-0.5 opacity-90">{errorMessage(log.error)}</p>
          <button
            type="button"
            onClick={() => void log.refetch()}
            className="mt-2 font-semibold underline underline-offset-4"
          >
            {t('webhooks.log.retry')}
          </button>
        </Alert>
      ) : items.length === 0 && cursor === null ? (
        <EmptyState
          icon={Webhook}
          title={t('webhooks.log.emptyTitle')}
          description={t('webhooks.log.emptyDescription')}
        />
      ) : wide ? (
        <DeliveryTable items={items} onResend={onResend} resending={resending} />
      ) : (
        <ul className="space-y-3">
          {items.map((delivery) => (
            <li key={delivery.id}>
              <DeliveryCard delivery={delivery} onResend={onResend} resending={resending(delivery)} />
            </li>
          ))}
        </ul>
      )}

      {cursors.length > 1 || nextCursor ? (
        <nav aria-label={t('webhooks.log.pagination')} className="flex justify-end gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((opened) => opened.slice(0, -1))}
          >
            {t('webhooks.log.newer')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!nextCursor}
            onClick={() => nextCursor && setCursors((opened) => [...opened, nextCursor])}
          >
            {t('webhooks.log.older')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** What one delivery shows, the same in the table and on a card. */
function deliveryFacts(t: Translate, delivery: TWebhookDelivery) {
  return {
    state: t(STATE_LABELS[delivery.state]),
    lastStatus:
      delivery.lastStatus !== null
        ? String(delivery.lastStatus)
        : delivery.attempts > 0
          ? t('webhooks.log.noResponse')
          : '—',
    latency:
      delivery.lastLatencyMs === null ? '—' : t('webhooks.log.latencyValue', { ms: delivery.lastLatencyMs }),
    nextRetry:
      delivery.state === 'pending' && delivery.nextAttemptAt
        ? formatRelative(delivery.nextAttemptAt)
        : t('webhooks.log.none'),
    created: formatRelative(delivery.createdAt),
  };
}

function StateBadge({ state, label }: { state: TWebhookDeliveryState; label: string }) {
  return <Badge className={STATE_CLASSES[state]}>{label}</Badge>;
}

interface ResendProps {
  delivery: TWebhookDelivery;
  onResend: (delivery: TWebhookDelivery) => Promise<void>;
  resending: boolean;
}

function ResendButton({ delivery, onResend, resending }: ResendProps) {
  const t = useT();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={resending}
      aria-label={t('webhooks.log.resendLabel', { event: delivery.event, target: delivery.target })}
      onClick={() => void onResend(delivery)}
    >
      {resending ? <Spinner /> : <Send aria-hidden />}
      {t('webhooks.log.resend')}
    </Button>
  );
}

function DeliveryTable({
  items,
  onResend,
  resending,
}: {
  items: TWebhookDelivery[];
  onResend: ResendProps['onResend'];
  resending: (delivery: TWebhookDelivery) => boolean;
}) {
  const t = useT();
  const th = 'px-3 py-2.5 font-semibold';
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-2 text-xs tracking-wide text-fg-subtle uppercase">
          <tr>
            <th scope="col" className={th}>
              {t('webhooks.log.event')}
            </th>
            <th scope="col" className={th}>
              {t('webhooks.log.target')}
            </th>
            <th scope="col" className={th}>
              {t('webhooks.log.state')}
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              {t('webhooks.log.attempts')}
            </th>
            <th scope="col" className={th}>
              {t('webhooks.log.lastStatus')}
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              {t('webhooks.log.latency')}
            </th>
            <th scope="col" className={th}>
              {t('webhooks.log.nextRetry')}
            </th>
            <th scope="col" className={th}>
              {t('webhooks.log.created')}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t('webhooks.log.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {items.map((delivery) => {
            const facts = deliveryFacts(t, delivery);
            return (
              <tr key={delivery.id} className="align-top text-fg-muted">
                <td className="px-3 py-3 font-mono text-[13px] text-fg">{delivery.event}</td>
                <td className="max-w-56 px-3 py-3">
                  <span className="block truncate" title={delivery.target}>
                    {delivery.target}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <StateBadge state={delivery.state} label={facts.state} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{formatNumber(delivery.attempts)}</td>
                <td className="px-3 py-3 tabular-nums">
                  {facts.lastStatus}
                  {delivery.lastError ? (
                    <span
                      className="mt-0.5 block max-w-48 truncate text-xs text-danger"
                      title={delivery.lastError}
                    >
                      {delivery.lastError}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{facts.latency}</td>
                <td className="px-3 py-3">{facts.nextRetry}</td>
                <td className="px-3 py-3 whitespace-nowrap">{facts.created}</td>
                <td className="px-3 py-2 text-right">
                  <ResendButton delivery={delivery} onResend={onResend} resending={resending(delivery)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryCard({ delivery, onResend, resending }: ResendProps) {
  const t = useT();
  const ids = useId();
  const facts = deliveryFacts(t, delivery);
  const rows: [string, string][] = [
    [t('webhooks.log.attempts'), formatNumber(delivery.attempts)],
    [t('webhooks.log.lastStatus'), facts.lastStatus],
    [t('webhooks.log.latency'), facts.latency],
    [t('webhooks.log.nextRetry'), facts.nextRetry],
    [t('webhooks.log.created'), facts.created],
  ];
  return (
    <Card className="p-4">
      <article aria-labelledby={`${ids}-event`}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`${ids}-event`} className="font-mono text-[13px] font-semibold break-all text-fg">
              {delivery.event}
            </h3>
            <p className="mt-0.5 text-xs break-all text-fg-muted">{delivery.target}</p>
          </div>
          <StateBadge state={delivery.state} label={facts.state} />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-fg-subtle">{label}</dt>
              <dd className="text-fg tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {delivery.lastError ? (
          <p className="mt-2 text-xs break-words text-danger">{delivery.lastError}</p>
        ) : null}
        <div className="mt-3 flex justify-end">
          <ResendButton delivery={delivery} onResend={onResend} resending={resending} />
        </div>
      </article>
    </Card>
  );
}
