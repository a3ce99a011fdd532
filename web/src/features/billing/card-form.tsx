import type { TPaymentMethod } from '@kaleido/common';
import {
  CARD_BRAND_NAMES,
  cardDigits,
  detectCardBrand,
  type TCardField,
  type TCardInput,
  TEST_CARDS,
  validateCard,
} from '@kaleido/common/browser';
import { CreditCard } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isApiError, serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldError, FieldHint, Input, Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useAddCard } from './api';

/** "4242424242424242" → "4242 4242 4242 4242" (American Express: 4-6-5) as people type. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, '').slice(0, 19);
  const groups = detectCardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "042" → "04/2": the slash comes by itself. */
export function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (value.length < previous.length) return value.replace(/[^\d/]/g, '').slice(0, 5);
  if (digits.length <= 2) return digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const EMPTY: TCardInput = { number: '', expiry: '', cvc: '', name: '' };

/** Errors the server attached to fields (VALIDATION_FAILED details), by field. */
function fieldErrorsOf(error: unknown): Partial<Record<TCardField, string>> {
  if (!isApiError(error) || !Array.isArray(error.details)) return {};
  const errors: Partial<Record<TCardField, string>> = {};
  for (const detail of error.details as { path?: string; message?: string }[]) {
    if (detail.path && detail.message && ['number', 'expiry', 'cvc', 'name'].includes(detail.path))
      errors[detail.path as TCardField] ??= detail.message;
  }
  return errors;
}

/**
 * The Add Card form (spec: Card Number, Expiry MM/YY, CVC, Cardholder Name) with the same checks as
 * the server (Luhn, expiry not past, CVC 3-4 digits). The whole number and the CVC go to the server
 * once, to be tokenised; only brand, last 4 and expiry come back.
 */
export function CardForm({
  onAdded,
  submitLabel = 'Add Card',
  testMode = true,
  footer,
}: {
  onAdded: (card: TPaymentMethod) => void;
  submitLabel?: string;
  testMode?: boolean;
  footer?: ReactNode;
}) {
  const ids = useId();
  const add = useAddCard();
  const [card, setCard] = useState<TCardInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TCardField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const brand = detectCardBrand(cardDigits(card.number));

  const set = (field: TCardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const problems = validateCard(card, new Date());
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    try {
      const added = await add.mutateAsync(card);
      setCard(EMPTY);
      onAdded(added);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(serverText(error) ?? 'Could not add the card. Please try again.');
    }
  };

  const field = (
    name: TCardField,
    label: string,
    input: Omit<Parameters<typeof Input>[0], 'id' | 'value' | 'onChange'>,
    format: (value: string) => string = (value) => value,
  ) => (
    <div>
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
      <Input
        id={`${ids}-${name}`}
        value={card[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids}-${name}-error` : undefined}
        disabled={add.isPending}
        onChange={(event) => set(name, format(event.target.value))}
        {...input}
      />
      {errors[name] ? <FieldError id={`${ids}-${name}-error`}>{errors[name]}</FieldError> : null}
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Add a card">
      {field(
        'number',
        'Card Number',
        {
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          placeholder: '1234 5678 9012 3456',
          maxLength: 23,
        },
        formatCardNumber,
      )}
      {brand ? <p className="-mt-2 text-[13px] text-fg-muted">{CARD_BRAND_NAMES[brand]}</p> : null}
      <div className="grid grid-cols-2 gap-4">
        {field(
          'expiry',
          'Expiry (MM/YY)',
          { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 },
          (value) => formatExpiry(value, card.expiry),
        )}
        {field(
          'cvc',
          'CVC',
          {
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            placeholder: brand === 'amex' ? '1234' : '123',
            maxLength: 4,
          },
          (value) => value.replace(/\D/g, '').slice(0, 4),
        )}
      </div>
      {field('name', 'Cardholder Name', { autoComplete: 'cc-name', placeholder: 'Name on the card' })}
      {failure ? <Alert>{failure}</Alert> : null}
      {testMode ? (
        <FieldHint className="mt-0">
          Test mode: no real card is charged. Use {TEST_CARDS[0]?.number} (succeeds) or{' '}
          {TEST_CARDS.find((test) => test.outcome === 'card_declined')?.number} (declined), any future expiry
          and any CVC.
        </FieldHint>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <CreditCard aria-hidden />}
          {add.isPending ? 'Adding...' : submitLabel}
        </Button>
        {footer}
      </div>
    </form>
  );
}
