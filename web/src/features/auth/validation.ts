import {
  AUTH_MESSAGES,
  DISPLAY_NAME_MAX_LENGTH,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@kaleido/common/browser';

/**
 * The browser's first look at the auth forms, with the contract's messages and limits (the server
 * checks again with the zod contracts; these keep zod out of the web bundle).
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  return EMAIL.test(trimmed) && trimmed.length <= 254 ? undefined : AUTH_MESSAGES.emailInvalid;
}

/** A password being chosen (sign-up, reset, change). */
export function newPasswordError(password: string): string | undefined {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

export function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return AUTH_MESSAGES.nameRequired;
  if (trimmed.length > DISPLAY_NAME_MAX_LENGTH) return AUTH_MESSAGES.nameTooLong;
  return undefined;
}

type AuthField = 'name' | 'email' | 'password';

export function validateSignIn(input: { email: string; password: string }): FieldErrors<AuthField> {
  const errors: FieldErrors<AuthField> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (input.password.length > PASSWORD_MAX_LENGTH) errors.password = AUTH_MESSAGES.passwordTooLong;
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
export function validatePasswordChange(input: Record<PasswordChangeField, string>): string | undefined {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) {
    return MESSAGES.passwordFieldsRequired;
  }
  if (input.newPassword !== input.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  return newPasswordError(input.newPassword);
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
