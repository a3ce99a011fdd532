import { APP_ROUTES, AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@kaleido/common/browser';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useT } from '../../i18n/use-t';
import { isApiError, serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { FieldError, FieldHint, Label } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { Spinner } from '../../ui/spinner';
import { useResetPassword } from './api';
import { AuthLayout } from './auth-layout';
import { type FieldMessage, messageText, newPasswordError } from './validation';

const FORGOT_LINK = `${APP_ROUTES.auth}?mode=forgot`;

function StatusPanel({
  tone,
  title,
  message,
  action,
}: {
  tone: 'success' | 'danger';
  title: string;
  message: string;
  action: { to: string; label: string };
}) {
  const Icon = tone === 'success' ? CircleCheck : LinkIcon;
  return (
    <div className="flex flex-col items-start">
      <span
        className={
          tone === 'success'
            ? 'inline-flex size-12 items-center justify-center rounded-2xl bg-success-soft text-success'
            : 'inline-flex size-12 items-center justify-center rounded-2xl bg-danger-soft text-danger'
        }
      >
        <Icon aria-hidden className="size-6" />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-fg">{title}</h1>
      <p role={tone === 'success' ? 'status' : 'alert'} className="mt-2 text-fg-muted">
        {message}
      </p>
      <Link
        to={action.to}
        className={buttonClass({ variant: 'primary', size: 'lg', className: 'mt-8 w-full' })}
      >
        {action.label}
      </Link>
    </div>
  );
}

/** /auth/reset?token=…: where the e-mailed link lands. Choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const ids = useId();
  const t = useT();
  const mutation = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: FieldMessage; confirm?: FieldMessage }>({});
  const saving = mutation.isPending;

  // The server refuses a used or expired token with BAD_REQUEST and this message (in the person's
  // language); a refused password comes back as VALIDATION_FAILED instead.
  const linkRejected =
    isApiError(mutation.error) &&
    mutation.error.status === 400 &&
    (mutation.error.code === 'BAD_REQUEST' ||
      mutation.error.serverMessage === t(AUTH_MESSAGES.resetLinkInvalid));

  if (!token || linkRejected) {
    return (
      <AuthLayout>
        <PageMeta titleId="auth.reset.invalid.pageTitle" noIndex />
        <StatusPanel
          tone="danger"
          title={t('auth.reset.invalid.title')}
          message={t(AUTH_MESSAGES.resetLinkInvalid)}
          action={{ to: FORGOT_LINK, label: t('auth.reset.invalid.action') }}
        />
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout>
        <PageMeta titleId="auth.reset.done.title" noIndex />
        <StatusPanel
          tone="success"
          title={t('auth.reset.done.title')}
          message={mutation.data.message}
          action={{ to: APP_ROUTES.auth, label: t('auth.reset.done.action') }}
        />
      </AuthLayout>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: { password?: FieldMessage; confirm?: FieldMessage } = {
      password: newPasswordError(password),
      confirm: !confirm
        ? { id: AUTH_MESSAGES.passwordRequired }
        : password !== confirm
          ? { id: 'auth.validation.passwordsDoNotMatch' }
          : undefined,
    };
    setFieldErrors(errors);
    if (errors.password || errors.confirm) return;
    try {
      await mutation.mutateAsync({ token, newPassword: password });
    } catch {
      // Shown from mutation.error.
    }
  };

  return (
    <AuthLayout>
      <PageMeta titleId="auth.reset.title" noIndex />
      <h1 className="text-3xl font-semibold tracking-tight text-fg">{t('auth.reset.title')}</h1>
      <p className="mt-2 text-fg-muted">{t('auth.reset.intro')}</p>
      <form onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
        <div>
          <Label htmlFor={`${ids}-password`}>{t('auth.reset.newPassword')}</Label>
          <PasswordInput
            id={`${ids}-password`}
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setFieldErrors((current) => ({ ...current, password: undefined }));
            }}
            disabled={saving}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${ids}-password-error` : `${ids}-password-hint`}
          />
          {fieldErrors.password ? (
            <FieldError id={`${ids}-password-error`}>{messageText(t, fieldErrors.password)}</FieldError>
          ) : (
            <FieldHint id={`${ids}-password-hint`}>
              {t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            </FieldHint>
          )}
        </div>
        <div>
          <Label htmlFor={`${ids}-confirm`}>{t('auth.reset.confirmPassword')}</Label>
          <PasswordInput
            id={`${ids}-confirm`}
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              setFieldErrors((current) => ({ ...current, confirm: undefined }));
            }}
            disabled={saving}
            aria-invalid={fieldErrors.confirm ? true : undefined}
            aria-describedby={fieldErrors.confirm ? `${ids}-confirm-error` : undefined}
          />
          {fieldErrors.confirm ? (
            <FieldError id={`${ids}-confirm-error`}>{messageText(t, fieldErrors.confirm)}</FieldError>
          ) : null}
        </div>
        {mutation.isError ? <Alert>{serverText(mutation.error) ?? t('auth.error.unknown')}</Alert> : null}
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={saving}>
          {saving ? <Spinner /> : null}
          {t(saving ? 'auth.reset.saving' : 'auth.reset.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-fg-muted">
        {t('auth.reset.remembered')}{' '}
        <Link to={APP_ROUTES.auth} className="rounded font-semibold text-fg hover:underline">
          {t('auth.reset.signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
