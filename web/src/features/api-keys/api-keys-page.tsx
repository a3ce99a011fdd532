import type { TApiKey, TApiKeyUsage, TCreatedApiKey } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, BookOpen, Coins, KeyRound, Plus, RefreshCw, Target, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { authKeys, type CurrentUser } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import { apiKeysKeys, apiKeysQueryOptions, apiKeyUsageQueryOptions } from './api';
import { ApiKeysTabs } from './api-keys-tabs';
import { CreateKeyPanel, NewKeyNotice } from './create-key-panel';
import { KeyCard } from './key-card';
import { formatPercent, type KeysSummary, summarize } from './key-data';

export function ApiKeysPage() {
  const t = useT();
  const { user } = useUser();
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title={t('apiKeys.page.title')} noIndex />
      {user ? (
        <ApiKeysTabs keys={<ApiKeysManager user={user} />} />
      ) : (
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={KeyRound}
          title={t('apiKeys.signIn.title')}
          message={t('apiKeys.signIn.message')}
        />
      )}
    </PageContainer>
  );
}

function ApiKeysManager({ user }: { user: CurrentUser }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery(apiKeysQueryOptions());
  const keys = list.data ?? [];
  const usages = useQueries({ queries: keys.map((key) => apiKeyUsageQueryOptions(key)) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);

  // The spec's toast when the list cannot be loaded: once per failure, not on every 30 s retry.
  const failing = useRef(false);
  useEffect(() => {
    if (list.isError && !failing.current) {
      toast.error(t('apiKeys.list.loadFailed'), undefined, errorMessage(list.error));
    }
    failing.current = list.isError;
  }, [list.isError, list.error, toast, t]);

  const usageById = useMemo(() => {
    const map = new Map<string, TApiKeyUsage>();
    keys.forEach((key, index) => {
      const data = usages[index]?.data;
      if (data) map.set(key.id, data);
    });
    return map;
  }, [keys, usages]);
  const summary = summarize(keys, usageById);

  // Requests made with the keys spend the account's credits: when the figures grow, the balance in the
  // navigation bar is read again.
  const seenRequests = useRef<number | null>(null);
  useEffect(() => {
    if (!list.data) return;
    if (seenRequests.current !== null && summary.totalRequests > seenRequests.current) {
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    }
    seenRequests.current = summary.totalRequests;
  }, [list.data, summary.totalRequests, queryClient]);
  const refreshing = list.isFetching || usages.some((usage) => usage.isFetching);

  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: apiKeysKeys.list(), type: 'active' });
    await queryClient.invalidateQueries({ queryKey: [...apiKeysKeys.all, 'usage'] });
  };

  const onCreated = (key: TCreatedApiKey) => {
    setCreated(key);
    setCreating(false);
  };

  const createToggle = (
    <Button
      variant={creating ? 'secondary' : 'primary'}
      aria-expanded={creating}
      onClick={() => setCreating((open) => !open)}
    >
      {creating ? <X aria-hidden /> : <Plus aria-hidden />}
      {creating ? t('apiKeys.list.cancel') : t('apiKeys.list.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('apiKeys.page.title')}
        description={t('apiKeys.page.intro')}
        actions={
          <>
            <Button variant="secondary" onClick={() => void refresh()} disabled={list.isPending}>
              <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
              {t('apiKeys.list.refresh')}
            </Button>
            {list.isSuccess ? createToggle : null}
          </>
        }
      />

      <div className="mt-8 space-y-6">
        {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}

        {list.isPending ? (
          <p role="status" className="flex items-center justify-center gap-2.5 py-16 text-fg-muted">
            <Spinner className="size-5" />
            {t('apiKeys.list.loading')}
          </p>
        ) : list.isError && !list.data ? (
          <Alert>
            <p className="font-medium">{t('apiKeys.list.loadFailed')}</p>
            <p className="mt-0.5 opacity-90">{errorMessage(list.error)}</p>
            <button
              type="button"
              onClick={() => void list.refetch()}
              className="mt-2 font-semibold underline underline-offset-4"
            >
              {t('apiKeys.list.retry')}
            </button>
          </Alert>
        ) : (
          <>
            {keys.length > 0 ? <SummaryTiles summary={summary} /> : null}
            {creating ? <CreateKeyPanel accountPlan={user.plan} onCreated={onCreated} /> : null}
            {keys.length === 0 && !creating ? (
              <EmptyState
                icon={KeyRound}
                title={t('apiKeys.empty.title')}
                description={t('apiKeys.empty.description')}
                actions={
                  <>
                    <Button variant="primary" onClick={() => setCreating(true)}>
                      <Plus aria-hidden />
                      {t('apiKeys.empty.create')}
                    </Button>
                    <Link to={APP_ROUTES.apiDocs} className={buttonClass({ variant: 'secondary' })}>
                      <BookOpen aria-hidden />
                      {t('apiKeys.empty.docs')}
                    </Link>
                  </>
                }
              />
            ) : null}
            {keys.length > 0 ? (
              <section aria-labelledby="api-keys-list-title" className="space-y-4">
                <h2 id="api-keys-list-title" className="sr-only">
                  {t('apiKeys.list.heading')}
                </h2>
                {keys.map((key: TApiKey, index) => {
                  const usage = usages[index];
                  return usage ? <KeyCard key={key.id} apiKey={key} usage={usage} /> : null;
                })}
              </section>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

function Tile({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  icon: typeof Activity;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <dt className="flex items-start justify-between gap-2 text-[13px] font-medium text-fg-muted">
        <span className="min-w-0 break-words hyphens-auto">{label}</span>
        <Icon aria-hidden className="size-4 shrink-0 text-fg-subtle" />
      </dt>
      <dd className="mt-2 text-2xl font-semibold tracking-tight text-fg tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-fg-subtle">{hint}</dd> : null}
    </Card>
  );
}

function SummaryTiles({ summary }: { summary: KeysSummary }) {
  const t = useT();
  return (
    <dl aria-label={t('apiKeys.summary.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Tile
        label={t('apiKeys.summary.totalRequests')}
        value={formatNumber(summary.totalRequests)}
        icon={Activity}
      />
      <Tile
        label={t('apiKeys.summary.totalCredits')}
        value={formatNumber(summary.totalCredits)}
        icon={Coins}
      />
      <Tile
        label={t('apiKeys.summary.activeKeys')}
        value={t('apiKeys.summary.activeKeysValue', { active: summary.activeKeys, total: summary.totalKeys })}
        icon={KeyRound}
      />
      <Tile
        label={t('apiKeys.summary.successRate')}
        value={summary.successRate === null ? '—' : formatPercent(summary.successRate)}
        hint={summary.successRate === null ? t('apiKeys.summary.noRequests') : undefined}
        icon={Target}
      />
    </dl>
  );
}
