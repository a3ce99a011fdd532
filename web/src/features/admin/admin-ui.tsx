import { APP_ROUTES } from '@kaleido/common/browser';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { errorMessage, isApiError, serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Alert } from '../../ui/alert';
import { Button, type ButtonVariant } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { FieldError, Input, Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { LIMITS } from './limits';

/** A section's heading: the console's pages sit under its navigation, so the title is the page's h1. */
export function AdminHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-balance text-fg sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 text-sm text-pretty text-fg-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A titled block of a page. */
export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0 p-4 sm:p-5', className)}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold tracking-tight text-fg">{title}</h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <p role="status" className="flex items-center justify-center gap-2.5 py-12 text-fg-muted">
      <Spinner className="size-5" />
      {label ?? t('admin.common.loading')}
    </p>
  );
}

/**
 * A failed read, with the server's reason and a way to try again; when the operator requires a second
 * factor of administrators (ADMIN_REQUIRE_2FA) and this one has none, a link to set it up.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const needsSecondFactor = isApiError(error) && error.code === 'ADMIN_SECOND_FACTOR_REQUIRED';
  return (
    <Alert>
      <p className="font-medium">{t('admin.common.loadFailed')}</p>
      <p className="mt-0.5 opacity-90">{errorMessage(error)}</p>
      {needsSecondFactor ? (
        <Link
          to={`${APP_ROUTES.profile}?tab=settings`}
          className="mt-2 inline-block font-semibold underline underline-offset-4"
        >
          {t('admin.common.twoFactorNeeded')}
        </Link>
      ) : (
        <button type="button" onClick={onRetry} className="mt-2 font-semibold underline underline-offset-4">
          {t('admin.common.retry')}
        </button>
      )}
    </Alert>
  );
}

export function EmptyRow({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-fg-muted">
      {children}
    </p>
  );
}

/**
 * A table that scrolls sideways inside its card on narrow screens instead of widening the page: a header
 * row of `columns` (or a custom `head`, e.g. sortable headers) over the rows in `children`; `stale` dims
 * the rows while the next page loads.
 */
export function TableFrame({
  label,
  stale,
  children,
  ...header
}: { label: string; stale?: boolean; children: ReactNode } & (
  | { columns: readonly Column[] }
  | { head: ReactNode }
)) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table aria-label={label} className="w-full min-w-[36rem] border-collapse text-left text-sm">
        {'columns' in header ? <TableHead columns={header.columns} /> : header.head}
        <tbody className={stale ? 'opacity-60' : undefined}>{children}</tbody>
      </table>
    </div>
  );
}

export const TH =
  'border-b border-line px-3 py-2 text-xs font-semibold uppercase tracking-wide text-fg-subtle';
export const TD = 'border-b border-line px-3 py-2.5 align-top text-fg';

/**
 * A read's three other states around its content: Loading, LoadError with a retry, and, when `isEmpty`
 * says so, EmptyRow with `empty`; otherwise `children` renders the data.
 */
export function ListState<T, E>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, E>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyRow>{empty}</EmptyRow>;
  return children(query.data);
}

/** A table column's header: `end` aligns numbers right, `srOnly` keeps the name for screen readers only. */
export type Column = { label: string; end?: boolean; srOnly?: boolean };

