import type { TApiKey, TApiKeyScope, TCreateApiKeyRequest, TUpdateApiKeyRequest } from '@kaleido/common';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  API_KEY_SPEND_CAP_MAX,
  DEFAULT_API_KEY_SCOPES,
} from '@kaleido/common/browser';
import { useId } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { FieldError, FieldHint, Input, Label } from '../../ui/field';

/**
 * A key's access controls as the forms edit them: scopes, an expiry day, a monthly spend cap and the
 * key's own webhook URL. Text fields stay strings until sent ('' = none).
 */
export interface KeyControls {
  scopes: TApiKeyScope[];
  /** `YYYY-MM-DD` in the browser's time zone; the key works until the end of that day. */
  expiresOn: string;
  spendCap: string;
  webhookUrl: string;
}

export const SCOPE_LABELS: Record<TApiKeyScope, { label: MessageId; hint: MessageId }> = {
  generate: { label: 'apiKeys.scopes.generate', hint: 'apiKeys.scopes.generateHint' },
  'library:read': { label: 'apiKeys.scopes.libraryRead', hint: 'apiKeys.scopes.libraryReadHint' },
  'library:write': { label: 'apiKeys.scopes.libraryWrite', hint: 'apiKeys.scopes.libraryWriteHint' },
  'account:read': { label: 'apiKeys.scopes.accountRead', hint: 'apiKeys.scopes.accountReadHint' },
};

/** An example address, the same in every language. */
const WEBHOOK_PLACEHOLDER = 'https://example.com/webhooks/kaleido';

const pad = (value: number) => String(value).padStart(2, '0');

/** The local day of an instant, as a date input holds it. */
function localDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last second of a local day, as the server stores an expiry. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

export function defaultControls(): KeyControls {
  return { scopes: [...DEFAULT_API_KEY_SCOPES], expiresOn: '', spendCap: '', webhookUrl: '' };
}

export function controlsOf(key: TApiKey): KeyControls {
  return {
    scopes: [...key.scopes],
    expiresOn: key.expiresAt ? localDay(key.expiresAt) : '',
    spendCap: key.monthlySpendCap === null ? '' : String(key.monthlySpendCap),
    webhookUrl: key.webhookUrl ?? '',
  };
}

/** The first problem of the controls (the server checks again), or undefined. */
export function controlsError(controls: KeyControls, field: keyof KeyControls): MessageId | undefined {
  if (field === 'scopes' && controls.scopes.length === 0) return API_KEY_MESSAGES.scopesRequired;
  if (field === 'spendCap' && controls.spendCap.trim()) {
    const cap = Number(controls.spendCap);
    if (!Number.isInteger(cap) || cap < 1 || cap > API_KEY_SPEND_CAP_MAX)
      return API_KEY_MESSAGES.spendCapInvalid;
  }
  if (field === 'expiresOn' && controls.expiresOn && new Date(endOfDay(controls.expiresOn)) <= new Date()) {
    return API_KEY_MESSAGES.expiryInPast;
  }
  if (
    field === 'webhookUrl' &&
    controls.webhookUrl.trim() &&
    !/^https?:\/\/\S+$/i.test(controls.webhookUrl.trim())
  ) {
    return 'api.settings.webhookUrl';
  }
  return undefined;
}

const FIELDS: (keyof KeyControls)[] = ['scopes', 'expiresOn', 'spendCap', 'webhookUrl'];

export const controlsValid = (controls: KeyControls) =>
  FIELDS.every((field) => !controlsError(controls, field));

type ControlsPayload = Pick<
  TCreateApiKeyRequest & TUpdateApiKeyRequest,
  'scopes' | 'expiresAt' | 'monthlySpendCap' | 'webhookUrl'
>;

/** The request fields of `next` that differ from `base` (a new key: from the defaults). */
export function controlsChanges(next: KeyControls, base: KeyControls): ControlsPayload {
  const changes: ControlsPayload = {};
  const sameScopes =
    next.scopes.length === base.scopes.length && next.scopes.every((scope) => base.scopes.includes(scope));
  if (!sameScopes) changes.scopes = API_KEY_SCOPES.filter((scope) => next.scopes.includes(scope));
  if (next.expiresOn !== base.expiresOn) changes.expiresAt = next.expiresOn ? endOfDay(next.expiresOn) : null;
  if (next.spendCap.trim() !== base.spendCap) {
    changes.monthlySpendCap = next.spendCap.trim() ? Number(next.spendCap) : null;
  }
  if (next.webhookUrl.trim() !== base.webhookUrl) changes.webhookUrl = next.webhookUrl.trim() || null;
  return changes;
}

