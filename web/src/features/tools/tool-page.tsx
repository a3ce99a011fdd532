import type { TAsset } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { formatCredits } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import { assetQueryOptions } from '../library/api';
import { libraryKeys } from '../library/keys';

/** A tool's input as the address names it, read through the library's cache. */
export interface SourceAsset {
  assetId: string | null;
  asset: TAsset | null;
  loading: boolean;
  missing: boolean;
  setAsset: (asset: TAsset | null) => void;
}

/**
 * The source of a tool lives in the address (`?asset=<id>`): "Open in Enhancer / Edit" links land
 * on it, a reload keeps it, Back returns to the previous source. An upload or a library pick puts
 * the asset in the cache and the address. A tool with two sources (lipsync) names the second's parameter.
 */
export function useSourceAsset(param = 'asset'): SourceAsset {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const assetId = params.get(param);
  const query = useQuery({ ...assetQueryOptions(assetId ?? ''), enabled: assetId !== null, retry: false });
  return {
    assetId,
    asset: assetId ? (query.data ?? null) : null,
    loading: assetId !== null && query.isPending,
    missing: assetId !== null && query.isError,
    setAsset: (asset) => {
      if (asset) queryClient.setQueryData(libraryKeys.detail(asset.id), asset);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (asset) next.set(param, asset.id);
          else next.delete(param);
          return next;
        },
        { preventScrollReset: true },
      );
    },
  };
}

/** The frame of a tool page: its title and description, and the sign-in gate (tools spend credits and keep files). */
export function ToolPage({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const t = useT();
  const { user } = useUser();
  return (
    <PageContainer className="py-6 sm:py-10">
      <PageMeta title={title} description={description} />
      {!user ? (
        <SignInRequired title={title} message={t('tools.signedOut')} icon={icon} headingLevel={1} />
      ) : (
        <>
          <PageHeader title={title} description={description} />
          <div className="mt-6">{children}</div>
        </>
      )}
    </PageContainer>
  );
}

/** The price before submit, and the balance (with a way to get more when it is short). */
function PriceLine({ price, id }: { price: number | null; id: string }) {
  const t = useT();
  const { user } = useUser();
  if (!user) return null;
  const short = price !== null && user.credits < price;
  return (
    <p id={id} className={short ? 'text-sm text-danger' : 'text-sm text-fg-muted'}>
      {price === null ? null : short ? (
        <>
          {t('tools.price.short', { price: formatCredits(price) })}{' '}
          <Link to={APP_ROUTES.pricing} className="font-medium underline underline-offset-2">
            {t('tools.price.getMore')}
          </Link>
        </>
      ) : (
        t('tools.price.line', { price: formatCredits(price), balance: formatCredits(user.credits) })
      )}
    </p>
  );
}

/**
 * The foot of a tool's form: the last failure, what is still missing, the price against the balance,
 * and the button that spends it (a spinner while it works; described by the price line). A submit
 * button, unless `onClick` makes it an action of its own (Realtime's Keep).
 */
export function ToolFormFooter({
  price,
  label,
  icon: Icon,
  pending,
  disabled,
  error,
  hint,
  inline = false,
  onClick,
}: {
  /** What the button costs; null while it cannot be known (no source yet). */
  price: number | null;
  label: string;
  icon: LucideIcon;
  pending: boolean;
  disabled: boolean;
  /** Why the last try failed, in the person's language. */
  error?: string | null;
  /** What the form still needs, said quietly. */
  hint?: string | null;
  /** The price and the button on one line (a form wider than a side column). */
  inline?: boolean;
  onClick?: () => void;
}) {
  const priceId = useId();
  const button = (
    <Button
      type={onClick ? 'button' : 'submit'}
      variant="accent"
      size={inline ? 'md' : 'lg'}
      onClick={onClick}
      aria-describedby={priceId}
      disabled={disabled}
    >
      {pending ? <Spinner /> : <Icon aria-hidden />}
      {label}
    </Button>
  );
  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      {hint ? <p className="text-sm text-fg-muted">{hint}</p> : null}
      {inline ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PriceLine price={price} id={priceId} />
          {button}
        </div>
      ) : (
        <>
          <PriceLine price={price} id={priceId} />
          {button}
        </>
      )}
    </>
  );
}

/** The tool's side before there is anything to show: what to do first. */
export function ToolEmpty({ children }: { children: string }) {
  return (
    <div className="flex min-h-60 items-center justify-center rounded-2xl border-2 border-dashed border-line-strong p-6 text-center text-sm text-fg-muted">
      {children}
    </div>
  );
}

/**
 * A tool page's body once what the installation offers is read: a spinner, why it could not be read,
 * or `children` with it (the form, or the "needs an AI provider" state).
 */
export function ToolInfoGate<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (info: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <Alert>{serverText(query.error) ?? t('tools.infoFailed')}</Alert>;
  return children(query.data);
}
