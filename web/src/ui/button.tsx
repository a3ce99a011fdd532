import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

// Labels may wrap (German and French labels run long): a button in a narrow column grows a line
// instead of overflowing; the heights are minimums.
const BASE =
  'inline-flex shrink-0 select-none items-center justify-center gap-2 text-center leading-tight rounded-full font-medium ' +
  'transition-[background-color,color,border-color,box-shadow,filter,transform] duration-150 ' +
  'active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 ' +
  'aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:shrink-0';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-fg shadow-sm hover:bg-primary-hover',
  secondary: 'border border-line-strong bg-surface text-fg shadow-sm hover:bg-surface-2',
  ghost: 'text-fg-muted hover:bg-surface-2 hover:text-fg',
  accent: 'bg-kaleido text-white shadow-[0_10px_30px_-12px_rgb(192_38_211/0.7)] hover:brightness-110',
  danger: 'bg-danger-solid text-white shadow-sm hover:brightness-110',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3.5 py-1 text-[13px] [&_svg]:size-4',
  md: 'min-h-10 px-4.5 py-2 text-sm [&_svg]:size-4',
  lg: 'min-h-12 px-6 py-2.5 text-[15px] [&_svg]:size-[18px]',
  icon: 'size-9 [&_svg]:size-[18px]',
};

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The button look, for links that should look like buttons: `<Link className={buttonClass({ variant: 'primary' })}>`. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonStyleOptions = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonStyleOptions, 'className'> {}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