/** Scopes (check boxes), expiry day, monthly spend cap and webhook URL. */
export function KeyControlFields({
  value,
  onChange,
  disabled,
  spentThisMonth,
}: {
  value: KeyControls;
  onChange: (next: KeyControls) => void;
  disabled?: boolean;
  /** Shown beside the cap when editing an existing key. */
  spentThisMonth?: number;
}) {
  const t = useT();
  const ids = useId();
  const error = (field: keyof KeyControls) => controlsError(value, field);
  const toggle = (scope: TApiKeyScope, on: boolean) =>
    onChange({
      ...value,
      scopes: on ? [...value.scopes, scope] : value.scopes.filter((candidate) => candidate !== scope),
    });
  const scopesError = error('scopes');
  const expiryError = error('expiresOn');
  const capError = error('spendCap');
  const urlError = error('webhookUrl');
  return (
    <>
      <fieldset className="md:col-span-2" aria-describedby={scopesError ? `${ids}-scopes-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-fg">{t('apiKeys.controls.scopes')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex cursor-pointer items-start gap-2 text-sm text-fg">
              <input
                type="checkbox"
                checked={value.scopes.includes(scope)}
                disabled={disabled}
                aria-describedby={`${ids}-${scope}-hint`}
                onChange={(event) => toggle(scope, event.target.checked)}
                className="mt-0.5 size-4 rounded border-line-strong accent-[var(--accent)]"
              />
              <span className="min-w-0">
                <span className="font-medium">{t(SCOPE_LABELS[scope].label)}</span>
                <span id={`${ids}-${scope}-hint`} className="block text-[13px] text-fg-muted">
                  {t(SCOPE_LABELS[scope].hint)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {scopesError ? <FieldError id={`${ids}-scopes-error`}>{t(scopesError)}</FieldError> : null}
      </fieldset>
      <div>
        <Label htmlFor={`${ids}-expiry`}>{t('apiKeys.controls.expiry')}</Label>
        <Input
          id={`${ids}-expiry`}
          type="date"
          size="md"
          value={value.expiresOn}
          disabled={disabled}
          aria-invalid={expiryError ? true : undefined}
          aria-describedby={expiryError ? `${ids}-expiry-error` : `${ids}-expiry-hint`}
          onChange={(event) => onChange({ ...value, expiresOn: event.target.value })}
        />
        {expiryError ? (
          <FieldError id={`${ids}-expiry-error`}>{t(expiryError)}</FieldError>
        ) : (
          <FieldHint id={`${ids}-expiry-hint`}>{t('apiKeys.controls.expiryHint')}</FieldHint>
        )}
      </div>
      <div>
        <Label htmlFor={`${ids}-cap`}>{t('apiKeys.controls.spendCap')}</Label>
        <Input
          id={`${ids}-cap`}
          type="number"
          inputMode="numeric"
          min={1}
          max={API_KEY_SPEND_CAP_MAX}
          step={1}
          size="md"
          value={value.spendCap}
          disabled={disabled}
          aria-invalid={capError ? true : undefined}
          aria-describedby={capError ? `${ids}-cap-error` : `${ids}-cap-hint`}
          onChange={(event) => onChange({ ...value, spendCap: event.target.value })}
        />
        {capError ? (
          <FieldError id={`${ids}-cap-error`}>{t(capError, { max: API_KEY_SPEND_CAP_MAX })}</FieldError>
        ) : (
          <FieldHint id={`${ids}-cap-hint`}>
            {spentThisMonth === undefined
              ? t('apiKeys.controls.spendCapHint')
              : t('apiKeys.controls.spendCapSpent', { spent: spentThisMonth })}
          </FieldHint>
        )}
      </div>
      <div className="md:col-span-2">
        <Label htmlFor={`${ids}-webhook`}>{t('apiKeys.controls.webhookUrl')}</Label>
        <Input
          id={`${ids}-webhook`}
          type="url"
          size="md"
          value={value.webhookUrl}
          placeholder={WEBHOOK_PLACEHOLDER}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${ids}-webhook-error` : `${ids}-webhook-hint`}
          onChange={(event) => onChange({ ...value, webhookUrl: event.target.value })}
        />
        {urlError ? (
          <FieldError id={`${ids}-webhook-error`}>{t(urlError)}</FieldError>
        ) : (
          <FieldHint id={`${ids}-webhook-hint`}>{t('apiKeys.controls.webhookUrlHint')}</FieldHint>
        )}
      </div>
    </>
  );
}
