import type { TGenerationType } from '@kaleido/common';
import { PROMPT_MAX_LENGTH } from '@kaleido/common/browser';
import { ArrowUp, Clapperboard, ImageIcon, Sparkles, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GENERATOR_ROUTES, type GeneratorPrefill } from '../features/generate/options';
import type { MessageId } from '../i18n/catalogs/en';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';

/**
 * Quick-start chips (spec section 2): each puts a starting prompt in the box to edit or send. Label and
 * prompt are catalog ids, so the starting prompt is written in the person's language too.
 */
export const QUICK_STARTS = [
  { label: 'app.prompt.quickStart.landscape', prompt: 'app.prompt.quickStart.landscapePrompt' },
  { label: 'app.prompt.quickStart.abstract', prompt: 'app.prompt.quickStart.abstractPrompt' },
  { label: 'app.prompt.quickStart.futuristic', prompt: 'app.prompt.quickStart.futuristicPrompt' },
] as const satisfies readonly { label: MessageId; prompt: MessageId }[];

const TYPES: readonly { type: TGenerationType; label: MessageId; icon: typeof ImageIcon }[] = [
  { type: 'image', label: 'app.prompt.image', icon: ImageIcon },
  { type: 'video', label: 'app.prompt.video', icon: Clapperboard },
];

/**
 * The floating prompt box (spec section 2): a compact bar that expands on focus into a prompt with an
 * Image/Video switch and quick-start chips. Close (or Escape) collapses it and clears the text.
 * Sending opens the chosen generator with the prompt filled in (navigation state).
 */
export function FloatingPrompt() {
  const t = useT();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const [type, setType] = useState<TGenerationType>('image');
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const switchName = useId();
  const hintId = useId();
  const empty = text.trim().length === 0;

  const close = () => {
    setText('');
    setExpanded(false);
    inputRef.current?.blur();
  };

  // A click or tap elsewhere folds an empty box away (a box with text stays open).
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node) && text.trim() === '') setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded, text]);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const prompt = text.trim();
    if (!prompt) return;
    const state: GeneratorPrefill = { prompt };
    setText('');
    setExpanded(false);
    navigate(GENERATOR_ROUTES[type], { state });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 flex justify-center px-3 md:bottom-6">
      <form
        ref={rootRef}
        onSubmit={send}
        onKeyDown={onKeyDown}
        aria-label={t('app.prompt.form')}
        className={cn(
          'pointer-events-auto w-full max-w-xl rounded-[1.4rem] border border-line bg-bg-elevated/95 shadow-pop backdrop-blur-xl transition-[max-width,border-radius] duration-200',
          expanded ? 'max-w-xl p-3' : 'max-w-md p-1.5',
        )}
      >
        <div className="flex items-start gap-2">
          {expanded ? null : (
            <span
              aria-hidden
              className="bg-kaleido ml-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-white"
            >
              <Sparkles className="size-4" />
            </span>
          )}
          <textarea
            ref={inputRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onFocus={() => setExpanded(true)}
            onKeyDown={onInputKeyDown}
            maxLength={PROMPT_MAX_LENGTH}
            rows={expanded ? 3 : 1}
            aria-label={t('app.prompt.box')}
            aria-describedby={expanded ? hintId : undefined}
            placeholder={
              expanded ? t('app.prompt.placeholderExpanded', { type }) : t('app.prompt.placeholder')
            }
            className={cn(
              'min-w-0 flex-1 resize-none bg-transparent text-[15px] text-fg outline-none placeholder:text-fg-subtle',
              expanded ? 'px-1.5 py-1 leading-relaxed' : 'h-9 truncate px-1 py-[7px] leading-[22px]',
            )}
          />
          {expanded ? (
            <button
              type="button"
              onClick={close}
              aria-label={t('app.prompt.close')}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-fg-subtle transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </div>

        {expanded ? (
          <div className="mt-2.5 flex flex-wrap items-center gap-2">
            <fieldset className="flex rounded-full border border-line bg-surface-2 p-0.5">
              <legend className="sr-only">{t('app.create.label')}</legend>
              {TYPES.map(({ type: value, label, icon: Icon }) => (
                <label
                  key={value}
                  className={cn(
                    'inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-xs font-medium transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-ring',
                    type === value
                      ? 'bg-surface text-fg shadow-sm dark:bg-surface-3'
                      : 'text-fg-muted hover:text-fg',
                  )}
                >
                  <input
                    type="radio"
                    name={switchName}
                    className="sr-only"
                    checked={type === value}
                    onChange={() => setType(value)}
                  />
                  <Icon aria-hidden className="size-3.5" />
                  {t(label)}
                </label>
              ))}
            </fieldset>
            <ul className="flex flex-wrap gap-1.5" aria-label={t('app.prompt.quickStarts')}>
              {QUICK_STARTS.map((chip) => (
                <li key={chip.label}>
                  <button
                    type="button"
                    onClick={() => {
                      setText(t(chip.prompt));
                      inputRef.current?.focus();
                    }}
                    className="inline-flex h-7 items-center whitespace-nowrap rounded-full border border-line-strong px-2.5 text-xs font-medium text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
                  >
                    {t(chip.label)}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="submit"
              disabled={empty}
              className="bg-kaleido ml-auto inline-flex h-8 items-center gap-1.5 whitespace-nowrap rounded-full px-3.5 text-[13px] font-medium text-white shadow-sm transition-[filter,opacity] hover:brightness-110 disabled:opacity-40 disabled:hover:brightness-100"
            >
              {t('app.prompt.generate')}
              <ArrowUp aria-hidden className="size-3.5" />
            </button>
            <p id={hintId} className="sr-only">
              {t('app.prompt.hint', { type })}
            </p>
          </div>
        ) : null}
      </form>
    </div>
  );
}
