import type { TBlockedTerm, TBlockedTermKind, TReviewItem, TReviewStatus } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Plus, Save, ShieldCheck, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { errorMessage, serverText } from '../../lib/api-client';
import { formatDateTime, formatRelative } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input, Select } from '../../ui/field';
import { Tabs } from '../../ui/tabs';
import {
  AdminHeader,
  ConfirmDialog,
  CursorPager,
  EmptyRow,
  ListState,
  Panel,
  useCursorStack,
} from './admin-ui';
import {
  blockedTermsQueryOptions,
  reviewQueueQueryOptions,
  useReviewDecision,
  useSaveBlockedTerms,
} from './api';
import { personPath } from './job-bits';
import { keysOf, REPORT_REASON_LABELS, REVIEW_STATUS_LABELS, TERM_KIND_LABELS } from './labels';
import { LIMITS } from './limits';

export function ModerationPage() {
  const t = useT();
  return (
    <div className="space-y-6">
      <AdminHeader title={t('admin.moderation.title')} description={t('admin.moderation.intro')} />
      <ReviewQueue />
      <BlockedTermsEditor />
    </div>
  );
}

interface DraftTerm extends TBlockedTerm {
  key: number;
}

let nextKey = 0;
const draft = (term: TBlockedTerm): DraftTerm => ({ ...term, key: nextKey++ });

