import type { TAuditAction, TAuditEvent } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Download } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { buttonClass } from '../../ui/button';
import {
  AdminHeader,
  CursorPager,
  DateRangeFields,
  FilterField,
  FilterSelect,
  ListState,
  Panel,
  TableFrame,
  TD,
  useCursorStack,
  useFilterParams,
} from './admin-ui';
import { type AuditListQuery, auditCsvUrl, auditQueryOptions } from './api';
import { dayBound } from './jobs-page';
import { AUDIT_ACTION_LABELS, keysOf } from './labels';

const PAGE_SIZE = 50;
const ACTIONS = keysOf(AUDIT_ACTION_LABELS);

/** The audit log: newest first, filtered in the address; the CSV export takes the same filters. */
export function AuditPage() {
  const t = useT();
  const cursors = useCursorStack();
  const { params, field } = useFilterParams(cursors.reset);
  const action = ACTIONS.find((candidate) => candidate === params.get('action'));
  const actor = params.get('actor') ?? '';
  const target = params.get('target') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const debouncedActor = useDebouncedValue(actor.trim(), 300);
  const debouncedTarget = useDebouncedValue(target.trim(), 300);
  const filters: AuditListQuery = {
    action,
    actor: debouncedActor || undefined,
    target: debouncedTarget || undefined,
    from: dayBound(fromDay, false),
    to: dayBound(toDay, true),
  };
  const list = useQuery(auditQueryOptions({ ...filters, cursor: cursors.cursor, limit: PAGE_SIZE }));

  return (
    <div className="space-y-6">
      <AdminHeader
        title={t('admin.audit.title')}
        description={t('admin.audit.intro')}
        actions={
          <a href={auditCsvUrl(filters)} download className={buttonClass({ variant: 'secondary' })}>
            <Download aria-hidden />
            {t('admin.audit.export')}
          </a>
        }
      />
      <Panel title={t('admin.audit.events')}>
        <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
          <FilterSelect
            {...field('action')}
            className="col-span-2 lg:col-span-1"
            label={t('admin.audit.action')}
            value={action}
            values={ACTIONS}
            labels={AUDIT_ACTION_LABELS}
          />
          <FilterField
            {...field('actor')}
            label={t('admin.audit.actor')}
            placeholder={t('admin.audit.actorPlaceholder')}
          />
          <FilterField {...field('target')} label={t('admin.audit.target')} />
          <DateRangeFields from={field('from')} to={field('to')} />
        </div>

        <ListState query={list} isEmpty={(data) => data.items.length === 0} empty={t('admin.audit.empty')}>
          {(data) => (
            <>
              <TableFrame
                label={t('admin.audit.events')}
                stale={list.isPlaceholderData}
                columns={[
                  { label: t('admin.common.when') },
                  { label: t('admin.audit.action') },
                  { label: t('admin.audit.actor') },
                  { label: t('admin.audit.target') },
                  { label: t('admin.audit.ip') },
                  { label: t('admin.audit.change'), srOnly: true },
                ]}
              >
                {data.items.map((event) => (
                  <AuditRow key={event.id} event={event} />
                ))}
              </TableFrame>
              <CursorPager cursors={cursors} nextCursor={data.nextCursor} />
            </>
          )}
        </ListState>
      </Panel>
    </div>
  );
}

function actionLabel(action: TAuditAction) {
  return AUDIT_ACTION_LABELS[action];
}

function AuditRow({ event }: { event: TAuditEvent }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const hasChange = event.before !== null || event.after !== null || event.reason !== null;
  const detailId = `audit-${event.id}`;
  return (
    <>
      <tr>
        <td className={`${TD} whitespace-nowrap text-fg-muted`}>{formatDateTime(event.createdAt)}</td>
        <td className={TD}>
          {t(actionLabel(event.action))}
          <code className="block font-mono text-[11px] text-fg-subtle">{event.action}</code>
        </td>
        <td className={`${TD} break-all`}>{event.actorEmail ?? t('admin.audit.noActor')}</td>
        <td className={`${TD} break-all text-fg-muted`}>{event.targetLabel ?? event.targetId ?? '—'}</td>
        <td className={`${TD} font-mono text-xs text-fg-muted`}>{event.ip ?? '—'}</td>
        <td className={`${TD} text-right`}>
          {hasChange ? (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen((value) => !value)}
              className="inline-flex items-center gap-1 text-xs font-medium text-accent-fg"
            >
              {t('admin.audit.change')}
              <ChevronDown
                aria-hidden
                className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`}
              />
            </button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr id={detailId}>
          <td colSpan={6} className="border-b border-line bg-surface-2/60 px-3 py-3">
            {event.reason ? (
              <p className="mb-2 text-sm">
                <span className="font-medium">{t('admin.common.reason')}</span> {event.reason}
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
                  {t('admin.audit.before')}
                </p>
                <pre className="overflow-x-auto rounded-lg bg-surface p-2 font-mono text-xs">
                  {JSON.stringify(event.before, null, 2)}
                </pre>
              </div>
              <div>
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
                  {t('admin.audit.after')}
                </p>
                <pre className="overflow-x-auto rounded-lg bg-surface p-2 font-mono text-xs">
                  {JSON.stringify(event.after, null, 2)}
                </pre>
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