/** A table's header row of column headers (scope="col"); labels are the keys, so they must differ. */
function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.end ? `${TH} text-right` : TH}>
            {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A filter input's id, current value and change handler, bound to one key of the address. */
export type FilterBinding = { id: string; value: string; onChange: (value: string) => void };

/**
 * The list pages' filters live in the address, so a row's page and Back return to the same list.
 * `update` sets one (an empty value removes it) after calling `onChange` (e.g. to go back to the first
 * page); `field(key)` binds a filter input to `key`.
 */
export function useFilterParams(onChange?: () => void) {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const update = (key: string, value: string) => {
    onChange?.();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  const field = (key: string): FilterBinding => ({
    id: `${ids}-${key}`,
    value: params.get(key) ?? '',
    onChange: (value) => update(key, value),
  });
  return { params, update, field };
}

/** A labelled text filter of a list. */
export function FilterField({
  id,
  label,
  value,
  onChange,
  type,
  placeholder,
}: FilterBinding & { label: string; type?: 'text' | 'date'; placeholder?: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        size="md"
        type={type}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The From and To day filters (yyyy-mm-dd). */
export function DateRangeFields({ from, to }: { from: FilterBinding; to: FilterBinding }) {
  const t = useT();
  return (
    <>
      <FilterField {...from} label={t('admin.common.from')} type="date" />
      <FilterField {...to} label={t('admin.common.to')} type="date" />
    </>
  );
}

/** A labelled choice filter of a list: "All" (the empty value) then `values` in their order. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  values,
  labels,
  onChange,
  className,
}: Omit<FilterBinding, 'value'> & {
  label: string;
  /** The address's value once checked against `values` (an unknown one shows as "All"). */
  value: V | undefined;
  values: readonly V[];
  labels: Record<V, MessageId>;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('admin.common.all')}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {t(labels[option])}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Previous / next over a page-numbered list. */
export function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('admin.common.pages')} className="mt-4 flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden />
        {t('admin.common.previous')}
      </Button>
      <span className="text-fg-muted tabular-nums">
        {t('admin.common.pageOf', { page, count: pageCount })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('admin.common.next')}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}

/** The cursors of a cursor-paged list's pages opened so far; the last one is shown (none: the first page). */
export type CursorStack = {
  cursor: string | undefined;
  hasPrevious: boolean;
  previous: () => void;
  next: (cursor: string) => void;
  reset: () => void;
};

export function useCursorStack(): CursorStack {
  const [stack, setStack] = useState<string[]>([]);
  return {
    cursor: stack.at(-1),
    hasPrevious: stack.length > 0,
    previous: () => setStack((opened) => opened.slice(0, -1)),
    next: (cursor) => setStack((opened) => [...opened, cursor]),
    reset: () => setStack([]),
  };
}

/** Previous / next over a cursor-paged list. */
export function CursorPager({
  cursors,
  nextCursor,
}: {
  cursors: CursorStack;
  nextCursor: string | null | undefined;
}) {
  const t = useT();
  if (!cursors.hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label={t('admin.common.pages')} className="mt-4 flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" size="sm" disabled={!cursors.hasPrevious} onClick={cursors.previous}>
        <ChevronLeft aria-hidden />
        {t('admin.common.previous')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!nextCursor}
        onClick={() => nextCursor && cursors.next(nextCursor)}
      >
        {t('admin.common.next')}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}

/**
 * Asks before an administrative action, optionally with a required reason (it goes to the audit log),
 * and keeps the dialog open with the server's refusal under it when the action fails.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  variant = 'primary',
  reason,
  children,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** Ask for a reason (required) and pass it to onConfirm. */
  reason?: boolean;
  /** More fields above the reason. */
  children?: ReactNode;
  onConfirm: (reason: string) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={title} description={description} className="sm:w-[min(92vw,30rem)]">
          <ConfirmForm
            confirmLabel={confirmLabel}
            variant={variant}
            reason={reason}
            onConfirm={onConfirm}
            onDone={() => onOpenChange(false)}
          >
            {children}
          </ConfirmForm>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ConfirmForm({
  confirmLabel,
  variant,
  reason: askReason,
  children,
  onConfirm,
  onDone,
}: {
  confirmLabel: string;
  variant: ButtonVariant;
  reason?: boolean;
  children?: ReactNode;
  onConfirm: (reason: string) => Promise<void>;
  onDone: () => void;
}) {
  const t = useT();
  const ids = useId();
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (askReason && !reason.trim()) {
      setMissingReason(true);
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(reason.trim());
      onDone();
    } catch (error) {
      setFailure(serverText(error) ?? errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="mt-5 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      {children}
      {askReason ? (
        <div>
          <Label htmlFor={`${ids}-reason`}>{t('admin.common.reason')}</Label>
          <Input
            id={`${ids}-reason`}
            size="md"
            value={reason}
            maxLength={LIMITS.reasonMaxLength}
            required
            aria-invalid={missingReason || undefined}
            aria-describedby={missingReason ? `${ids}-reason-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissingReason(false);
            }}
          />
          {missingReason ? (
            <FieldError id={`${ids}-reason-error`}>{t('admin.common.reasonRequired')}</FieldError>
          ) : null}
        </div>
      ) : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost">{t('admin.common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? <Spinner /> : null}
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