/** The blocked terms as an editable list, saved as a whole (the server names a pattern it refuses). */
function BlockedTermsEditor() {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const query = useQuery(blockedTermsQueryOptions());
  const save = useSaveBlockedTerms();
  const [terms, setTerms] = useState<DraftTerm[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (query.data && terms === null) setTerms(query.data.terms.map(draft));
  }, [query.data, terms]);

  const rows = terms ?? [];
  const saved = JSON.stringify(query.data?.terms ?? []);
  const current = rows.map(({ term, kind }) => ({ term: term.trim(), kind })).filter((row) => row.term);
  const dirty = JSON.stringify(current) !== saved;

  const change = (key: number, patch: Partial<TBlockedTerm>) =>
    setTerms(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const onSave = async () => {
    setFailure(null);
    try {
      const result = await save.mutateAsync({ terms: current });
      setTerms(result.terms.map(draft));
      toast.success(t('admin.moderation.terms.saved'));
    } catch (error) {
      setFailure(serverText(error) ?? errorMessage(error));
    }
  };

  return (
    <Panel
      title={t('admin.moderation.terms.title')}
      actions={
        query.data?.updatedAt ? (
          <span className="text-xs text-fg-muted">
            {t('admin.moderation.terms.updated', { when: formatDateTime(query.data.updatedAt) })}
          </span>
        ) : null
      }
    >
      <p className="mb-4 text-sm text-fg-muted">{t('admin.moderation.terms.intro')}</p>
      <ListState query={query}>
        {() => (
          <>
            {rows.length === 0 ? <EmptyRow>{t('admin.moderation.terms.empty')}</EmptyRow> : null}
            <ul className="space-y-2">
              {rows.map((row, index) => (
                <li key={row.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <Input
                    size="md"
                    aria-label={t('admin.moderation.terms.term', { number: index + 1 })}
                    className="min-w-0 flex-1 font-mono"
                    value={row.term}
                    maxLength={LIMITS.termMaxLength}
                    onChange={(event) => change(row.key, { term: event.target.value })}
                  />
                  <Select
                    aria-label={t('admin.moderation.terms.kind', { number: index + 1 })}
                    className="w-44"
                    value={row.kind}
                    onChange={(event) => {
                      const kind = keysOf(TERM_KIND_LABELS).find((value) => value === event.target.value);
                      if (kind) change(row.key, { kind });
                    }}
                  >
                    {keysOf(TERM_KIND_LABELS).map((kind: TBlockedTermKind) => (
                      <option key={kind} value={kind}>
                        {t(TERM_KIND_LABELS[kind])}
                      </option>
                    ))}
                  </Select>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('admin.moderation.terms.remove', { term: row.term || String(index + 1) })}
                    onClick={() => setTerms(rows.filter((candidate) => candidate.key !== row.key))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            {failure ? (
              <Alert className="mt-3" id={`${ids}-error`}>
                {failure}
              </Alert>
            ) : null}
            <div className="mt-4 flex flex-wrap justify-between gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={rows.length >= LIMITS.maxTerms}
                onClick={() => setTerms([...rows, draft({ term: '', kind: 'word' })])}
              >
                <Plus aria-hidden />
                {t('admin.moderation.terms.add')}
              </Button>
              <Button size="sm" disabled={!dirty || save.isPending} onClick={() => void onSave()}>
                <Save aria-hidden />
                {t('admin.moderation.terms.save')}
              </Button>
            </div>
          </>
        )}
      </ListState>
    </Panel>
  );
}

function ReviewQueue() {
  const t = useT();
  const [status, setStatus] = useState<TReviewStatus>('open');
  const cursors = useCursorStack();
  const query = useQuery(reviewQueueQueryOptions(status, cursors.cursor));
  const statuses = keysOf(REVIEW_STATUS_LABELS);
  const body = (
    <ListState
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={status === 'open' ? t('admin.moderation.queue.empty') : t('admin.moderation.queue.emptyDecided')}
    >
      {(data) => (
        <>
          <ul className="grid gap-4 lg:grid-cols-2">
            {data.items.map((item) => (
              <ReviewCard key={item.itemId} item={item} />
            ))}
          </ul>
          <CursorPager cursors={cursors} nextCursor={data.nextCursor} />
        </>
      )}
    </ListState>
  );
  return (
    <Panel title={t('admin.moderation.queue.title')}>
      <Tabs
        label={t('admin.moderation.queue.title')}
        variant="segmented"
        selectedId={status}
        onSelectedChange={(id) => {
          const next = statuses.find((value) => value === id);
          if (next) {
            setStatus(next);
            cursors.reset();
          }
        }}
        items={statuses.map((value) => ({
          id: value,
          label: t(REVIEW_STATUS_LABELS[value]),
          content: value === status ? body : null,
        }))}
        panelClassName="mt-4"
      />
    </Panel>
  );
}

function ReviewCard({ item }: { item: TReviewItem }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const decide = useReviewDecision();
  const [confirm, setConfirm] = useState<'hide' | 'keep' | null>(null);
  const [disableAuthor, setDisableAuthor] = useState(false);
  const author = item.author.displayName || item.author.email;
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4 sm:flex-row">
        <div className="w-full shrink-0 overflow-hidden rounded-xl bg-surface-2 sm:w-40">
          {item.videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: reported creations have no captions.
            <video
              src={item.videoUrl}
              poster={item.url}
              controls
              className="aspect-square w-full object-cover"
            />
          ) : (
            <img
              src={item.url}
              alt={item.prompt}
              className="aspect-square w-full object-cover"
              loading="lazy"
            />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2 text-sm">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone="warning">{t('admin.moderation.queue.reports', { count: item.reportCount })}</Badge>
            {item.hidden ? <Badge>{t('admin.moderation.queue.hiddenNow')}</Badge> : null}
            {item.author.disabled ? <Badge tone="warning">{t('admin.people.disabled')}</Badge> : null}
          </div>
          <p className="line-clamp-3 text-fg">{item.prompt}</p>
          <p className="text-xs text-fg-muted">
            {t('admin.moderation.queue.by')}{' '}
            <Link
              to={personPath(item.author.id)}
              className="font-medium text-fg underline-offset-4 hover:underline"
            >
              {author}
            </Link>
            {' · '}
            {formatRelative(item.lastReportedAt)}
          </p>
          <ul className="space-y-1 text-xs">
            {item.reports.slice(0, 5).map((report) => (
              <li key={report.id} className="rounded-lg bg-surface-2 px-2 py-1.5">
                <span className="font-medium text-fg">{t(REPORT_REASON_LABELS[report.reason])}</span>
                <span className="text-fg-muted"> · {report.reporter.displayName}</span>
                {report.note ? <span className="block text-fg-muted">{report.note}</span> : null}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2 pt-1">
            {!item.hidden || item.status === 'open' ? (
              <Button variant="danger" size="sm" onClick={() => setConfirm('hide')}>
                <EyeOff aria-hidden />
                {t('admin.moderation.queue.hide')}
              </Button>
            ) : null}
            {item.status !== 'kept' ? (
              <Button variant="secondary" size="sm" onClick={() => setConfirm('keep')}>
                <ShieldCheck aria-hidden />
                {t('admin.moderation.queue.keep')}
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
          setDisableAuthor(false);
        }}
        variant={confirm === 'hide' ? 'danger' : 'primary'}
        title={
          confirm === 'hide' ? t('admin.moderation.queue.hideTitle') : t('admin.moderation.queue.keepTitle')
        }
        description={
          confirm === 'hide' ? t('admin.moderation.queue.hideText') : t('admin.moderation.queue.keepText')
        }
        confirmLabel={
          confirm === 'hide' ? t('admin.moderation.queue.hide') : t('admin.moderation.queue.keep')
        }
        onConfirm={async () => {
          const result = await decide.mutateAsync({
            itemId: item.itemId,
            decision: confirm === 'hide' ? 'hide' : 'keep',
            disableAuthor,
          });
          toast.success(
            result.status === 'hidden'
              ? t('admin.moderation.queue.hidden')
              : t('admin.moderation.queue.kept'),
            result.authorDisabled ? t('admin.moderation.queue.authorDisabled', { name: author }) : undefined,
          );
        }}
      >
        {item.author.disabled ? null : (
          <label htmlFor={`${ids}-disable`} className="flex items-start gap-2.5 text-sm text-fg">
            <input
              id={`${ids}-disable`}
              type="checkbox"
              className="mt-0.5 size-4 accent-[var(--danger)]"
              checked={disableAuthor}
              onChange={(event) => setDisableAuthor(event.target.checked)}
            />
            <span>{t('admin.moderation.queue.disableAuthor', { name: author })}</span>
          </label>
        )}
      </ConfirmDialog>
    </li>
  );
}
