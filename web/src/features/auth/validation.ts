import {
  AUTH_MESSAGES,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@kaleido/common/browser';
import type { MessageId } from '../../i18n/catalogs/en';
import type { MessageValues, Translate } from '../../i18n/use-t';

/**
 * The browser's first look at the auth forms, with the contract's messages and limits (the server
 * checks again with the zod contracts; these keep zod out of the web bundle). A problem is a message id
 * and its values, translated where it is shown, so it follows a change of language.
 */
export interface FieldMessage {
  id: MessageId;
  values?: MessageValues;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldMessage>>;

/** The text of a problem in the current language. */
export function messageText(t: Translate, message: FieldMessage): string {
  return t(message.id, message.values);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): FieldMessage | undefined {
  const trimmed = email.trim();
  return EMAIL.test(trimmed) && trimmed.length <= 254 ? undefined : { id: AUTH_MESSAGES.emailInvalid };
}

const PASSWORD_REQUIRED: FieldMessage = { id: AUTH_MESSAGES.passwordRequired };
const PASSWORD_TOO_LONG: FieldMessage = {
  id: AUTH_MESSAGES.passwordTooLong,
  values: { max: PASSWORD_MAX_LENGTH },
};

/** A password being chosen (sign-up, reset, change). */
export function newPasswordError(password: string): FieldMessage | undefined {
  if (!password) return PASSWORD_REQUIRED;
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { id: AUTH_MESSAGES.passwordTooShort, values: { min: PASSWORD_MIN_LENGTH } };
  }
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return undefined;
}

export function nameError(name: string): FieldMessage | undefined {
  const trimmed = name.trim();
  if (!trimmed) return { id: AUTH_MESSAGES.nameRequired };
  if (trimmed.length > DISPLAY_NAME_MAX_LENGTH) {
    return { id: AUTH_MESSAGES.nameTooLong, values: { max: DISPLAY_NAME_MAX_LENGTH } };
  }
  return undefined;
}

type AuthField = 'name' | 'email' | 'password';

export function validateSignIn(input: { email: string; password: string }): FieldErrors<AuthField> {
  const errors: FieldErrors<AuthField> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = PASSWORD_REQUIRED;
  else if (input.password.length > PASSWORD_MAX_LENGTH) errors.password = PASSWORD_TOO_LONG;
  return errors;
}

export function validateSignUp(input: {
  name: string;
  email: string;
  password: string;
}): FieldErrors<AuthField> {
  const errors: FieldErrors<AuthField> = {};
  const name = nameError(input.name);
  if (name) errors.name = name;
  const email = emailError(input.email);
  if (email) errors.email = email;
  const password = newPasswordError(input.password);
  if (password) errors.password = password;
  return errors;
}

type PasswordChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The spec's password change rules: all fields filled, new equals confirmation (then the contract's length). */
export function validatePasswordChange(input: Record<PasswordChangeField, string>): FieldMessage | undefined {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) {
    return { id: 'auth.validation.passwordFieldsRequired' };
  }
  if (input.newPassword !== input.confirmPassword) return { id: 'auth.validation.passwordsDoNotMatch' };
  return newPasswordError(input.newPassword);
}

export function hasErrors(errors: Record<string, FieldMessage | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
