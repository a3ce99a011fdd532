import type { TAsset } from '@kaleido/common';
import { APP_ROUTES, profilePath, SHARING_MESSAGES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Globe2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-client';
import { Switch } from '../../ui/switch';
import { trackFeature } from '../analytics/analytics-client';
import { settingsQueryOptions } from '../settings/api';
import { useShareAsset } from './api';

const SETTINGS_LINK = `${APP_ROUTES.profile}?tab=settings`;

/**
 * The Share switch of a library asset: a shared creation appears on the owner's public profile and in
 * the gallery, as their profile visibility allows. With a private profile it says so and links to
 * Settings.
 */
export function ShareToggle({ asset }: { asset: TAsset }) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const share = useShareAsset();
  const settings = useQuery(settingsQueryOptions());
  const visibility = settings.data?.profileVisibility;
  const handle = settings.data?.handle;
  return (
    <section
      aria-labelledby={`${id}-label`}
      className="rounded-xl border border-line bg-surface-2/60 px-3 py-2.5"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <Globe2 aria-hidden className="size-4 shrink-0 text-fg-muted" />
          <span id={`${id}-label`} className="text-sm font-medium text-fg">
            {t('sharing.toggle.label')}
          </span>
        </span>
        <Switch
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          checked={asset.shared}
          busy={share.isPending}
          onCheckedChange={(shared) => {
            // Audio and 3D objects are never shared (the dialog shows no toggle for them).
            if (shared && (asset.type === 'image' || asset.type === 'video'))
              trackFeature('share', asset.type);
            share.mutate(
              { asset, shared },
              {
                onError: (error) => toast.error(errorMessage(error, t('sharing.toggle.failed'))),
              },
            );
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {visibility === 'private' ? (
          <>
            {t(SHARING_MESSAGES.sharedHiddenHint)}{' '}
            <Link
              to={SETTINGS_LINK}
              className="font-medium text-accent-fg underline-offset-2 hover:underline"
            >
              {t('sharing.toggle.changeInSettings')}
            </Link>
          </>
        ) : asset.shared && handle ? (
          <T
            id={visibility === 'friends' ? 'sharing.toggle.sharedMembers' : 'sharing.toggle.sharedPublic'}
            values={{
              profile: (chunks) => (
                <Link
                  to={profilePath(handle)}
                  className="font-medium text-accent-fg underline-offset-2 hover:underline"
                >
                  {chunks}
                </Link>
              ),
            }}
          />
        ) : (
          t('sharing.toggle.notShared')
        )}
      </p>
    </section>
  );
}
