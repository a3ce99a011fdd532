import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@kaleido/common/browser';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { isApiError, serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldHint, Label } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { Spinner } from '../../ui/spinner';
import { type CurrentUser, useChangePassword, useForgotPassword } from './api';
import { type FieldMessage, messageText, validatePasswordChange } from './validation';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };
/** What is wrong: the server's words (already in the person's language) or a message of the catalog. */
type Problem = string | FieldMessage;

/** The message for a refused change: the server's when it is about the input, else the spec's generic one. */
function failureMessage(error: unknown): Problem {
  const generic: FieldMessage = { id: 'auth.passwordChange.failed' };
  if (isApiError(error) && error.status === 400) return serverText(error) ?? generic;
  return generic;
}

/**
 * Settings › Security › Password. Opens into a form (current, new, confirmation) with the spec's
 * messages; the server checks the current password first. Accounts without a password (social sign-in
 * only) can have a link e-mailed to set one.
 */
export function PasswordChangeForm({ user }: { user: CurrentUser }) {
  const ids = useId();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [changed, setChanged] = useState(false);
  const change = useChangePassword();
  const sendLink = useForgotPassword();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const saving = change.isPending;

  // After the form closes, focus goes back to the button that opened it.
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      toggleRef.current?.focus();
    }
  }, [open]);

  if (!user.hasPassword) {
    return (
      <div className="px-5 py-4 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg">{t('auth.passwordChange.label')}</p>
            <p className="mt-0.5 text-[13px] break-words text-pretty text-fg-muted">
              {t('auth.passwordChange.noPassword', { email: user.email })}
            </p>
          </div>
          <Button
            variant="secondary"
            className="self-start sm:self-auto"
            disabled={sendLink.isPending || sendLink.isSuccess}
            onClick={() => sendLink.mutate(user.email)}
          >
            {sendLink.isPending ? <Spinner /> : null}
            {t('auth.passwordChange.emailLink')}
          </Button>
        </div>
        {sendLink.isSuccess ? (
          <Alert tone="success" className="mt-3">
            {sendLink.data.message}
          </Alert>
        ) : null}
        {sendLink.isError ? (
          <Alert className="mt-3">{serverText(sendLink.error) ?? t('auth.error.unknown')}</Alert>
        ) : null}
      </div>
    );
  }

  const close = () => {
    setOpen(false);
    setFields(EMPTY);
    setProblem(null);
    change.reset();
    returnFocus.current = true;
  };

  const set = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [field]: event.target.value }));
    setProblem(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validatePasswordChange(fields);
    setProblem(invalid ?? null);
    if (invalid) return;
    try {
      await change.mutateAsync({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      setChanged(true);
      close();
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  return (
    <div className="px-5 py-4 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <p id={`${ids}-label`} className="text-sm font-medium text-fg">
            {t('auth.passwordChange.label')}
          </p>
          <p className="mt-0.5 text-[13px] text-pretty text-fg-muted">{t('auth.passwordChange.hint')}</p>
        </div>
        {open ? null : (
          <Button
            ref={toggleRef}
            variant="secondary"
            className="self-start sm:self-auto"
            aria-expanded={false}
            aria-controls={`${ids}-form`}
            onClick={() => {
              setOpen(true);
              setChanged(false);
            }}
          >
            {t('auth.passwordChange.open')}
          </Button>
        )}
      </div>
      {changed && !open ? (
        <Alert tone="success" className="mt-3">
          {t(AUTH_MESSAGES.passwordChanged)}
        </Alert>
      ) : null}
      {open ? (
        <form
          id={`${ids}-form`}
          aria-labelledby={`${ids}-label`}
          onSubmit={onSubmit}
          noValidate
          className="mt-4 max-w-md space-y-4"
        >
          <div>
            <Label htmlFor={`${ids}-current`}>{t('auth.passwordChange.current')}</Label>
            <PasswordInput
              id={`${ids}-current`}
              size="md"
              autoComplete="current-password"
              autoFocus
              value={fields.currentPassword}
              onChange={set('currentPassword')}
              disabled={saving}
            />
          </div>
          <div>
            <Label htmlFor={`${ids}-new`}>{t('auth.passwordChange.new')}</Label>
            <PasswordInput
              id={`${ids}-new`}
              size="md"
              autoComplete="new-password"
              value={fields.newPassword}
              onChange={set('newPassword')}
              disabled={saving}
              aria-describedby={`${ids}-new-hint`}
            />
            <FieldHint id={`${ids}-new-hint`}>
              {t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            </FieldHint>
          </div>
          <div>
            <Label htmlFor={`${ids}-confirm`}>{t('auth.passwordChange.confirm')}</Label>
            <PasswordInput
              id={`${ids}-confirm`}
              size="md"
              autoComplete="new-password"
              value={fields.confirmPassword}
              onChange={set('confirmPassword')}
              disabled={saving}
            />
          </div>
          {problem ? <Alert>{typeof problem === 'string' ? problem : messageText(t, problem)}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? <Spinner /> : null}
              {t(saving ? 'auth.passwordChange.saving' : 'auth.passwordChange.submit')}
            </Button>
            <Button
              variant="ghost"
              onClick={close}
              disabled={saving}
              aria-expanded
              aria-controls={`${ids}-form`}
            >
              {t('auth.passwordChange.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
