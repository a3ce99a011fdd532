import type { TGenerationType, TModel } from '@kaleido/common';
import { APP_ROUTES, PROMPT_MAX_LENGTH } from '@kaleido/common/browser';
import { ChevronDown, Cpu, Dices, LogIn, Sparkles } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
} from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatCredits, formatNumber } from '../../lib/format';
import { Button, buttonClass } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { FieldHint, Input, Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import type { CurrentUser } from '../auth/api';
import { modelText } from './job-texts';
import {
  type AnySettings,
  fieldsForModel,
  fitSettings,
  type OptionField,
  outputSize,
  settingsFrom,
  settingValue,
} from './options';

const PLACEHOLDERS: Record<TGenerationType, MessageId> = {
  image: 'generate.form.placeholder.image',
  video: 'generate.form.placeholder.video',
};

const SIGNED_OUT: Record<TGenerationType, MessageId> = {
  image: 'generate.form.signedOut.image',
  video: 'generate.form.signedOut.video',
};

const MAX_SEED = 2 ** 31 - 1;

export interface GeneratorFormProps {
  type: TGenerationType;
  promptRef: RefObject<HTMLTextAreaElement | null>;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  settings: AnySettings;
  onSettingsChange: (settings: AnySettings) => void;
  /** The settings moved onto what the chosen model offers (not the person's choice); onSettingsChange by default. */
  onSettingsFit?: (settings: AnySettings) => void;
  negativePrompt: string;
  onNegativePromptChange: (value: string) => void;
  seed: string;
  onSeedChange: (value: string) => void;
  models: readonly TModel[];
  modelId: string | null;
  onModelChange: (id: string) => void;
  price: number;
  user: CurrentUser | null;
  /** A job is being submitted or is running: the inputs are disabled. */
  busy: boolean;
  /** The running job's progress, for the button. */
  progress: number | null;
  onSubmit: () => void;
  /** Shown just above the button (a banner, on phones, where the eye is after pressing it). */
  notice?: ReactNode;
}

/** A rectangle drawn in an aspect ratio: the shape of the output. */
function RatioGlyph({ ratio }: { ratio: string }) {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 14 / Math.max(w, h);
  return (
    <span aria-hidden className="inline-flex size-4 items-center justify-center">
      <span
        className="rounded-[2px] border-[1.5px] border-current"
        style={{ width: `${Math.max(6, w * scale)}px`, height: `${Math.max(6, h * scale)}px` }}
      />
    </span>
  );
}

function OptionControl({
  field,
  value,
  onChange,
  legendAside,
}: {
  field: OptionField;
  value: string | number;
  onChange: (value: string | number) => void;
  legendAside?: string;
}) {
  const id = useId();
  const t = useT();
  const label = t(field.label);
  if (field.values.length === 1) {
    // One possible value (the frame rate): shown, not chosen.
    return (
      <div className="flex items-center justify-between gap-3 text-[13px]">
        <span className="font-medium text-fg">{label}</span>
        <span className="rounded-full bg-surface-2 px-2.5 py-1 font-medium text-fg-muted">
          {field.format(value, t)}
        </span>
      </div>
    );
  }
  if (field.control === 'menu') {
    return (
      <div>
        <Label htmlFor={id} className="text-[13px]">
          {label}
        </Label>
        <Select
          id={id}
          value={String(value)}
          onChange={(event) => {
            const next = field.values.find((candidate) => String(candidate) === event.target.value);
            if (next !== undefined) onChange(next);
          }}
        >
          {field.values.map((option) => (
            <option key={option} value={String(option)}>
              {field.format(option, t)}
            </option>
          ))}
        </Select>
      </div>
    );
  }
  return (
    <ChoiceGroup
      legend={label}
      legendAside={legendAside}
      segmented={field.control === 'segmented'}
      value={value}
      onChange={onChange}
      options={field.values.map((option) => ({
        value: option,
        label: field.format(option, t),
        hint: field.hint?.(option, t),
        icon: field.shape ? <RatioGlyph ratio={String(option)} /> : undefined,
      }))}
    />
  );
}

/** The generator's form: prompt, the contract's options, advanced options and the priced generate button. */
export function GeneratorForm({
  type,
  promptRef,
  prompt,
  onPromptChange,
  settings,
  onSettingsChange,
  onSettingsFit = onSettingsChange,
  negativePrompt,
  onNegativePromptChange,
  seed,
  onSeedChange,
  models,
  modelId,
  onModelChange,
  price: defaultPrice,
  user,
  busy,
  progress,
  onSubmit,
  notice,
}: GeneratorFormProps) {
  const promptId = useId();
  const counterId = useId();
  const negativeId = useId();
  const seedId = useId();
  const seedHintId = useId();
  const modelSelectId = useId();
  const signedOutId = useId();
  const creditsId = useId();
  const t = useT();

  const model = models.find((candidate) => candidate.id === modelId) ?? models[0];
  // Only the options the chosen model can make; its own price.
  const aspectRatio = settings.aspectRatio;
  const fields = useMemo(() => fieldsForModel(type, model, aspectRatio), [type, model, aspectRatio]);
  useEffect(() => {
    const fitted = fitSettings(settings, fields);
    if (fitted !== settings) onSettingsFit(fitted);
  }, [settings, fields, onSettingsFit]);
  const price = model?.prices?.[type] ?? defaultPrice;
  const size = outputSize(type, settings);
  const sizeText = `${formatNumber(size.width)} × ${formatNumber(size.height)}`;
  const canSubmit = prompt.trim().length > 0 && !busy && user !== null;
  const short = user !== null && user.credits < price;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };
  const onPromptKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      if (canSubmit) onSubmit();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('generate.form.label', { type })}>
      <fieldset disabled={busy} className="min-w-0 space-y-5">
        <div>
          <div className="mb-1.5 flex items-baseline justify-between gap-3">
            <Label htmlFor={promptId} className="mb-0">
              {t('generate.form.prompt')}
            </Label>
            <span
              id={counterId}
              className={cn(
                'text-xs tabular-nums text-fg-subtle',
                prompt.length >= PROMPT_MAX_LENGTH && 'text-warning',
              )}
            >
              {formatNumber(prompt.length)}/{formatNumber(PROMPT_MAX_LENGTH)}
            </span>
          </div>
          <textarea
            ref={promptRef}
            id={promptId}
            value={prompt}
            onChange={(event) => onPromptChange(event.target.value)}
            onKeyDown={onPromptKeyDown}
            maxLength={PROMPT_MAX_LENGTH}
            rows={4}
            placeholder={t(PLACEHOLDERS[type])}
            aria-describedby={counterId}
            className="block min-h-28 w-full resize-y rounded-xl border border-line-strong bg-surface px-3.5 py-3 text-[15px] leading-relaxed text-fg shadow-sm outline-none transition-[border-color,box-shadow] placeholder:text-fg-subtle focus:border-accent focus:ring-4 focus:ring-accent-soft disabled:cursor-not-allowed disabled:opacity-60"
          />
        </div>

        <div className="space-y-4">
          {fields.map((field) => (
            <OptionControl
              key={field.key}
              field={field}
              value={settingValue(settings, field.key) ?? field.values[0] ?? ''}
              legendAside={field.key === 'resolution' ? sizeText : undefined}
              onChange={(value) => onSettingsChange(settingsFrom(type, { ...settings, [field.key]: value }))}
            />
          ))}
        </div>

        <details className="group rounded-xl border border-line bg-surface-2/50 open:bg-transparent">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-3.5 py-2.5 text-[13px] font-medium text-fg select-none [&::-webkit-details-marker]:hidden">
            {t('generate.form.advanced')}
            <span className="flex items-center gap-2 text-xs font-normal text-fg-subtle">
              {seed ? t('generate.form.seedChosen', { seed }) : t('generate.form.seedRandom')}
              <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
            </span>
          </summary>
          <div className="space-y-4 border-t border-line px-3.5 pt-3.5 pb-4">
            {models.length > 1 ? (
              <div>
                <Label htmlFor={modelSelectId} className="text-[13px]">
                  {t('generate.form.model')}
                </Label>
                <Select
                  id={modelSelectId}
                  value={model?.id ?? ''}
                  onChange={(event) => onModelChange(event.target.value)}
                >
                  {models.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {modelText(candidate.name, t)}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            {model?.supportsNegativePrompt !== false ? (
              <div>
                <Label htmlFor={negativeId} className="text-[13px]">
                  {t('generate.form.negativePrompt')}
                </Label>
                <textarea
                  id={negativeId}
                  value={negativePrompt}
                  onChange={(event) => onNegativePromptChange(event.target.value)}
                  maxLength={PROMPT_MAX_LENGTH}
                  rows={2}
                  placeholder={t('generate.form.negativePromptPlaceholder')}
                  className="block w-full resize-y rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-4 focus:ring-accent-soft disabled:opacity-60"
                />
              </div>
            ) : null}
            {model?.supportsSeed !== false ? (
              <div>
                <Label htmlFor={seedId} className="text-[13px]">
                  {t('generate.form.seed')}
                </Label>
                <div className="flex gap-2">
                  <Input
                    id={seedId}
                    size="md"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={t('generate.form.seedPlaceholder')}
                    value={seed}
                    aria-describedby={seedHintId}
                    onChange={(event) => {
                      const digits = event.target.value.replace(/\D/g, '').slice(0, 10);
                      onSeedChange(digits && Number(digits) > MAX_SEED ? String(MAX_SEED) : digits);
                    }}
                  />
                  <Button
                    variant="secondary"
                    size="icon"
                    className="size-10"
                    aria-label={t('generate.form.rollSeed')}
                    title={t('generate.form.rollSeed')}
                    onClick={() => onSeedChange(String(Math.floor(Math.random() * MAX_SEED)))}
                  >
                    <Dices aria-hidden />
                  </Button>
                </div>
                <FieldHint id={seedHintId}>{t('generate.form.seedHint')}</FieldHint>
              </div>
            ) : null}
          </div>
        </details>
      </fieldset>

      <div className="mt-6 space-y-3">
        {user === null ? (
          <div
            id={signedOutId}
            className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3.5 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm font-medium text-fg">{t(SIGNED_OUT[type])}</p>
            <div className="flex shrink-0 gap-2">
              <Link to={APP_ROUTES.auth} className={buttonClass({ variant: 'primary', size: 'sm' })}>
                <LogIn aria-hidden />
                {t('generate.form.signIn')}
              </Link>
              <Link
                to={`${APP_ROUTES.auth}?mode=signup`}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                {t('generate.form.createAccount')}
              </Link>
            </div>
          </div>
        ) : null}
        {/* Stays in view at the bottom edge while the options are scrolled (above the phone's bottom bar). */}
        <div className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-10 -mx-2 space-y-2 rounded-2xl bg-surface/90 px-2 py-2 backdrop-blur md:bottom-3">
          {notice}
          <Button
            type="submit"
            variant="accent"
            size="lg"
            className="w-full"
            disabled={!canSubmit}
            aria-describedby={user === null ? signedOutId : creditsId}
          >
            {busy ? (
              <>
                <Spinner className="size-[18px]" />
                {progress === null
                  ? t('generate.form.generating')
                  : t('generate.form.generatingProgress', { progress })}
              </>
            ) : (
              <>
                <Sparkles aria-hidden />
                {t('generate.form.generate')}
                <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold">
                  {formatCredits(price)}
                </span>
              </>
            )}
          </Button>
          {user ? (
            <p
              id={creditsId}
              className={cn('text-center text-[13px]', short ? 'text-danger' : 'text-fg-subtle')}
            >
              {short ? (
                <>
                  {t('generate.form.insufficientCredits', { type, price })}{' '}
                  <Link to={APP_ROUTES.pricing} className="font-medium underline underline-offset-2">
                    {t('generate.form.getMoreCredits')}
                  </Link>
                </>
              ) : (
                <>
                  {t('generate.form.balance', { credits: formatCredits(user.credits) })}{' '}
                  <span className="hidden sm:inline">
                    <T
                      id="generate.form.shortcut"
                      values={{
                        kbd: (chunks) => (
                          <kbd className="rounded border border-line bg-surface-2 px-1 font-sans text-[11px]">
                            {chunks}
                          </kbd>
                        ),
                      }}
                    />
                  </span>
                </>
              )}
            </p>
          ) : null}
        </div>
        {model ? (
          <p className="flex items-start gap-2 rounded-xl bg-surface-2/70 px-3 py-2.5 text-xs text-fg-muted">
            <Cpu aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            <span>
              <span className="font-semibold text-fg">{modelText(model.name, t)}</span> ·{' '}
              {modelText(model.description, t)}
            </span>
          </p>
        ) : null}
      </div>
    </form>
  );
}
