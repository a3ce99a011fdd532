import { ChevronDown, CircleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

const CONTROL =
  'block w-full rounded-xl border border-line-strong bg-surface text-fg shadow-sm outline-none ' +
  'placeholder:text-fg-subtle transition-[border-color,box-shadow] ' +
  'focus:border-accent focus:ring-4 focus:ring-accent-soft disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-invalid:border-danger aria-invalid:focus:ring-danger-soft';

const SIZES = {
  md: 'h-10 px-3 text-sm',
  lg: 'h-11 px-3.5 text-[15px]',
} as const;

export type ControlSize = keyof typeof SIZES;

/** The text-input look, for inputs that need their own wrapper (e.g. a show/hide button inside). */
export function inputClass({ size = 'lg', className }: { size?: ControlSize; className?: string } = {}) {
  return cn(CONTROL, SIZES[size], className);
}

export function Input({
  size = 'lg',
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'size'> & { size?: ControlSize }) {
  return <input className={inputClass({ size, className })} {...props} />;
}

/** A native select with the input look and a chevron; `className` sizes the wrapper. */
export function Select({
  size = 'md',
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'size'> & { size?: ControlSize }) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(CONTROL, SIZES[size], 'appearance-none pr-9')} {...props} />
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle"
      />
    </div>
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
  return <label className={cn('mb-1.5 block text-sm font-medium text-fg', className)} {...props} />;
}

export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1.5 text-[13px] text-fg-subtle', className)} {...props} />;
}

/** A field's validation message; give it an id and point the control's aria-describedby at it. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-[13px] font-medium text-danger">
      <CircleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      {children}
    </p>
  );
}
