import { API_KEY_MESSAGES, LIMITS } from '@kaleido/common/browser';
import { useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { FieldError, FieldHint, Input, Label } from '../../ui/field';

/**
 * The browser's check of a key name (the server checks again with the contract): the id of the message
 * to show (its `{max}` is LIMITS.apiKeyNameMax), or undefined when the name will do.
 */
export function keyNameError(name: string): MessageId | undefined {
  const trimmed = name.trim();
  if (!trimmed) return API_KEY_MESSAGES.nameRequired;
  if (trimmed.length > LIMITS.apiKeyNameMax) return API_KEY_MESSAGES.nameTooLong;
  return undefined;
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useT();
  return (
    <FieldHint id={id} className={cn('tabular-nums', length >= max && 'text-warning')}>
      {t('apiKeys.fields.counter', { length, max })}
    </FieldHint>
  );
}

/** Name (required, ≤ 50, with the spec's 'n/50 characters') and description (optional, ≤ 100). */
export function KeyTextFields({
  name,
  description,
  onNameChange,
  onDescriptionChange,
  disabled,
  autoFocus,
}: {
  name: string;
  description: string;
  onNameChange: (value: string) => void;
  onDescriptionChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const t = useT();
  const ids = useId();
  const [touched, setTouched] = useState(false);
  const nameError = touched ? keyNameError(name) : undefined;
  return (
    <>
      <div>
        <Label htmlFor={`${ids}-name`}>{t('apiKeys.fields.name')}</Label>
        <Input
          id={`${ids}-name`}
          size="md"
          value={name}
          required
          maxLength={LIMITS.apiKeyNameMax}
          placeholder={t('apiKeys.fields.namePlaceholder')}
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${ids}-name-count${nameError ? ` ${ids}-name-error` : ''}`}
          onChange={(event) => onNameChange(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        {nameError ? (
          <FieldError id={`${ids}-name-error`}>{t(nameError, { max: LIMITS.apiKeyNameMax })}</FieldError>
        ) : null}
        <Counter id={`${ids}-name-count`} length={name.length} max={LIMITS.apiKeyNameMax} />
      </div>
      <div>
        <Label htmlFor={`${ids}-description`}>
          <T
            id="apiKeys.fields.description"
            values={{ hint: (chunks) => <span className="font-normal text-fg-subtle">{chunks}</span> }}
          />
        </Label>
        <Input
          id={`${ids}-description`}
          size="md"
          value={description}
          maxLength={LIMITS.apiKeyDescriptionMax}
          placeholder={t('apiKeys.fields.descriptionPlaceholder')}
          autoComplete="off"
          disabled={disabled}
          aria-describedby={`${ids}-description-count`}
          onChange={(event) => onDescriptionChange(event.target.value)}
        />
        <Counter
          id={`${ids}-description-count`}
          length={description.length}
          max={LIMITS.apiKeyDescriptionMax}
        />
      </div>
    </>
  );
}
