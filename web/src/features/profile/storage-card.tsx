import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { HardDrive } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatBytes } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { storageQueryOptions } from '../tools/api';

/** Above this share of the quota the bar turns to a warning. */
const NEARLY_FULL = 0.9;

/**
 * What the account keeps (creations and uploads) against its plan's storage quota
 * (`GET /api/storage`). Uploads fail with a clear message once it is full; the library frees space.
 */
export function StorageCard() {
  const t = useT();
  const storage = useQuery(storageQueryOptions());
  const used = storage.data?.usedBytes ?? 0;
  const limit = storage.data?.limitBytes ?? 0;
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  const percent = Math.round(share * 100);
  return (
    <Card className="flex flex-col gap-3 p-6 lg:col-span-3">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 className="inline-flex items-center gap-2 text-sm font-semibold text-fg-muted">
          <HardDrive aria-hidden className="size-4" />
          {t('profile.storage.title')}
        </h2>
        <Link to={APP_ROUTES.library} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t('profile.storage.manage')}
        </Link>
      </div>
      {storage.isError ? (
        <p className="text-sm text-fg-muted">{t('profile.storage.unavailable')}</p>
      ) : (
        <>
          <p className="text-sm text-fg tabular-nums">
            {storage.data
              ? t('profile.storage.used', { used: formatBytes(used), limit: formatBytes(limit), percent })
              : t('profile.storage.loading')}
          </p>
          <div
            role="progressbar"
            aria-label={t('profile.storage.title')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <span
              className={cn(
                'block h-full transition-[width]',
                share >= NEARLY_FULL ? 'bg-warning' : 'bg-accent',
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-[13px] text-fg-muted">
            {share >= 1 ? t('profile.storage.full') : t('profile.storage.hint')}
          </p>
        </>
      )}
    </Card>
  );
}
