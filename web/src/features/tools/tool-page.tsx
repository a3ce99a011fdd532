import type { TAsset } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useT } from '../../i18n/use-t';
import { formatCredits } from '../../lib/format';
import { PageContainer, PageHeader } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import { assetQueryOptions } from '../library/api';
import { libraryKeys } from '../library/keys';

/**
 * The source of a tool lives in the address (`?asset=<id>`): "Open in Enhancer / Edit" links land
 * on it, a reload keeps it, Back returns to the previous source. An upload or a library pick puts
 * the asset in the cache and the address. A tool with two sources (lipsync) names the second's parameter.
 */
export function useSourceAsset(param = 'asset'): {
  assetId: string | null;
  asset: TAsset | null;
  loading: boolean;
  missing: boolean;
  setAsset: (asset: TAsset | null) => void;
} {
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
export function PriceLine({ price, id }: { price: number | null; id: string }) {
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
