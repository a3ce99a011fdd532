import type { TApiKey, TApiKeyUsage } from '@kaleido/common';
import { LIMITS } from '@kaleido/common/browser';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import {
  Check,
  Clapperboard,
  Copy,
  Download,
  Eye,
  EyeOff,
  ImageIcon,
  MoreHorizontal,
  RefreshCw,
  RotateCw,
  Settings,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { type Translate, useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { Spinner } from '../../ui/spinner';
import { downloadJson } from '../accounts/api';
import { apiKeysKeys, apiKeyUsageQueryOptions, revealApiKey } from './api';
import { SCOPE_LABELS } from './key-controls';
import {
  exportData,
  exportFileName,
  formatPercent,
  formatShortDateTime,
  isLowOnCredits,
  keyPlanName,
  maskKey,
  type RateTone,
  successRateTone,
} from './key-data';
import { KeySettingsDialog } from './key-settings-dialog';
import { RotateKeyDialog } from './rotate-key-dialog';
import { UsageChart } from './usage-chart';
import { useCopied } from './use-copied';

const RATE_CLASSES: Record<RateTone, string> = {
  good: 'text-success',
  fair: 'text-warning',
  poor: 'text-danger',
};

/** The server's or the network's reason, else the spec's 'Unknown error'. */
function reason(t: Translate, error: unknown): string {
  return errorMessage(error, t('apiKeys.card.unknownError'));
}

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="min-w-0 text-sm break-words text-fg-muted">{label}</dt>
      <dd className={cn('text-right text-sm font-medium text-fg tabular-nums', className)}>{children}</dd>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const ids = useId();
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className={cn('min-w-0 rounded-xl border border-line bg-surface-2/50 p-4', className)}
    >
      <h4
        id={`${ids}-title`}
        className="text-xs font-semibold tracking-wide break-words text-fg-subtle uppercase"
      >
        {title}
      </h4>
      {children}
    </section>
  );
}

