import { TOTP_DIGITS } from '@kaleido/common/browser';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Input } from '../../ui/field';

/** The digits of what was typed or pasted ("123 456", "123-456" → "123456"), at most six. */
export function codeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, TOTP_DIGITS);
}

/**
 * The six-digit code of an authenticator app: the phone's number pad, the code from an SMS-style
 * autofill or the password manager (`one-time-code`), a pasted code with spaces, and `onComplete` once
 * all six digits are in (the caller submits then).
 */
export function OneTimeCodeInput({
  value,
  onValueChange,
  onComplete,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'size'> & {
  value: string;
  onValueChange: (digits: string) => void;
  onComplete?: (digits: string) => void;
}) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      maxLength={TOTP_DIGITS + 4}
      value={value}
      onChange={(event) => {
        const digits = codeDigits(event.target.value);
        onValueChange(digits);
        if (digits.length === TOTP_DIGITS && digits !== value) onComplete?.(digits);
      }}
      className={cn('text-center font-mono text-xl tracking-[0.4em] tabular-nums', className)}
      {...props}
    />
  );
}
