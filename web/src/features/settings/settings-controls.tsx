import type { TSettings, TSettingsFields } from '@kaleido/common';
import { Check, type LucideIcon } from 'lucide-react';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FieldError, Input, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { type SettingsPatch, useSaveSettings } from './api';

type BooleanSetting = {
  [K in keyof TSettingsFields]: TSettingsFields[K] extends boolean ? K : never;
}[keyof TSettingsFields];

/** One group of settings: a card with a heading, linked from the settings side navigation. */
export function SettingsSection({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card className="overflow-hidden">
        <header className="flex items-start gap-3 border-b border-line px-5 py-4 sm:px-6">
          <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-fg-muted">
            <Icon aria-hidden className="size-4" />
          </span>
          <div className="min-w-0 break-words hyphens-auto">
            <h2 id={`${id}-title`} tabIndex={-1} className="text-base font-semibold text-fg outline-none">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
          </div>
        </header>
        <div className="divide-y divide-line">{children}</div>
      </Card>
    </section>
  );
}

/** A labelled row: the text on the left, the control on the right (stacked on phones when `stack`). */
export function SettingRow({
  labelId,
  descriptionId,
  label,
  description,
  control,
  children,
  stack = false,
  htmlFor,
}: {
  labelId?: string;
  descriptionId?: string;
  label: ReactNode;
  description?: ReactNode;
  control?: ReactNode;
  children?: ReactNode;
  /** Put the control under the text on small screens (for wide controls). */
  stack?: boolean;
  htmlFor?: string;
}) {
  const Label = htmlFor ? 'label' : 'p';
  return (
    <div className="px-5 py-4 sm:px-6">
      <div
        className={cn(
          'flex gap-x-6 gap-y-3',
          stack ? 'flex-col sm:flex-row sm:items-center sm:justify-between' : 'items-center justify-between',
        )}
      >
        <div className="min-w-0 break-words hyphens-auto">
          <Label id={labelId} htmlFor={htmlFor} className="block text-sm font-medium text-fg">
            {label}
          </Label>
          {description ? (
            <div id={descriptionId} className="mt-0.5 text-[13px] text-pretty text-fg-muted">
              {description}
            </div>
          ) : null}
        </div>
        {control ? <div className="flex shrink-0 items-center gap-2.5">{control}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** An on/off setting that saves as soon as it is flipped (busy while saving, rolled back on failure). */
export function SettingSwitch({
  settings,
  field,
  label,
  description,
}: {
  settings: TSettings;
  field: BooleanSetting;
  label: string;
  description?: ReactNode;
}) {
  const save = useSaveSettings(field, { name: label });
  const ids = useId();
  return (
    <SettingRow
      labelId={`${ids}-label`}
      descriptionId={`${ids}-description`}
      label={label}
      description={description}
      control={
        <>
          {save.isPending ? <Spinner className="text-fg-subtle" /> : null}
          <Switch
            checked={settings[field]}
            busy={save.isPending}
            onCheckedChange={(checked) => save.mutate({ [field]: checked })}
            aria-labelledby={`${ids}-label`}
            aria-describedby={description ? `${ids}-description` : undefined}
          />
        </>
      }
    />
  );
}

export interface Option<Value extends string> {
  value: Value;
  label: string;
  /** The language of the label when it is not the interface's (a language named in its own words). */
  lang?: string;
}

/** A choice from a list, saved as soon as it changes. */
export function SettingSelect<Field extends keyof TSettingsFields>({
  settings,
  field,
  label,
  description,
  options,
  className,
}: {
  settings: TSettings;
  field: Field;
  label: string;
  description?: ReactNode;
  options: readonly Option<Extract<TSettingsFields[Field], string>>[];
  className?: string;
}) {
  const save = useSaveSettings(field, { name: label });
  const ids = useId();
  return (
    <SettingRow
      htmlFor={`${ids}-select`}
      descriptionId={`${ids}-description`}
      label={label}
      description={description}
      stack
      control={
        <>
          {save.isPending ? <Spinner className="text-fg-subtle" /> : null}
          <Select
            id={`${ids}-select`}
            value={String(settings[field])}
            aria-busy={save.isPending || undefined}
            aria-describedby={description ? `${ids}-description` : undefined}
            onChange={(event) => save.mutate({ [field]: event.target.value })}
            className={cn('w-full sm:w-52', className)}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value} lang={option.lang}>
                {option.label}
              </option>
            ))}
          </Select>
        </>
      }
    />
  );
}

/**
 * A typed value (text, number, URL) with its own Save button: checked here first with the contract's
 * messages, then saved; Escape puts the saved value back.
 */
export function SettingTextForm<
  Field extends 'displayName' | 'defaultVideoLength' | 'webhookUrl' | 'handle',
>({
  settings,
  field,
  label,
  description,
  validate,
  toValue,
  inputProps,
  width = 'wide',
  after,
}: {
  settings: TSettings;
  field: Field;
  label: string;
  description?: ReactNode;
  /** The message for an unacceptable draft, or undefined. */
  validate: (draft: string) => string | undefined;
  toValue: (draft: string) => TSettings[Field];
  inputProps?: Omit<ComponentProps<'input'>, 'size' | 'value' | 'onChange' | 'id'>;
  /** 'narrow' for short values such as numbers. */
  width?: 'wide' | 'narrow';
  /** Shown under the field (e.g. the link a value makes). */
  after?: ReactNode;
}) {
  const t = useT();
  const save = useSaveSettings(field, { name: label });
  const ids = useId();
  const saved = String(settings[field]);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [justSaved, setJustSaved] = useState(false);
  const value = draft ?? saved;
  const dirty = draft !== null && draft !== saved;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    save.mutate({ [field]: toValue(value) } as SettingsPatch, {
      onSuccess: () => {
        setDraft(null);
        setJustSaved(true);
      },
      // The server's reason (e.g. a handle already taken) stays under the field; the draft is kept.
      onError: (failure) => setError(serverText(failure) ?? undefined),
    });
  };

  const describedBy = [error ? `${ids}-error` : null, description ? `${ids}-description` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <SettingRow
      htmlFor={`${ids}-input`}
      descriptionId={`${ids}-description`}
      label={label}
      description={description}
    >
      <form onSubmit={onSubmit} noValidate className="mt-3 flex items-start gap-2">
        <div className={cn('min-w-0', width === 'wide' ? 'flex-1 sm:max-w-md' : 'w-32')}>
          <Input
            id={`${ids}-input`}
            size="md"
            value={value}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(undefined);
              setJustSaved(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && draft !== null) {
                event.preventDefault();
                setDraft(null);
                setError(undefined);
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            {...inputProps}
          />
          {error ? <FieldError id={`${ids}-error`}>{error}</FieldError> : null}
        </div>
        <div className="flex min-h-10 shrink-0 items-center gap-2">
          <Button
            type="submit"
            variant="secondary"
            aria-disabled={!dirty || undefined}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? t('settings.form.saving') : t('settings.form.save')}
          </Button>
          {justSaved && !dirty ? (
            <span
              role="status"
              className="inline-flex items-center gap-1 text-[13px] font-medium text-success"
            >
              <Check aria-hidden className="size-4" />
              {t('settings.form.saved')}
            </span>
          ) : null}
        </div>
      </form>
      {after}
    </SettingRow>
  );
}
