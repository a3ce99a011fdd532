import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';

interface Choice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** Accessible name when the label is not plain text (e.g. an icon). */
  ariaLabel?: string;
  /** A small second line or a title hint. */
  hint?: ReactNode;
  icon?: ReactNode;
}

interface ChoiceGroupProps<V extends string | number> {
  legend: ReactNode;
  options: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  /** Lays the choices out as equal columns (segmented) instead of wrapping chips. */
  segmented?: boolean;
  /** Keeps the legend for screen readers only. */
  hideLegend?: boolean;
  className?: string;
  /** Extra text next to the legend (e.g. the output size). */
  legendAside?: ReactNode;
  size?: 'sm' | 'md';
}

/**
 * A set of mutually exclusive options drawn as chips or a segmented control. Native radio inputs
 * underneath, so arrow keys move the selection, Tab leaves the group, and forms and screen readers
 * see a radio group with its legend.
 */
export function ChoiceGroup<V extends string | number>({
  legend,
  options,
  value,
  onChange,
  disabled,
  segmented = false,
  hideLegend = false,
  className,
  legendAside,
  size = 'md',
}: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className={cn('min-w-0 disabled:opacity-60', className)}>
      {hideLegend ? (
        <legend className="sr-only">{legend}</legend>
      ) : (
        <legend className="contents">
          <span className="mb-2 flex items-baseline justify-between gap-3">
            <span className="text-[13px] font-medium text-fg">{legend}</span>
            {legendAside ? <span className="text-xs tabular-nums text-fg-subtle">{legendAside}</span> : null}
          </span>
        </legend>
      )}
      <div
        className={cn(
          segmented
            ? 'grid auto-cols-fr grid-flow-col gap-1 rounded-xl border border-line bg-surface-2 p-1'
            : 'flex flex-wrap gap-1.5',
        )}
      >
        {options.map((option, index) => {
          const checked = option.value === value;
          return (
            <label
              key={String(option.value)}
              title={typeof option.hint === 'string' ? option.hint : undefined}
              className={cn(
                'relative inline-flex min-w-0 cursor-pointer select-none items-center justify-center gap-1.5 font-medium transition-[background-color,color,box-shadow,border-color]',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
                'has-[input:disabled]:cursor-not-allowed',
                size === 'sm' ? 'h-8 px-2.5 text-[13px]' : 'h-9 px-3 text-[13px]',
                segmented
                  ? cn(
                      'rounded-[9px]',
                      checked
                        ? 'bg-surface text-fg shadow-sm ring-1 ring-line dark:bg-surface-3'
                        : 'text-fg-muted hover:text-fg',
                    )
                  : cn(
                      'rounded-full border',
                      checked
                        ? 'border-transparent bg-primary text-primary-fg shadow-sm'
                        : 'border-line-strong bg-surface text-fg-muted hover:border-fg-subtle hover:text-fg',
                    ),
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={index}
                checked={checked}
                aria-label={option.ariaLabel}
                onChange={() => onChange(option.value)}
              />
              {option.icon}
              <span className="truncate">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
