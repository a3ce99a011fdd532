import {
  APP_ROUTES,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
  type TTwoFactorMethod,
} from '@kaleido/common/browser';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { formatCredits } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldError, FieldHint, Input, Label } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { Spinner } from '../../ui/spinner';
import { useStartingCredits } from '../../use-served-values';
import { useSignupGate } from '../admin/signup-gate';
import { useAuthMutation } from './api';
import { AuthLayout } from './auth-layout';
import { useUser } from './auth-provider';
import { ForgotPasswordForm } from './forgot-password-form';
import { PasskeySignIn } from './passkey-sign-in';
import { SocialSignIn } from './social-sign-in';
import { isTwoFactorChallenge, twoFactorMethods } from './two-factor-api';
import { TwoFactorStep } from './two-factor-step';
import type { SocialSignInResult } from './use-social-sign-in';
import {
  type FieldErrors,
  type FieldMessage,
  hasErrors,
  messageText,
  validateSignIn,
  validateSignUp,
} from './validation';

type View = 'signin' | 'signup' | 'forgot';
type Field = 'name' | 'email' | 'password';

/** The view of `?mode=`; an invite link (`?invite=`) opens sign-up. */
function viewFrom(mode: string | null, invite: string | null): View {
  if (mode === 'signup' || mode === 'forgot') return mode;
  return invite && mode === null ? 'signup' : 'signin';
}

/**
 * /auth: sign in ('Welcome back') or sign up ('Create your account'), the social buttons, and the
 * forgot-password form. The mode is in the URL (?mode=signup, ?mode=forgot). A failed full-page social
 * sign-in comes back as ?error=<message>, shown here; one that needs the second step as
 * ?twoFactor=<methods> (comma-separated). After a correct password on an account with a second factor
 * the page shows that step (TwoFactorStep).
 */
