import type { TGenerationType } from '@kaleido/common';
import { PROMPT_MAX_LENGTH } from '@kaleido/common/browser';
import { ArrowUp, Clapperboard, ImageIcon, Sparkles, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GENERATOR_ROUTES, type GeneratorPrefill } from '../features/generate/options';
import { cn } from '../lib/cn';

/** Quick-start chips (spec section 2): each puts a starting prompt in the box to edit or send. */
export const QUICK_STARTS = [
  {
    label: 'Landscape',
    prompt: 'A misty mountain landscape at sunrise, pine forest and a winding river in the valley',
  },
  { label: 'Abstract', prompt: 'Abstract flowing shapes in vivid neon colors, soft light and deep shadows' },
  {
    label: 'Futuristic',
    prompt: 'A futuristic city at night, glowing skyscrapers and neon lights reflected in the rain',
  },
] as const;

const TYPES: readonly { type: TGenerationType; label: string; icon: typeof ImageIcon }[] = [
  { type: 'image', label: 'Image', icon: ImageIcon },
  { type: 'video', label: 'Video', icon: Clapperboard },
];

/**
 * The floating prompt box (spec section 2): a compact bar that expands on focus into a prompt with an
 * Image/Video switch and quick-start chips. Close (or Escape) collapses it and clears the text.
 * Sending opens the chosen generator with the prompt filled in (navigation state).
 */
export function FloatingPrompt() {
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
        aria-label="Quick create"
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
            aria-label="Describe what to create"
            aria-describedby={expanded ? hintId : undefined}
            placeholder={expanded ? `Describe the ${type} you want…` : 'What will you create today?'}
            className={cn(
              'min-w-0 flex-1 resize-none bg-transparent text-[15px] text-fg outline-none placeholder:text-fg-subtle',
              expanded ? 'px-1.5 py-1 leading-relaxed' : 'h-9 truncate px-1 py-[7px] leading-[22px]',
            )}
          />
          {expanded ? (
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-fg-subtle transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </div>

        {expanded ? (
          <div className="mt-2.5 flex flex-wrap items-center gap-2">
            <fieldset className="flex rounded-full border border-line bg-surface-2 p-0.5">
              <legend className="sr-only">Create</legend>
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
                  {label}
                </label>
              ))}
            </fieldset>
            <ul className="flex flex-wrap gap-1.5" aria-label="Quick starts">
              {QUICK_STARTS.map((chip) => (
                <li key={chip.label}>
                  <button
                    type="button"
                    onClick={() => {
                      setText(chip.prompt);
                      inputRef.current?.focus();
                    }}
                    className="inline-flex h-7 items-center rounded-full border border-line-strong px-2.5 text-xs font-medium text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
                  >
                    {chip.label}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="submit"
              disabled={empty}
              className="bg-kaleido ml-auto inline-flex h-8 items-center gap-1.5 rounded-full px-3.5 text-[13px] font-medium text-white shadow-sm transition-[filter,opacity] hover:brightness-110 disabled:opacity-40 disabled:hover:brightness-100"
            >
              Generate
              <ArrowUp aria-hidden className="size-3.5" />
            </button>
            <p id={hintId} className="sr-only">
              Enter opens the {type} generator with this prompt; Escape closes the box.
            </p>
          </div>
        ) : null}
      </form>
    </div>
  );
}
