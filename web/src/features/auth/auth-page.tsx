import { ACCOUNT_DEFAULTS, APP_ROUTES, MESSAGES, PRODUCT_NAME } from '@kaleido/common';
import { ArrowLeft, CircleAlert, Eye, EyeOff } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../app/logo';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { ThemeToggle } from '../../app/theme-toggle';
import { useToast } from '../../app/toast-provider';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatCredits } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { type AuthMode, useAuthMutation } from './api';
import { useUser } from './auth-provider';
import { AuthShowcase } from './auth-showcase';
import { GoogleMark } from './google-mark';

const INPUT =
  'block h-11 w-full rounded-xl border border-line-strong bg-surface px-3.5 text-[15px] text-fg shadow-sm ' +
  'placeholder:text-fg-subtle transition-[border-color,box-shadow] outline-none ' +
  'focus:border-accent focus:ring-4 focus:ring-accent-soft disabled:opacity-60';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
    </div>
  );
}

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';
  const isSignUp = mode === 'signup';
  const { isSignedIn } = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useAuthMutation(mode);
  const ids = useId();

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitting = mutation.isPending;

  if (isSignedIn && !submitting && !mutation.isSuccess) return <Navigate to={APP_ROUTES.home} replace />;

  const switchMode = () => {
    setError(null);
    mutation.reset();
    setSearchParams(isSignUp ? {} : { mode: 'signup' }, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const request = isSignUp
      ? { name: name.trim(), email: email.trim(), password, remember }
      : { email: email.trim(), password, remember };
    try {
      await mutation.mutateAsync(request);
      await navigate(APP_ROUTES.home);
    } catch (caught) {
      setError((isApiError(caught) ? caught.serverMessage : undefined) ?? MESSAGES.authFailed);
    }
  };

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <PageMeta {...PAGE_METADATA.auth} title={isSignUp ? 'Create your account' : PAGE_METADATA.auth.title} />
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Link to={APP_ROUTES.home} className="flex rounded-lg" aria-label={`${PRODUCT_NAME} home`}>
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            <Link
              to={APP_ROUTES.home}
              className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <ArrowLeft aria-hidden className="size-4" />
              Back
            </Link>
            <ThemeToggle />
          </div>
        </div>

        <div className="mx-auto flex w-full max-w-[400px] flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-semibold tracking-tight text-fg">
            {isSignUp ? MESSAGES.createYourAccount : MESSAGES.welcomeBack}
          </h1>
          <p className="mt-2 text-fg-muted">
            {isSignUp
              ? `Start with ${formatCredits(ACCOUNT_DEFAULTS.startingCredits)} on the free plan.`
              : `Sign in to keep creating with ${PRODUCT_NAME}.`}
          </p>

          <Button
            variant="secondary"
            size="lg"
            className="mt-8 w-full"
            disabled={submitting}
            onClick={() =>
              toast.info(
                'Social sign-in is not available yet',
                'Use your e-mail address and password for now.',
              )
            }
          >
            <GoogleMark className="size-[18px]" />
            Continue with Google
          </Button>

          <div className="my-6 flex items-center gap-3 text-xs font-medium text-fg-subtle uppercase">
            <span className="h-px flex-1 bg-line" />
            or
            <span className="h-px flex-1 bg-line" />
          </div>

          <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
            {isSignUp ? (
              <Field id={`${ids}-name`} label="Full name">
                <input
                  id={`${ids}-name`}
                  name="name"
                  autoComplete="name"
                  required
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  disabled={submitting}
                  className={INPUT}
                  placeholder="Ada Lovelace"
                />
              </Field>
            ) : null}
            <Field id={`${ids}-email`} label="Email">
              <input
                id={`${ids}-email`}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={submitting}
                className={INPUT}
                placeholder="you@example.com"
              />
            </Field>
            <Field id={`${ids}-password`} label="Password">
              <div className="relative">
                <input
                  id={`${ids}-password`}
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete={isSignUp ? 'new-password' : 'current-password'}
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={submitting}
                  className={cn(INPUT, 'pr-12')}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((value) => !value)}
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                  disabled={submitting}
                  className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-fg-subtle transition-colors hover:bg-surface-2 hover:text-fg"
                >
                  {showPassword ? (
                    <EyeOff aria-hidden className="size-4" />
                  ) : (
                    <Eye aria-hidden className="size-4" />
                  )}
                </button>
              </div>
            </Field>

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
                Remember me
              </label>
              <button
                type="button"
                disabled={submitting}
                onClick={() =>
                  toast.info(
                    'Password reset is not available yet',
                    'It arrives with e-mail delivery in a later update.',
                  )
                }
                className="rounded text-sm font-medium text-accent-fg hover:underline disabled:opacity-50"
              >
                Forgot password?
              </button>
            </div>

            {error ? (
              <p
                role="alert"
                className="flex items-start gap-2 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-3 text-sm text-danger"
              >
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {error}
              </p>
            ) : null}

            <Button type="submit" variant="primary" size="lg" className="w-full" disabled={submitting}>
              {submitting ? <Spinner /> : null}
              {submitting
                ? isSignUp
                  ? 'Creating account...'
                  : 'Signing in...'
                : isSignUp
                  ? 'Create account'
                  : 'Sign In'}
            </Button>
          </form>

          <p className="mt-8 text-center text-sm text-fg-muted">
            {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
            <button
              type="button"
              onClick={switchMode}
              disabled={submitting}
              className="rounded font-semibold text-fg hover:underline disabled:opacity-50"
            >
              {isSignUp ? 'Sign in' : 'Sign up'}
            </button>
          </p>
        </div>
      </div>
      <AuthShowcase className="hidden lg:flex" />
    </div>
  );
}
