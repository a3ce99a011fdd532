import { PRODUCT_NAME } from '@kaleido/common/browser';
import { cn } from '../lib/cn';

const PETAL = 'M0 0 4-7.4 0-12.5-4-7.4Z';
const SMALL_PETAL = 'M0 0 2.6-6.6 0-10.5-2.6-6.6Z';
const COLORS = ['#8b5cf6', '#ec4899', '#f97316', '#eab308', '#14b8a6', '#3b82f6'];
const SOFT_COLORS = ['#a78bfa', '#f472b6', '#fb923c', '#facc15', '#2dd4bf', '#60a5fa'];

/** The Kaleido mark: a six-fold kaleidoscope rosette (the favicon draws the same shape). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="-13 -13 26 26" aria-hidden className={cn('size-7', className)}>
      <g opacity="0.5">
        {SOFT_COLORS.map((color, index) => (
          <path key={color} d={SMALL_PETAL} fill={color} transform={`rotate(${30 + index * 60})`} />
        ))}
      </g>
      {COLORS.map((color, index) => (
        <path key={color} d={PETAL} fill={color} transform={`rotate(${index * 60})`} />
      ))}
      <circle r="2.2" className="fill-bg" />
    </svg>
  );
}

export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className={cn('text-[17px] font-semibold tracking-tight text-fg', wordmarkClassName)}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