export function KeyCard({ apiKey, usage }: { apiKey: TApiKey; usage: UseQueryResult<TApiKeyUsage> }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { copied, copy } = useCopied();
  const [secret, setSecret] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [rotateOpen, setRotateOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  /** The whole secret, asked for once per visit of the page. */
  const getSecret = async (): Promise<string> => {
    if (secret) return secret;
    const key = await revealApiKey(apiKey.id);
    setSecret(key);
    return key;
  };

  const onToggleReveal = async () => {
    if (revealed) {
      setRevealed(false);
      return;
    }
    setRevealing(true);
    try {
      await getSecret();
      setRevealed(true);
    } catch (error) {
      toast.error(t('apiKeys.card.revealFailed'), undefined, reason(t, error));
    } finally {
      setRevealing(false);
    }
  };

  const onCopy = async () => {
    try {
      await copy(getSecret());
      toast.success(t('apiKeys.copy.toast'));
    } catch (error) {
      toast.error(t('apiKeys.copy.failed'), undefined, reason(t, error));
    }
  };

  const loadUsage = async () => {
    const result = await usage.refetch();
    if (result.isError) toast.error(t('apiKeys.card.usageFailedToast'), reason(t, result.error));
  };

  const onRefreshStats = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: apiKeysKeys.list(), type: 'active' });
      const current =
        queryClient.getQueryData<TApiKey[]>(apiKeysKeys.list())?.find((key) => key.id === apiKey.id) ??
        apiKey;
      await queryClient.fetchQuery({ ...apiKeyUsageQueryOptions(current), staleTime: 0 });
    } catch (error) {
      toast.error(t('apiKeys.card.usageFailedToast'), reason(t, error));
    } finally {
      setRefreshing(false);
    }
  };

  const onExport = async () => {
    try {
      const figures = await queryClient.fetchQuery(apiKeyUsageQueryOptions(apiKey));
      downloadJson(exportData(apiKey, figures), exportFileName(apiKey.name));
      toast.success(t('apiKeys.card.exported'));
    } catch (error) {
      toast.error(t('apiKeys.card.exportFailed'), undefined, reason(t, error));
    }
  };

  const figures = usage.data;
  const generations = figures ? figures.imageRequests + figures.videoRequests : 0;
  const rateTone = figures ? successRateTone(figures.successRate) : 'good';

  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={`${ids}-name`}>
        <header className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`${ids}-name`} className="min-w-0 text-base font-semibold break-words text-fg">
                {apiKey.name}
              </h3>
              <Badge tone={apiKey.isActive ? 'success' : 'neutral'}>
                {apiKey.isActive ? t('apiKeys.card.active') : t('apiKeys.card.inactive')}
              </Badge>
              <Badge tone="accent">{keyPlanName(apiKey.plan)}</Badge>
            </div>
            {apiKey.description ? (
              <p className="mt-1 text-sm break-words text-fg-muted">{apiKey.description}</p>
            ) : null}
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('apiKeys.card.actions', { name: apiKey.name })}
              >
                {refreshing ? <Spinner /> : <MoreHorizontal aria-hidden />}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => void onExport()}>
                <Download aria-hidden />
                {t('apiKeys.card.export')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void onRefreshStats()}>
                <RefreshCw aria-hidden />
                {t('apiKeys.card.refreshStats')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setRotateOpen(true)}>
                <RotateCw aria-hidden />
                {t('apiKeys.card.rotate')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setSettingsOpen(true)}>
                <Settings aria-hidden />
                {t('apiKeys.card.settings')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </header>

        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="api-key-value"
            aria-hidden={revealed ? undefined : true}
            className="flex min-h-10 min-w-0 flex-1 items-center rounded-xl border border-line bg-surface-2 px-3 py-2 font-mono text-[13px] break-all text-fg"
          >
            {revealed && secret ? secret : maskKey(apiKey.keyPreview)}
          </code>
          {revealed ? null : (
            <span className="sr-only">
              {t('apiKeys.card.masked', { start: apiKey.keyPreview.slice(0, LIMITS.maskedKeyVisibleChars) })}
            </span>
          )}
          <div className="flex gap-2">
            <Button
              variant="secondary"
              aria-pressed={revealed}
              disabled={revealing}
              onClick={() => void onToggleReveal()}
              className="flex-1 sm:flex-none"
            >
              {revealing ? <Spinner /> : revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {revealed ? t('apiKeys.card.hide') : t('apiKeys.card.reveal')}
            </Button>
            <Button variant="secondary" onClick={() => void onCopy()} className="flex-1 sm:flex-none">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              <span aria-live="polite">{copied ? t('apiKeys.copy.copied') : t('apiKeys.copy.label')}</span>
            </Button>
          </div>
        </div>

        <KeyAccess apiKey={apiKey} />

        <div className="mt-5 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Panel title={t('apiKeys.usage.overview')}>
            <dl className="mt-1 divide-y divide-line">
              <Stat
                label={t('apiKeys.usage.creditsRemaining')}
                className={isLowOnCredits(apiKey.credits) ? 'text-danger' : undefined}
              >
                {formatNumber(apiKey.credits)}
              </Stat>
              <Stat label={t('apiKeys.usage.totalRequests')}>{formatNumber(apiKey.usageCount)}</Stat>
              <Stat label={t('apiKeys.usage.rateLimit')}>
                {t('apiKeys.usage.rateLimitValue', { requests: apiKey.rateLimit.requestsPerMinute })}
              </Stat>
              <Stat label={t('apiKeys.usage.created')}>{formatShortDateTime(apiKey.createdAt)}</Stat>
              <Stat label={t('apiKeys.usage.lastUsed')}>
                {apiKey.lastUsed ? formatShortDateTime(apiKey.lastUsed) : t('apiKeys.usage.never')}
              </Stat>
            </dl>
          </Panel>

          <Panel title={t('apiKeys.usage.models')}>
            {figures ? (
              <dl className="mt-1 divide-y divide-line">
                <Stat label={t('apiKeys.usage.image')}>
                  <span className="inline-flex items-center gap-1.5">
                    <ImageIcon aria-hidden className="size-3.5 text-fg-subtle" />
                    {formatNumber(figures.imageRequests)}
                  </span>
                </Stat>
                <Stat label={t('apiKeys.usage.video')}>
                  <span className="inline-flex items-center gap-1.5">
                    <Clapperboard aria-hidden className="size-3.5 text-fg-subtle" />
                    {formatNumber(figures.videoRequests)}
                  </span>
                </Stat>
                <Stat
                  label={t('apiKeys.usage.successRate')}
                  className={generations > 0 ? RATE_CLASSES[rateTone] : 'text-fg-subtle'}
                >
                  <span data-testid="success-rate" data-tone={generations > 0 ? rateTone : 'none'}>
                    {generations > 0 ? formatPercent(figures.successRate) : '—'}
                  </span>
                </Stat>
                <Stat label={t('apiKeys.usage.creditsUsed')}>{formatNumber(figures.creditsUsed)}</Stat>
              </dl>
            ) : (
              <UsageMissing usage={usage} onLoad={() => void loadUsage()} />
            )}
          </Panel>

          <Panel title={t('apiKeys.usage.requests')} className="md:col-span-2 xl:col-span-1">
            {figures ? (
              <>
                <p className="mt-1 text-[13px] text-fg-muted">
                  {t('apiKeys.usage.last24Hours', { count: figures.last24Hours })}
                </p>
                <div className="mt-3">
                  <UsageChart days={figures.requestsByDay} />
                </div>
              </>
            ) : (
              <UsageMissing usage={usage} onLoad={() => void loadUsage()} compact />
            )}
          </Panel>
        </div>
      </article>
      <KeySettingsDialog apiKey={apiKey} open={settingsOpen} onOpenChange={setSettingsOpen} />
      <RotateKeyDialog apiKey={apiKey} open={rotateOpen} onOpenChange={setRotateOpen} />
    </Card>
  );
}