export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewFrom(searchParams.get('mode'), searchParams.get('invite'));
  const isSignUp = view === 'signup';
  // An invite link's token (kept when the view changes), sent with the sign-up.
  const [inviteToken] = useState(() => searchParams.get('invite'));
  const signupGate = useSignupGate(isSignUp, inviteToken);
  const { isSignedIn } = useUser();
  const navigate = useNavigate();
  const mutation = useAuthMutation(isSignUp ? 'signup' : 'signin');
  const ids = useId();
  const t = useT();
  const startingCredits = useStartingCredits();

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  // The server's words (already in the person's language) or a message of the catalog.
  const [error, setError] = useState<string | FieldMessage | null>(() => searchParams.get('error'));
  // The second step's methods while it is asked for (after the password, or a social sign-in).
  const [challenge, setChallenge] = useState<TTwoFactorMethod[] | null>(() => {
    const methods = twoFactorMethods(searchParams.get('twoFactor'));
    return methods.length > 0 ? methods : null;
  });
  // Where a full-page social sign-in meant to land once its second step is done (same-site paths only).
  const [returnTo] = useState(() => {
    const path = searchParams.get('returnTo');
    return path?.startsWith('/') && !path.startsWith('//') ? path : APP_ROUTES.home;
  });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const submitting = mutation.isPending || passkeyBusy;
  const fieldRefs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  // The redirect flow's error (or second step) is taken once; the address loses it so a reload does not repeat it.
  useEffect(() => {
    if (searchParams.has('error') || searchParams.has('twoFactor')) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('error');
          next.delete('twoFactor');
          next.delete('returnTo');
          return next;
        },
        { replace: true },
      );
    }
  }, [searchParams, setSearchParams]);

  // Signed in already: home (the second step navigates itself once it has signed the person in).
  if (isSignedIn && !submitting && !mutation.isSuccess && !challenge) {
    return <Navigate to={APP_ROUTES.home} replace />;
  }

  const goTo = (next: View) => {
    setError(null);
    setFieldErrors({});
    mutation.reset();
    setSearchParams(next === 'signin' ? {} : { mode: next }, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const errors = isSignUp ? validateSignUp({ name, email, password }) : validateSignIn({ email, password });
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      const first = (['name', 'email', 'password'] as const).find((field) => errors[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    const request = isSignUp
      ? {
          name: name.trim(),
          email: email.trim(),
          password,
          remember,
          ...(inviteToken ? { inviteToken } : {}),
        }
      : { email: email.trim(), password, remember };
    try {
      const result = await mutation.mutateAsync(request);
      if (isTwoFactorChallenge(result)) {
        setChallenge(result.methods);
        return;
      }
      await navigate(APP_ROUTES.home);
    } catch (caught) {
      setError(serverText(caught) ?? { id: 'auth.error.failed' });
    }
  };

  const onSocialResult = (result: SocialSignInResult) => {
    if (result.status === 'signed-in') void navigate(APP_ROUTES.home);
    else if (result.status === 'two-factor') {
      setError(null);
      setChallenge(result.methods);
    } else if (result.status === 'failed') setError(result.error);
  };

  const goHome = () => void navigate(APP_ROUTES.home);
  const afterSecondStep = () => void navigate(returnTo);

  const describe = (field: Field, hint?: string) =>
    [fieldErrors[field] ? `${ids}-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  if (challenge) {
    return (
      <AuthLayout>
        <PageMeta {...PAGE_METADATA.auth} titleId="security.step.title" />
        <TwoFactorStep
          methods={challenge}
          onSignedIn={afterSecondStep}
          onBack={() => {
            setChallenge(null);
            setPassword('');
            setError(null);
            mutation.reset();
          }}
        />
      </AuthLayout>
    );
  }

  if (view === 'forgot') {
    return (
      <AuthLayout>
        <PageMeta {...PAGE_METADATA.auth} titleId="auth.forgot.title" />
        <ForgotPasswordForm initialEmail={email} onBack={() => goTo('signin')} />
      </AuthLayout>
    );
  }

  // Sign-ups closed, or invite-only without a valid link: the reason instead of the form.
  if (isSignUp && signupGate.blocked) {
    return (
      <AuthLayout>
        <PageMeta {...PAGE_METADATA.auth} titleId="auth.signUp.title" />
        <h1 className="text-3xl font-semibold tracking-tight text-fg">{t('auth.signUp.title')}</h1>
        {signupGate.blocked}
        <p className="mt-8 text-center text-sm text-fg-muted">
          {t('auth.switch.haveAccount')}{' '}
          <button
            type="button"
            onClick={() => goTo('signin')}
            className="rounded font-semibold text-fg hover:underline"
          >
            {t('auth.switch.signIn')}
          </button>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <PageMeta
        {...PAGE_METADATA.auth}
        titleId={isSignUp ? 'auth.signUp.title' : PAGE_METADATA.auth.titleId}
      />
      <h1 className="text-3xl font-semibold tracking-tight text-fg">
        {isSignUp ? t('auth.signUp.title') : t('auth.signIn.title')}
      </h1>
      <p className="mt-2 text-fg-muted">
        {isSignUp
          ? t('auth.signUp.subtitle', { credits: formatCredits(startingCredits) })
          : t('auth.signIn.subtitle', { product: PRODUCT_NAME })}
      </p>
      {isSignUp ? signupGate.notice : null}

      <div className="mt-8 space-y-2.5">
        <SocialSignIn disabled={submitting} onResult={onSocialResult} />
        {isSignUp ? null : (
          <PasskeySignIn
            remember={remember}
            disabled={submitting}
            onBusyChange={setPasskeyBusy}
            onSignedIn={goHome}
            onError={(message) => setError(message)}
          />
        )}
      </div>

      <div className="my-6 flex items-center gap-3 text-xs font-medium text-fg-subtle uppercase">
        <span className="h-px flex-1 bg-line" />
        {t('auth.divider')}
        <span className="h-px flex-1 bg-line" />
      </div>

      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {isSignUp ? (
          <div>
            <Label htmlFor={`${ids}-name`}>{t('auth.field.name')}</Label>
            <Input
              ref={(node) => {
                fieldRefs.current.name = node;
              }}
              id={`${ids}-name`}
              name="name"
              autoComplete="name"
              required
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setFieldErrors((current) => ({ ...current, name: undefined }));
              }}
              disabled={submitting}
              aria-invalid={fieldErrors.name ? true : undefined}
              aria-describedby={describe('name')}
              placeholder={t('auth.field.namePlaceholder')}
            />
            {fieldErrors.name ? (
              <FieldError id={`${ids}-name-error`}>{messageText(t, fieldErrors.name)}</FieldError>
            ) : null}
          </div>
        ) : null}
        <div>
          <Label htmlFor={`${ids}-email`}>{t('auth.field.email')}</Label>
          <Input
            ref={(node) => {
              fieldRefs.current.email = node;
            }}
            id={`${ids}-email`}
            name="email"
            type="email"
            // `webauthn`: the browser may offer passkeys among the suggestions (conditional UI).
            autoComplete={isSignUp ? 'email' : 'username webauthn'}
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldErrors((current) => ({ ...current, email: undefined }));
            }}
            disabled={submitting}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={describe('email')}
            placeholder={t('auth.field.emailPlaceholder')}
          />
          {fieldErrors.email ? (
            <FieldError id={`${ids}-email-error`}>{messageText(t, fieldErrors.email)}</FieldError>
          ) : null}
        </div>
        <div>
          <Label htmlFor={`${ids}-password`}>{t('auth.field.password')}</Label>
          <PasswordInput
            ref={(node) => {
              fieldRefs.current.password = node;
            }}
            id={`${ids}-password`}
            name="password"
            autoComplete={isSignUp ? 'new-password' : 'current-password'}
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setFieldErrors((current) => ({ ...current, password: undefined }));
            }}
            disabled={submitting}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describe('password', isSignUp ? `${ids}-password-hint` : undefined)}
          />
          {fieldErrors.password ? (
            <FieldError id={`${ids}-password-error`}>{messageText(t, fieldErrors.password)}</FieldError>
          ) : isSignUp ? (
            <FieldHint id={`${ids}-password-hint`}>
              {t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            </FieldHint>
          ) : null}
        </div>

        <div className="flex items-center justify-between gap-3 pt-1">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-fg-muted select-none">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              disabled={submitting}
              className="size-4 rounded border-line-strong accent-[var(--accent)]"
            />
            {t('auth.rememberMe')}
          </label>
          {isSignUp ? null : (
            <button
              type="button"
              disabled={submitting}
              onClick={() => goTo('forgot')}
              className="rounded text-sm font-medium text-accent-fg hover:underline disabled:opacity-50"
            >
              {t('auth.forgotPassword')}
            </button>
          )}
        </div>

        {error ? <Alert>{typeof error === 'string' ? error : messageText(t, error)}</Alert> : null}

        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting
            ? t(isSignUp ? 'auth.submit.signingUp' : 'auth.submit.signingIn')
            : t(isSignUp ? 'auth.submit.signUp' : 'auth.submit.signIn')}
        </Button>
      </form>

      <p className="mt-8 text-center text-sm text-fg-muted">
        {t(isSignUp ? 'auth.switch.haveAccount' : 'auth.switch.noAccount')}{' '}
        <button
          type="button"
          onClick={() => goTo(isSignUp ? 'signin' : 'signup')}
          disabled={submitting}
          className="rounded font-semibold text-fg hover:underline disabled:opacity-50"
        >
          {t(isSignUp ? 'auth.switch.signIn' : 'auth.switch.signUp')}
        </button>
      </p>
    </AuthLayout>
  );
}
