import { ChevronsLeftRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';

export interface CompareSliderProps {
  beforeUrl: string;
  afterUrl: string;
  /** Alternative texts of the two pictures. */
  beforeAlt: string;
  afterAlt: string;
  /** The result's size, so the box keeps its shape while the images load. */
  width: number;
  height: number;
  /** Where the divider starts (percent of the width from the left). */
  initial?: number;
  className?: string;
}

/** Arrow keys move the divider by 1 % (10 % with Shift), Page keys by 10 %, Home/End to the ends. */
export function nextPosition(current: number, key: string, shift: boolean): number | null {
  const step = shift ? 10 : 1;
  const moves: Record<string, number> = {
    ArrowLeft: current - step,
    ArrowDown: current - step,
    ArrowRight: current + step,
    ArrowUp: current + step,
    PageDown: current - 10,
    PageUp: current + 10,
    Home: 0,
    End: 100,
  };
  const next = moves[key];
  return next === undefined ? null : Math.min(100, Math.max(0, next));
}

/**
 * Before and after over each other, the "before" cut at a divider the person drags (pointer or
 * touch) or moves with the keyboard (the divider is a slider). Both pictures fill the same box, so a
 * smaller source is shown scaled up as the browser would: the difference is the enhancement.
 */
export function CompareSlider({
  beforeUrl,
  afterUrl,
  beforeAlt,
  afterAlt,
  width,
  height,
  initial = 50,
  className,
}: CompareSliderProps) {
  const t = useT();
  const [position, setPosition] = useState(initial);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100)));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextPosition(position, event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  };
  const rounded = Math.round(position);

  return (
    <div
      ref={box}
      className={cn(
        'relative touch-none overflow-hidden rounded-2xl bg-[repeating-conic-gradient(var(--surface-2)_0_25%,var(--surface)_0_50%)] bg-[length:20px_20px] select-none',
        className,
      )}
      style={{ aspectRatio: `${width} / ${height}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <img
        src={afterUrl}
        alt={afterAlt}
        draggable={false}
        className="absolute inset-0 size-full object-contain"
      />
      <img
        src={beforeUrl}
        alt={beforeAlt}
        draggable={false}
        className="absolute inset-0 size-full object-contain [image-rendering:auto]"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className="pointer-events-none absolute top-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {t('tools.compare.before')}
      </span>
      <span className="pointer-events-none absolute top-2 right-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {t('tools.compare.after')}
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('tools.compare.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={t('tools.compare.value', { before: rounded, after: 100 - rounded })}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 -ml-5 flex w-10 cursor-ew-resize items-center justify-center outline-none"
        style={{ left: `${position}%` }}
      >
        <span
          aria-hidden
          className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.25)]"
        />
        <span
          aria-hidden
          className="relative inline-flex size-9 items-center justify-center rounded-full border border-black/10 bg-white text-neutral-800 shadow-pop group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-ring"
        >
          <ChevronsLeftRight className="size-5" />
        </span>
      </div>
    </div>
  );
}
