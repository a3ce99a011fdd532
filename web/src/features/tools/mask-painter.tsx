import { Brush, Eraser, PaintBucket, Redo2, Trash2, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import {
  drawMask,
  drawStroke,
  EMPTY_MASK,
  type MaskHistory,
  type MaskOp,
  type MaskTool,
  paintingSize,
  pushOp,
  redoOp,
  undoOp,
} from './mask-ops';

export const BRUSH_SIZES = { min: 4, max: 160, initial: 40 } as const;
export const ZOOM_LEVELS = [1, 1.5, 2, 3, 4] as const;
const PAINT = 'rgb(217 70 239)';

export interface MaskPainterProps {
  imageUrl: string;
  imageAlt: string;
  /** The image's own size (the exported mask has it). */
  width: number;
  height: number;
  /** The painted operations, after every change (export them with exportMask). */
  onChange: (ops: readonly MaskOp[], painted: { width: number; height: number }) => void;
}

/**
 * Paints the inpaint mask over the image: brush and eraser with a size, undo and redo (buttons and
 * Ctrl+Z / Ctrl+Shift+Z), fill and clear (which also let a keyboard-only person mark the whole
 * image), and zoom for detail. Painting is drawn from the list of operations, so undo is exact.
 */
export function MaskPainter({ imageUrl, imageAlt, width, height, onChange }: MaskPainterProps) {
  const t = useT();
  const sizeId = useId();
  const painted = useMemo(() => paintingSize(width, height), [width, height]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [history, setHistory] = useState<MaskHistory>(EMPTY_MASK);
  const [tool, setTool] = useState<MaskTool>('brush');
  const [size, setSize] = useState<number>(BRUSH_SIZES.initial);
  const [zoom, setZoom] = useState<(typeof ZOOM_LEVELS)[number]>(1);
  const stroke = useRef<Extract<MaskOp, { kind: 'stroke' }> | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The brush size is in screen pixels of the unzoomed picture; strokes keep painting pixels.
  const [shownWidth, setShownWidth] = useState(painted.width);

  // Redraw from the operations whenever they change (undo, redo, fill, clear, a finished stroke).
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx)
      drawMask(ctx, history.ops, {
        width: painted.width,
        height: painted.height,
        mode: 'display',
        paint: PAINT,
      });
    onChangeRef.current(history.ops, painted);
  }, [history.ops, painted]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const shown = element.getBoundingClientRect().width / zoom;
      if (shown > 0) setShownWidth(shown);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [zoom]);

  const point = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = rect.width ? ((event.clientX - rect.left) / rect.width) * painted.width : 0;
    const y = rect.height ? ((event.clientY - rect.top) / rect.height) * painted.height : 0;
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
  };
  const brushInPaintingPixels = Math.max(1, (size * painted.width) / Math.max(shownWidth, 1));

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    stroke.current = { kind: 'stroke', tool, size: brushInPaintingPixels, points: [point(event)] };
    const ctx = event.currentTarget.getContext('2d');
    if (ctx) drawStroke(ctx, stroke.current, 'display', PAINT);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current) return;
    current.points.push(point(event));
    const ctx = event.currentTarget.getContext('2d');
    // Only the newest segment is drawn while painting; the whole list is redrawn when the stroke ends.
    if (ctx) drawStroke(ctx, { ...current, points: current.points.slice(-2) }, 'display', PAINT);
  };
  const onPointerUp = () => {
    const current = stroke.current;
    stroke.current = null;
    if (current) setHistory((value) => pushOp(value, current));
  };

  const undo = () => setHistory(undoOp);
  const redo = () => setHistory(redoOp);
  const zoomBy = (direction: 1 | -1) => {
    const index = ZOOM_LEVELS.indexOf(zoom) + direction;
    const next = ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, index))];
    if (next) setZoom(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('input')) return;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
      event.preventDefault();
      redo();
    } else if (key === 'b') setTool('brush');
    else if (key === 'e') setTool('eraser');
    else if (key === '[') setSize((value) => Math.max(BRUSH_SIZES.min, value - 4));
    else if (key === ']') setSize((value) => Math.min(BRUSH_SIZES.max, value + 4));
  };

  const toolButton = (value: MaskTool, Icon: typeof Brush, label: string) => (
    <Button
      variant={tool === value ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={tool === value}
      onClick={() => setTool(value)}
    >
      <Icon aria-hidden />
      {label}
    </Button>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts for the painter's own buttons.
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <div role="toolbar" aria-label={t('tools.mask.toolbar')} className="flex flex-wrap items-center gap-2">
        {toolButton('brush', Brush, t('tools.mask.brush'))}
        {toolButton('eraser', Eraser, t('tools.mask.eraser'))}
        <div className="flex min-w-40 flex-1 items-center gap-2">
          <label htmlFor={sizeId} className="shrink-0 text-[13px] font-medium text-fg">
            {t('tools.mask.size')}
          </label>
          <input
            id={sizeId}
            type="range"
            min={BRUSH_SIZES.min}
            max={BRUSH_SIZES.max}
            step={2}
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
            aria-valuetext={t('tools.mask.sizeValue', { size })}
            className="min-w-0 flex-1 accent-[var(--accent)]"
          />
          <span
            aria-hidden
            className="inline-block shrink-0 rounded-full border border-line-strong bg-fuchsia-500/50"
            style={{
              width: Math.min(32, Math.max(4, size / 4)),
              height: Math.min(32, Math.max(4, size / 4)),
            }}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={undo} disabled={history.ops.length === 0}>
          <Undo2 aria-hidden />
          {t('tools.mask.undo')}
        </Button>
        <Button variant="secondary" size="sm" onClick={redo} disabled={history.undone.length === 0}>
          <Redo2 aria-hidden />
          {t('tools.mask.redo')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setHistory((value) => pushOp(value, { kind: 'fill' }))}
        >
          <PaintBucket aria-hidden />
          {t('tools.mask.fill')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setHistory((value) => pushOp(value, { kind: 'clear' }))}
          disabled={history.ops.length === 0}
        >
          <Trash2 aria-hidden />
          {t('tools.mask.clear')}
        </Button>
        <span className="ml-auto inline-flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => zoomBy(-1)}
            disabled={zoom === ZOOM_LEVELS[0]}
            aria-label={t('tools.mask.zoomOut')}
          >
            <ZoomOut aria-hidden />
          </Button>
          <output className="w-12 text-center text-xs text-fg-muted tabular-nums" aria-live="polite">
            {t('tools.mask.zoomValue', { percent: zoom * 100 })}
          </output>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => zoomBy(1)}
            disabled={zoom === ZOOM_LEVELS.at(-1)}
            aria-label={t('tools.mask.zoomIn')}
          >
            <ZoomIn aria-hidden />
          </Button>
        </span>
      </div>
      <div className="max-h-[70dvh] overflow-auto rounded-2xl border border-line bg-surface-2">
        <div className="relative" style={{ width: `${zoom * 100}%` }}>
          <img src={imageUrl} alt={imageAlt} draggable={false} className="block h-auto w-full select-none" />
          <canvas
            ref={canvas}
            width={painted.width}
            height={painted.height}
            aria-label={t('tools.mask.canvas')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            className={cn(
              'absolute inset-0 size-full touch-none opacity-60',
              tool === 'brush' ? 'cursor-crosshair' : 'cursor-cell',
            )}
          />
        </div>
      </div>
      <p className="text-xs text-fg-muted">{t('tools.mask.hint')}</p>
    </div>
  );
}
