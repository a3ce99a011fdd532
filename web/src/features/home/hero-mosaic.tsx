import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn';

/** Decorative kaleidoscope tiles drawn with CSS gradients: no images to download. */
const TILES: readonly { style: CSSProperties; className: string }[] = [
  {
    className: 'row-span-2',
    style: {
      background:
        'radial-gradient(circle at 50% 50%, rgb(255 255 255 / 0.9) 0 4%, transparent 5%), radial-gradient(circle at 50% 50%, transparent 15%, rgb(20 10 50 / 0.6) 85%), repeating-conic-gradient(from 0deg at 50% 50%, #7c3aed 0 15deg, #ec4899 15deg 30deg, #f97316 30deg 45deg, #0ea5e9 45deg 60deg)',
    },
  },
  {
    className: '',
    style: {
      background:
        'radial-gradient(120% 90% at 20% 10%, #fde68a 0%, transparent 45%), radial-gradient(100% 100% at 80% 90%, #db2777 0%, transparent 55%), linear-gradient(160deg, #312e81, #7c3aed)',
    },
  },
  {
    className: '',
    style: {
      background:
        'conic-gradient(from 210deg at 50% 120%, #0f172a, #0e7490, #22d3ee, #a7f3d0, #0f172a), radial-gradient(circle at 50% 40%, #fff 0 2%, transparent 3%)',
    },
  },
  {
    className: 'col-span-2',
    style: {
      background:
        'radial-gradient(60% 120% at 50% 100%, #fb923c 0%, transparent 60%), repeating-linear-gradient(115deg, rgb(255 255 255 / 0.08) 0 2px, transparent 2px 14px), linear-gradient(180deg, #1e1b4b 0%, #9d174d 70%, #f59e0b 100%)',
    },
  },
  {
    className: '',
    style: {
      background:
        'repeating-radial-gradient(circle at 30% 70%, #14b8a6 0 8px, #0f766e 8px 16px, #134e4a 16px 24px), linear-gradient(#000, #000)',
    },
  },
  {
    className: 'col-span-2',
    style: {
      background:
        'conic-gradient(from 90deg at 50% 50%, #f472b6, #a78bfa, #60a5fa, #34d399, #facc15, #fb7185, #f472b6)',
    },
  },
];

export function HeroMosaic({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cn('relative', className)}>
      <div className="absolute -inset-8 rounded-[3rem] bg-kaleido opacity-[var(--glow-opacity)] blur-3xl" />
      <div className="relative grid h-full grid-cols-3 grid-rows-3 gap-3 rounded-[2rem] border border-white/10 bg-black/5 p-3 shadow-pop backdrop-blur dark:bg-white/5">
        {TILES.map((tile, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list.
            key={index}
            className={cn('rounded-2xl ring-1 ring-white/10 ring-inset', tile.className)}
            style={tile.style}
          />
        ))}
      </div>
    </div>
  );
}
