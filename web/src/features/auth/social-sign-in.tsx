import type { TSocialProvider } from '@kaleido/common';
import { AUTH_MESSAGES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { CircleUserRound, Info, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { socialProvidersQueryOptions } from './api';
import { GoogleMark } from './google-mark';
import { type SocialSignInResult, useSocialSignIn } from './use-social-sign-in';

export function ProviderMark({
  provider,
  className,
}: {
  provider: Pick<TSocialProvider, 'id'>;
  className?: string;
}) {
  return provider.id === 'google' ? (
    <GoogleMark className={className} />
  ) : (
    <CircleUserRound aria-hidden className={className} />
  );
}

interface SocialSignInProps {
  /** While the e-mail form submits. */
  disabled?: boolean;
  onResult: (result: SocialSignInResult) => void;
}

/**
 * The social sign-in buttons of /auth: one "Continue with <name>" per configured provider, or a note
 * that this server has none set up (a focusable, explained button rather than a dead one).
 */
export function SocialSignIn({ disabled = false, onResult }: SocialSignInProps) {
  const providers = useQuery(socialProvidersQueryOptions());
  const { start, cancel, pendingProvider } = useSocialSignIn();
  const noteId = useId();
  const t = useT();

  if (providers.isPending) {
    // Shaped like the answer of an installation without social sign-in (the default): a button and
    // its one-line note, so the page does not move when the answer comes.
    return (
      <div role="status">
        <div className="h-12 w-full animate-pulse rounded-full border border-line bg-surface-2" />
        <p aria-hidden className="invisible mt-2 flex items-center justify-center gap-1.5 text-[13px]">
          <Info className="size-3.5 shrink-0" />
          {t(AUTH_MESSAGES.socialNotConfigured)}
        </p>
        <span className="sr-only">{t('auth.social.loading')}</span>
      </div>
    );
  }

  if (providers.isError) {
    return (
      <div className="flex flex-col items-center gap-2">
        <Button variant="secondary" size="lg" className="w-full" onClick={() => void providers.refetch()}>
          <RotateCw aria-hidden />
          {t('auth.social.retry')}
        </Button>
        <p className="text-center text-[13px] text-fg-subtle">{t('auth.social.loadFailed')}</p>
      </div>
    );
  }

  const list = providers.data;
  if (list.length === 0) {
    return (
      <div>
        <Button
          variant="secondary"
          size="lg"
          className="w-full cursor-not-allowed text-fg-muted opacity-60 hover:bg-surface"
          aria-disabled="true"
          aria-describedby={noteId}
          onClick={(event) => event.preventDefault()}
        >
          <CircleUserRound aria-hidden />
          {t('auth.social.unavailable')}
        </Button>
        <p
          id={noteId}
          className="mt-2 flex items-center justify-center gap-1.5 text-center text-[13px] text-fg-subtle"
        >
          <Info aria-hidden className="size-3.5 shrink-0" />
          {t(AUTH_MESSAGES.socialNotConfigured)}
        </p>
      </div>
    );
  }

  const pending = list.find((provider) => provider.id === pendingProvider);
  return (
    <div className="space-y-2.5">
      {list.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={disabled}
          aria-busy={pendingProvider === provider.id || undefined}
          onClick={async () => onResult(await start(provider.id))}
        >
          {pendingProvider === provider.id ? (
            <Spinner className="size-[18px]" />
          ) : (
            <ProviderMark provider={provider} className="size-[18px]" />
          )}
          {t('auth.social.continueWith', { provider: provider.name })}
        </Button>
      ))}
      {pending ? (
        <p role="status" className="text-center text-[13px] text-fg-muted">
          {t('auth.social.pending', { provider: pending.name })}{' '}
          <button
            type="button"
            onClick={cancel}
            className="rounded font-medium text-fg underline-offset-2 hover:underline"
          >
            {t('auth.social.cancel')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
