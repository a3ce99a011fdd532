import type { TAdminUser, TAdminUserSort } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Search } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { formatDate, formatNumber, formatRelative } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Badge } from '../../ui/badge';
import { Input, Label } from '../../ui/field';
import { AdminHeader, FilterSelect, ListState, Pager, Panel, TableFrame, TD, TH } from './admin-ui';
import { type UserListQuery, usersQueryOptions } from './api';
import { PLAN_LABELS, ROLE_LABELS } from './labels';

const PAGE_SIZE = 25;

const ROLES = ['admin', 'user'] as const;
const STATUSES = ['active', 'disabled'] as const;
const STATUS_LABELS: Record<(typeof STATUSES)[number], MessageId> = {
  active: 'admin.people.active',
  disabled: 'admin.people.disabled',
};

const COLUMNS: { sort?: TAdminUserSort; label: MessageId }[] = [
  { sort: 'name', label: 'admin.people.column.person' },
  { label: 'admin.people.column.plan' },
  { sort: 'credits', label: 'admin.people.column.credits' },
  { label: 'admin.people.column.status' },
  { sort: 'createdAt', label: 'admin.people.column.joined' },
  { sort: 'lastSeenAt', label: 'admin.people.column.lastSeen' },
];

function isSort(value: string | null): value is TAdminUserSort {
  return (
    value === 'name' ||
    value === 'email' ||
    value === 'credits' ||
    value === 'createdAt' ||
    value === 'lastSeenAt'
  );
}

/** The filters live in the address, so a person's page and Back return to the same list. */
function useListQuery(): [UserListQuery & { q: string }, (patch: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const role = params.get('role');
  const status = params.get('status');
  const query: UserListQuery & { q: string } = {
    q: params.get('q') ?? '',
    sort: isSort(sort) ? sort : 'createdAt',
    order: params.get('order') === 'asc' ? ('asc' as const) : ('desc' as const),
    role: role === 'admin' || role === 'user' ? role : undefined,
    status: status === 'active' || status === 'disabled' ? status : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZE,
  };
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        // Any change but the page starts from the first page.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [query, update];
}

export function PeoplePage() {
  const t = useT();
  const ids = useId();
  const [query, update] = useListQuery();
  const search = useDebouncedValue(query.q.trim(), 300);
  const list = useQuery(usersQueryOptions({ ...query, q: search || undefined }));
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  const onSort = (sort: TAdminUserSort) =>
    update({ sort, order: query.sort === sort && query.order === 'desc' ? 'asc' : 'desc' });

  return (
    <div className="space-y-6">
      <AdminHeader title={t('admin.people.title')} description={t('admin.people.intro')} />
      <Panel
        title={list.data ? t('admin.people.count', { count: list.data.total }) : t('admin.people.title')}
      >
        <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="col-span-2 sm:col-span-1">
            <Label htmlFor={`${ids}-q`}>{t('admin.people.search')}</Label>
            <div className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
              />
              <Input
                id={`${ids}-q`}
                type="search"
                size="md"
                className="pl-9"
                placeholder={t('admin.people.searchPlaceholder')}
                value={query.q}
                onChange={(event) => update({ q: event.target.value })}
              />
            </div>
          </div>
          <FilterSelect
            id={`${ids}-role`}
            label={t('admin.people.role')}
            value={query.role}
            values={ROLES}
            labels={ROLE_LABELS}
            onChange={(value) => update({ role: value })}
          />
          <FilterSelect
            id={`${ids}-status`}
            label={t('admin.people.status')}
            value={query.status}
            values={STATUSES}
            labels={STATUS_LABELS}
            onChange={(value) => update({ status: value })}
          />
        </div>

        <ListState
          query={list}
          isEmpty={(data) => data.items.length === 0}
          empty={search ? t('admin.people.noMatch', { query: search }) : t('admin.people.empty')}
        >
          {(data) => (
            <>
              <TableFrame
                label={t('admin.people.title')}
                stale={list.isPlaceholderData}
                head={
                  <thead>
                    <tr>
                      {COLUMNS.map((column) => (
                        <th
                          key={column.label}
                          scope="col"
                          className={TH}
                          aria-sort={
                            column.sort && column.sort === query.sort
                              ? query.order === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : undefined
                          }
                        >
                          {column.sort ? (
                            <button
                              type="button"
                              onClick={() => column.sort && onSort(column.sort)}
                              className="inline-flex items-center gap-1 uppercase hover:text-fg"
                            >
                              {t(column.label)}
                              {column.sort === query.sort ? (
                                query.order === 'asc' ? (
                                  <ArrowUp aria-hidden className="size-3.5" />
                                ) : (
                                  <ArrowDown aria-hidden className="size-3.5" />
                                )
                              ) : null}
                            </button>
                          ) : (
                            t(column.label)
                          )}
                        </th>
                      ))}
                    </tr>
                  </thead>
                }
              >
                {data.items.map((person) => (
                  <PersonRow key={person.id} person={person} />
                ))}
              </TableFrame>
              <Pager
                page={query.page}
                pageCount={pageCount}
                onPage={(page) => update({ page: String(page) })}
              />
            </>
          )}
        </ListState>
      </Panel>
    </div>
  );
}

function PersonRow({ person }: { person: TAdminUser }) {
  const t = useT();
  return (
    <tr className="hover:bg-surface-2/60">
      <td className={TD}>
        <Link
          to={APP_ROUTES.adminPerson.replace(':id', encodeURIComponent(person.id))}
          className="font-medium text-fg underline-offset-4 hover:underline"
        >
          {person.displayName || person.email}
        </Link>
        <span className="block text-xs break-all text-fg-muted">{person.email}</span>
      </td>
      <td className={TD}>
        <span className="flex flex-wrap gap-1">
          <Badge>{t(PLAN_LABELS[person.plan])}</Badge>
          {person.role === 'admin' ? <Badge tone="accent">{t(ROLE_LABELS.admin)}</Badge> : null}
        </span>
      </td>
      <td className={`${TD} tabular-nums`}>{formatNumber(person.credits)}</td>
      <td className={TD}>
        {person.disabledAt ? (
          <Badge tone="warning">{t('admin.people.disabled')}</Badge>
        ) : (
          <Badge tone="success">{t('admin.people.active')}</Badge>
        )}
      </td>
      <td className={`${TD} whitespace-nowrap`}>{formatDate(person.createdAt)}</td>
      <td className={`${TD} whitespace-nowrap text-fg-muted`}>
        {person.lastSeenAt ? formatRelative(person.lastSeenAt) : t('admin.common.never')}
      </td>
    </tr>
  );
}
