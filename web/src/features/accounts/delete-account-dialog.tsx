import type { TTwoFactorMethod } from '@kaleido/common/browser';
import { APP_ROUTES, AUTH_MESSAGES, LIMITS, PRODUCT_NAME } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FieldHint, Input, Label } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { Spinner } from '../../ui/spinner';
import { type CurrentUser, socialProvidersQueryOptions } from '../auth/api';
import { ProviderMark } from '../auth/social-sign-in';
import { TwoFactorStep } from '../auth/two-factor-step';
import { useSocialSignIn } from '../auth/use-social-sign-in';
import { needsSocialReauth, useDeleteAccount } from './api';

const WORD = LIMITS.accountDeletionConfirmWord;

/**
 * Settings › Data › Delete account: a dialog that asks for the word DELETE and, when the account has a
 * password, the password. Accounts that sign in only socially confirm by signing in with the provider
 * again when the server asks for it, and the deletion is then retried.
 */
export function DeleteAccountDialog({ user }: { user: CurrentUser }) {
  const ids = useId();
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [socialError, setSocialError] = useState<string | null>(null);
  // The account has a second factor: the provider's confirmation is finished by it, then the deletion runs.
  const [secondStep, setSecondStep] = useState<readonly TTwoFactorMethod[] | null>(null);
  const remove = useDeleteAccount();
  const social = useSocialSignIn();
  const providers = useQuery({ ...socialProvidersQueryOptions(), enabled: !user.hasPassword });
  const deleting = remove.isPending;
  const confirmed = word.trim() === WORD && (!user.hasPassword || password.length > 0);
  const reauth = remove.isError && needsSocialReauth(remove.error);
  const provider =
    providers.data?.find((candidate) => user.socialProviders.includes(candidate.id)) ?? providers.data?.[0];

  const reset = () => {
    setWord('');
    setPassword('');
    setSocialError(null);
    setSecondStep(null);
    remove.reset();
  };

  const runDelete = async () => {
    try {
      await remove.mutateAsync(user.hasPassword ? { password } : {});
      setOpen(false);
      toast.success(
        t('accounts.delete.doneTitle'),
        t('accounts.delete.doneMessage', { product: PRODUCT_NAME }),
      );
      await navigate(APP_ROUTES.home, { replace: true });
    } catch {
      // Shown from remove.error.
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed || deleting) return;
    void runDelete();
  };

  const confirmWithProvider = async () => {
    if (!provider) return;
    setSocialError(null);
    const result = await social.start(provider.id, { returnTo: `${APP_ROUTES.profile}?tab=settings` });
    if (result.status === 'signed-in') await runDelete();
    else if (result.status === 'two-factor') setSecondStep(result.methods);
    else if (result.status === 'failed') setSocialError(result.error);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (deleting) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden />
          {t('accounts.delete.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('accounts.delete.title')} description={t('accounts.delete.description')}>
        {secondStep ? (
          <div className="mt-6">
            <TwoFactorStep
              methods={secondStep}
              onSignedIn={() => {
                setSecondStep(null);
                void runDelete();
              }}
              onBack={() => setSecondStep(null)}
            />
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <div>
              <Label htmlFor={`${ids}-word`}>
                <T
                  id="accounts.delete.typeWord"
                  values={{ word: <span className="font-mono font-semibold">{WORD}</span> }}
                />
              </Label>
              <Input
                id={`${ids}-word`}
                size="md"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={word}
                onChange={(event) => setWord(event.target.value)}
                disabled={deleting}
              />
            </div>
            {user.hasPassword ? (
              <div>
                <Label htmlFor={`${ids}-password`}>{t('accounts.delete.password')}</Label>
                <PasswordInput
                  id={`${ids}-password`}
                  size="md"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={deleting}
                  aria-describedby={`${ids}-password-hint`}
                />
                <FieldHint id={`${ids}-password-hint`}>{t(AUTH_MESSAGES.reauthRequired)}</FieldHint>
              </div>
            ) : null}

            {reauth ? (
              <Alert tone="info">
                <p>{serverText(remove.error)}</p>
                {provider ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-2.5"
                    onClick={() => void confirmWithProvider()}
                    disabled={deleting}
                  >
                    {social.pendingProvider ? (
                      <Spinner />
                    ) : (
                      <ProviderMark provider={provider} className="size-4" />
                    )}
                    {t('accounts.delete.continueWith', { provider: provider.name })}
                  </Button>
                ) : null}
              </Alert>
            ) : remove.isError ? (
              <Alert>
                <p className="font-medium">{t('accounts.delete.failed')}</p>
                {serverText(remove.error) ? <p className="mt-0.5">{serverText(remove.error)}</p> : null}
              </Alert>
            ) : null}
            {socialError ? <Alert>{socialError}</Alert> : null}

            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="ghost" disabled={deleting}>
                  {t('accounts.delete.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" variant="danger" disabled={!confirmed || deleting}>
                {deleting ? <Spinner /> : null}
                {t(deleting ? 'accounts.delete.deleting' : 'accounts.delete.confirm')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
