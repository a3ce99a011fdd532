import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'value'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Shows the saving state: the thumb pulses and clicks are ignored (it keeps focus, unlike disabled). */
  busy?: boolean;
}

/** An on/off switch (WAI-ARIA switch role): Space or Enter toggles it. */
export function Switch({
  checked,
  onCheckedChange,
  busy = false,
  disabled,
  className,
  ...props
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      disabled={disabled}
      onClick={() => {
        if (!busy) onCheckedChange(!checked);
      }}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress',
        checked ? 'bg-accent' : 'bg-surface-3 ring-1 ring-inset ring-line-strong',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'pointer-events-none inline-block size-5 rounded-full bg-white shadow-[0_1px_3px_rgb(0_0_0/0.25)] transition-transform',
          checked ? 'translate-x-[21px]' : 'translate-x-[1px]',
          busy && 'animate-pulse',
        )}
      />
    </button>
  );
}
