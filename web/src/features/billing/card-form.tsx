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
import { useT } from '../../i18n/use-t';
import { isApiError, serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldError, FieldHint, Input, Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useAddCard } from './api';
import { type FieldProblem, fieldProblemText } from './field-problem';

/** "4242424242424242" → "4242 4242 4242 4242" (American Express: 4-6-5) as people type. */
function formatCardNumber(value: string): string {
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
function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (value.length < previous.length) return value.replace(/[^\d/]/g, '').slice(0, 5);
  if (digits.length <= 2) return digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const EMPTY: TCardInput = { number: '', expiry: '', cvc: '', name: '' };

type CardProblems = Partial<Record<TCardField, FieldProblem>>;

/** Errors the server attached to fields (VALIDATION_FAILED details, in the person's language), by field. */
function fieldErrorsOf(error: unknown): CardProblems {
  if (!isApiError(error) || !Array.isArray(error.details)) return {};
  const errors: CardProblems = {};
  for (const detail of error.details as { path?: string; message?: string }[]) {
    if (detail.path && detail.message && ['number', 'expiry', 'cvc', 'name'].includes(detail.path))
      errors[detail.path as TCardField] ??= { text: detail.message };
  }
  return errors;
}

/** The checks of `validateCard` (message ids), as problems translated when shown. */
function problemsOf(errors: ReturnType<typeof validateCard>): CardProblems {
  const problems: CardProblems = {};
  for (const [field, id] of Object.entries(errors) as [TCardField, (typeof errors)[TCardField]][])
    if (id) problems[field] = { id };
  return problems;
}

/**
 * The Add Card form (spec: Card Number, Expiry MM/YY, CVC, Cardholder Name) with the same checks as
 * the server (Luhn, expiry not past, CVC 3-4 digits). The whole number and the CVC go to the server
 * once, to be tokenised; only brand, last 4 and expiry come back.
 */
export function CardForm({
  onAdded,
  submitLabel,
  testMode = true,
  footer,
}: {
  onAdded: (card: TPaymentMethod) => void;
  submitLabel?: string;
  testMode?: boolean;
  footer?: ReactNode;
}) {
  const t = useT();
  const ids = useId();
  const add = useAddCard();
  const [card, setCard] = useState<TCardInput>(EMPTY);
  const [errors, setErrors] = useState<CardProblems>({});
  const [failure, setFailure] = useState<FieldProblem | null>(null);
  const brand = detectCardBrand(cardDigits(card.number));

  const set = (field: TCardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const problems = problemsOf(validateCard(card, new Date()));
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
      else {
        const text = serverText(error);
        setFailure(text ? { text } : { id: 'billing.cardForm.failed' });
      }
    }
  };

  const field = (
    name: TCardField,
    label: string,
    input: Omit<Parameters<typeof Input>[0], 'id' | 'value' | 'onChange'>,
    format: (value: string) => string = (value) => value,
  ) => {
    const problem = errors[name];
    return (
      <div>
        <Label htmlFor={`${ids}-${name}`}>{label}</Label>
        <Input
          id={`${ids}-${name}`}
          value={card[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-${name}-error` : undefined}
          disabled={add.isPending}
          onChange={(event) => set(name, format(event.target.value))}
          {...input}
        />
        {problem ? <FieldError id={`${ids}-${name}-error`}>{fieldProblemText(t, problem)}</FieldError> : null}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('billing.cardForm.label')}>
      {field(
        'number',
        t('billing.cardForm.number'),
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
          t('billing.cardForm.expiry'),
          {
            inputMode: 'numeric',
            autoComplete: 'cc-exp',
            placeholder: t('billing.cardForm.expiryPlaceholder'),
            maxLength: 5,
          },
          (value) => formatExpiry(value, card.expiry),
        )}
        {field(
          'cvc',
          t('billing.cardForm.cvc'),
          {
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            placeholder: brand === 'amex' ? '1234' : '123',
            maxLength: 4,
          },
          (value) => value.replace(/\D/g, '').slice(0, 4),
        )}
      </div>
      {field('name', t('billing.cardForm.name'), {
        autoComplete: 'cc-name',
        placeholder: t('billing.cardForm.namePlaceholder'),
      })}
      {failure ? <Alert>{fieldProblemText(t, failure)}</Alert> : null}
      {testMode ? (
        <FieldHint className="mt-0">
          {t('billing.cardForm.testMode', {
            success: TEST_CARDS[0]?.number,
            declined: TEST_CARDS.find((test) => test.outcome === 'card_declined')?.number,
          })}
        </FieldHint>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <CreditCard aria-hidden />}
          {add.isPending ? t('billing.cardForm.adding') : (submitLabel ?? t('billing.cards.add'))}
        </Button>
        {footer}
      </div>
    </form>
  );
}