/** What the key may do and its limits: scopes, expiry, this month's spend against the cap, webhook, rotation. */
function KeyAccess({ apiKey }: { apiKey: TApiKey }) {
  const t = useT();
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt) <= new Date();
  return (
    <div className="mt-4 space-y-3">
      <ul aria-label={t('apiKeys.controls.scopes')} className="flex flex-wrap gap-1.5">
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Badge tone="neutral">{t(SCOPE_LABELS[scope].label)}</Badge>
          </li>
        ))}
      </ul>
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <Stat label={t('apiKeys.controls.expiry')} className={expired ? 'text-danger' : undefined}>
          {apiKey.expiresAt
            ? t(expired ? 'apiKeys.card.expired' : 'apiKeys.card.expires', {
                date: formatShortDateTime(apiKey.expiresAt),
              })
            : t('apiKeys.card.noExpiry')}
        </Stat>
        <Stat label={t('apiKeys.card.spentThisMonth')}>
          {apiKey.monthlySpendCap === null
            ? t('apiKeys.card.spentNoCap', { spent: apiKey.spentThisMonth })
            : t('apiKeys.card.spentOfCap', { spent: apiKey.spentThisMonth, cap: apiKey.monthlySpendCap })}
        </Stat>
        <Stat label={t('apiKeys.controls.webhookUrl')}>
          <span className="break-all">{apiKey.webhookUrl ?? t('apiKeys.card.noWebhook')}</span>
        </Stat>
      </dl>
      {apiKey.previousKeyValidUntil ? (
        <p
          role="status"
          className="rounded-xl border border-warning/30 bg-warning-soft px-3 py-2 text-[13px] text-fg"
        >
          {t('apiKeys.rotate.oldValidUntil', { date: formatShortDateTime(apiKey.previousKeyValidUntil) })}
        </p>
      ) : null}
    </div>
  );
}

function UsageMissing({
  usage,
  onLoad,
  compact = false,
}: {
  usage: UseQueryResult<TApiKeyUsage>;
  onLoad: () => void;
  compact?: boolean;
}) {
  const t = useT();
  if (usage.isFetching) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-fg-muted">
        <Spinner /> {t('apiKeys.usage.loading')}
      </p>
    );
  }
  return (
    <div className="mt-3 text-sm">
      {!compact && usage.isError ? <p className="text-fg-muted">{t('apiKeys.card.usageFailed')}</p> : null}
      {compact ? (
        <p className="text-fg-muted">{t('apiKeys.usage.noFigures')}</p>
      ) : (
        <button
          type="button"
          onClick={onLoad}
          className="mt-1 font-medium text-accent-fg underline-offset-4 hover:underline"
        >
          {t('apiKeys.usage.load')}
        </button>
      )}
    </div>
  );
}
