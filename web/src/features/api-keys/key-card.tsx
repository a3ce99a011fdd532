import type { TApiKey, TApiKeyUsage } from '@kaleido/common';
import { LIMITS, MESSAGES } from '@kaleido/common/browser';
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
  Settings,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
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
import { UsageChart } from './usage-chart';
import { useCopied } from './use-copied';

const RATE_CLASSES: Record<RateTone, string> = {
  good: 'text-success',
  fair: 'text-warning',
  poor: 'text-danger',
};

/** The server's or the network's reason, else the spec's 'Unknown error'. */
function reason(error: unknown): string {
  return errorMessage(error, 'Unknown error');
}

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-fg-muted">{label}</dt>
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
      <h4 id={`${ids}-title`} className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        {title}
      </h4>
      {children}
    </section>
  );
}

export function KeyCard({ apiKey, usage }: { apiKey: TApiKey; usage: UseQueryResult<TApiKeyUsage> }) {
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { copied, copy } = useCopied();
  const [secret, setSecret] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
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
      toast.error('Could not reveal the API key', undefined, reason(error));
    } finally {
      setRevealing(false);
    }
  };

  const onCopy = async () => {
    try {
      await copy(getSecret());
      toast.success(MESSAGES.apiKeyCopied);
    } catch (error) {
      toast.error('Could not copy the API key', undefined, reason(error));
    }
  };

  const loadUsage = async () => {
    const result = await usage.refetch();
    if (result.isError) toast.error(MESSAGES.usageStatsLoadFailedToast, reason(result.error));
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
      toast.error(MESSAGES.usageStatsLoadFailedToast, reason(error));
    } finally {
      setRefreshing(false);
    }
  };

  const onExport = async () => {
    try {
      const figures = await queryClient.fetchQuery(apiKeyUsageQueryOptions(apiKey));
      downloadJson(exportData(apiKey, figures), exportFileName(apiKey.name));
      toast.success(MESSAGES.apiKeyExported);
    } catch (error) {
      toast.error('Failed to export API key data', undefined, reason(error));
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
                {apiKey.isActive ? 'Active' : 'Inactive'}
              </Badge>
              <Badge tone="accent">{keyPlanName(apiKey.plan)}</Badge>
            </div>
            {apiKey.description ? (
              <p className="mt-1 text-sm break-words text-fg-muted">{apiKey.description}</p>
            ) : null}
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Actions for ${apiKey.name}`}>
                {refreshing ? <Spinner /> : <MoreHorizontal aria-hidden />}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => void onExport()}>
                <Download aria-hidden />
                Export data
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void onRefreshStats()}>
                <RefreshCw aria-hidden />
                Refresh stats
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setSettingsOpen(true)}>
                <Settings aria-hidden />
                Settings
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
              API key starting {apiKey.keyPreview.slice(0, LIMITS.maskedKeyVisibleChars)}, the rest hidden
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
              {revealed ? 'Hide' : 'Reveal'}
            </Button>
            <Button variant="secondary" onClick={() => void onCopy()} className="flex-1 sm:flex-none">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
        </div>

        <div className="mt-5 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Panel title="Usage Overview">
            <dl className="mt-1 divide-y divide-line">
              <Stat
                label="Credits remaining"
                className={isLowOnCredits(apiKey.credits) ? 'text-danger' : undefined}
              >
                {formatNumber(apiKey.credits)}
              </Stat>
              <Stat label="Total requests">{formatNumber(apiKey.usageCount)}</Stat>
              <Stat label="Rate limit">{formatNumber(apiKey.rateLimit.requestsPerMinute)}/min</Stat>
              <Stat label="Created">{formatShortDateTime(apiKey.createdAt)}</Stat>
              <Stat label="Last used">
                {apiKey.lastUsed ? formatShortDateTime(apiKey.lastUsed) : 'Never'}
              </Stat>
            </dl>
          </Panel>

          <Panel title="Model Usage">
            {figures ? (
              <dl className="mt-1 divide-y divide-line">
                <Stat label="Image Generation">
                  <span className="inline-flex items-center gap-1.5">
                    <ImageIcon aria-hidden className="size-3.5 text-fg-subtle" />
                    {formatNumber(figures.imageRequests)}
                  </span>
                </Stat>
                <Stat label="Video Generation">
                  <span className="inline-flex items-center gap-1.5">
                    <Clapperboard aria-hidden className="size-3.5 text-fg-subtle" />
                    {formatNumber(figures.videoRequests)}
                  </span>
                </Stat>
                <Stat
                  label="Success rate"
                  className={generations > 0 ? RATE_CLASSES[rateTone] : 'text-fg-subtle'}
                >
                  <span data-testid="success-rate" data-tone={generations > 0 ? rateTone : 'none'}>
                    {generations > 0 ? formatPercent(figures.successRate) : '—'}
                  </span>
                </Stat>
                <Stat label="Credits used">{formatNumber(figures.creditsUsed)}</Stat>
              </dl>
            ) : (
              <UsageMissing usage={usage} onLoad={() => void loadUsage()} />
            )}
          </Panel>

          <Panel title="Requests, last 7 days" className="md:col-span-2 xl:col-span-1">
            {figures ? (
              <>
                <p className="mt-1 text-[13px] text-fg-muted">
                  {formatNumber(figures.last24Hours)} in the last 24 hours
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
    </Card>
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
  if (usage.isFetching) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-fg-muted">
        <Spinner /> Loading usage…
      </p>
    );
  }
  return (
    <div className="mt-3 text-sm">
      {!compact && usage.isError ? <p className="text-fg-muted">{MESSAGES.usageStatsLoadFailed}</p> : null}
      {compact ? (
        <p className="text-fg-muted">No figures loaded.</p>
      ) : (
        <button
          type="button"
          onClick={onLoad}
          className="mt-1 font-medium text-accent-fg underline-offset-4 hover:underline"
        >
          Load usage data
        </button>
      )}
    </div>
  );
}
