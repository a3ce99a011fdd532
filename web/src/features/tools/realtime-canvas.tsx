import { REALTIME_SIZE } from '@kaleido/common/browser';
import { Circle, Eraser, Paintbrush, Redo2, Square, Trash2, Undo2 } from 'lucide-react';
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import {
  BRUSH_SIZES,
  type DrawHistory,
  type DrawOp,
  type DrawTool,
  drawAll,
  drawOp,
  PALETTE,
  pushOp,
  redoOp,
  undoOp,
} from './realtime-ops';

const TOOLS: readonly { tool: DrawTool; label: MessageId; key: string; icon: typeof Paintbrush }[] = [
  { tool: 'brush', label: 'realtime.canvas.brush', key: 'b', icon: Paintbrush },
  { tool: 'eraser', label: 'realtime.canvas.eraser', key: 'e', icon: Eraser },
  { tool: 'rectangle', label: 'realtime.canvas.rectangle', key: 'r', icon: Square },
  { tool: 'ellipse', label: 'realtime.canvas.ellipse', key: 'o', icon: Circle },
];

/** Whether a key press belongs to a text field (shortcuts leave those alone). */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

const toolButton =
  'inline-flex size-9 items-center justify-center rounded-lg border border-line-strong bg-surface text-fg ' +
  'hover:bg-surface-2 disabled:opacity-40 aria-pressed:border-accent aria-pressed:bg-accent-soft [&_svg]:size-[18px]';

/**
 * The drawing surface: brush, eraser, rectangle and ellipse with pointer events (mouse, pen, touch),
 * a palette and a colour picker, brush sizes, undo/redo and clear, and keyboard shortcuts. The
 * drawing itself is `history` (a list of operations); `draft` is the shape or stroke under the pointer,
 * reported so the preview follows the drawing while it is drawn.
 */
export function RealtimeCanvas({
  history,
  onChange,
  onDraft,
}: {
  history: DrawHistory;
  onChange: (next: DrawHistory) => void;
  onDraft: (draft: DrawOp | null) => void;
}) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const draftRef = useRef<DrawOp | null>(null);
  const [tool, setTool] = useState<DrawTool>('brush');
  const [colour, setColour] = useState<string>(PALETTE[0]);
  const [size, setSize] = useState<number>(BRUSH_SIZES[1]);
  const pickerId = useId();
  const sizeId = useId();

  const redraw = useCallback(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    drawAll(ctx, history.ops, REALTIME_SIZE);
    if (draftRef.current) drawOp(ctx, draftRef.current, REALTIME_SIZE);
  }, [history]);

  useEffect(redraw, [redraw]);

  const undo = useCallback(() => onChange(undoOp(history)), [history, onChange]);
  const redo = useCallback(() => onChange(redoOp(history)), [history, onChange]);
  const clear = useCallback(() => onChange(pushOp(history, { kind: 'clear' })), [history, onChange]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
        return;
      }
      if (mod && key === 'y') {
        event.preventDefault();
        redo();
        return;
      }
      if (mod || event.altKey) return;
      const chosen = TOOLS.find((entry) => entry.key === key);
      if (chosen) setTool(chosen.tool);
      else if (key === '[' || key === ']') {
        const index = BRUSH_SIZES.indexOf(size as (typeof BRUSH_SIZES)[number]);
        const next =
          BRUSH_SIZES[Math.max(0, Math.min(BRUSH_SIZES.length - 1, index + (key === ']' ? 1 : -1)))];
        if (next !== undefined) setSize(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, size]);

  const pointAt = (event: ReactPointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - box.left) / Math.max(1, box.width);
    const y = (event.clientY - box.top) / Math.max(1, box.height);
    return [Math.min(1, Math.max(0, x)), Math.min(1, Math.max(0, y))];
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointAt(event);
    draftRef.current =
      tool === 'brush' || tool === 'eraser'
        ? { kind: 'stroke', tool, colour, size, points: [point] }
        : { kind: 'shape', shape: tool, colour, from: point, to: point };
    redraw();
    onDraft(draftRef.current);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const draft = draftRef.current;
    if (!draft || draft.kind === 'clear') return;
    const point = pointAt(event);
    draftRef.current =
      draft.kind === 'stroke' ? { ...draft, points: [...draft.points, point] } : { ...draft, to: point };
    redraw();
    onDraft(draftRef.current);
  };
  const onPointerUp = () => {
    const draft = draftRef.current;
    draftRef.current = null;
    onDraft(null);
    if (draft) onChange(pushOp(history, draft));
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        role="toolbar"
        aria-label={t('realtime.canvas.toolbar')}
        className="flex flex-wrap items-center gap-1.5"
      >
        {TOOLS.map((entry) => (
          <button
            key={entry.tool}
            type="button"
            className={toolButton}
            aria-pressed={tool === entry.tool}
            aria-keyshortcuts={entry.key.toUpperCase()}
            title={t('realtime.canvas.shortcut', { name: t(entry.label), key: entry.key.toUpperCase() })}
            aria-label={t(entry.label)}
            onClick={() => setTool(entry.tool)}
          >
            <entry.icon aria-hidden />
          </button>
        ))}
        <span className="mx-1 h-6 w-px bg-line" aria-hidden />
        <button
          type="button"
          className={toolButton}
          onClick={undo}
          disabled={history.ops.length === 0}
          aria-label={t('realtime.canvas.undo')}
          aria-keyshortcuts="Control+Z Meta+Z"
          title={t('realtime.canvas.undo')}
        >
          <Undo2 aria-hidden />
        </button>
        <button
          type="button"
          className={toolButton}
          onClick={redo}
          disabled={history.undone.length === 0}
          aria-label={t('realtime.canvas.redo')}
          aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
          title={t('realtime.canvas.redo')}
        >
          <Redo2 aria-hidden />
        </button>
        <button
          type="button"
          className={toolButton}
          onClick={clear}
          disabled={history.ops.length === 0 || history.ops.at(-1)?.kind === 'clear'}
          aria-label={t('realtime.canvas.clear')}
          title={t('realtime.canvas.clear')}
        >
          <Trash2 aria-hidden />
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <fieldset className="flex flex-wrap items-center gap-1.5">
          <legend className="sr-only">{t('realtime.canvas.palette')}</legend>
          {PALETTE.map((swatch) => (
            <button
              key={swatch}
              type="button"
              aria-pressed={colour === swatch}
              aria-label={t('realtime.canvas.colour', { colour: swatch })}
              onClick={() => setColour(swatch)}
              className={cn(
                'size-7 rounded-full border border-line-strong shadow-sm',
                colour === swatch && 'ring-2 ring-accent ring-offset-2 ring-offset-surface',
              )}
              style={{ backgroundColor: swatch }}
            />
          ))}
        </fieldset>
        <label htmlFor={pickerId} className="sr-only">
          {t('realtime.canvas.picker')}
        </label>
        <input
          id={pickerId}
          type="color"
          value={colour}
          onChange={(event) => setColour(event.target.value)}
          className="size-8 cursor-pointer rounded-lg border border-line-strong bg-surface p-0.5"
          title={t('realtime.canvas.picker')}
        />
        <label htmlFor={sizeId} className="ml-2 text-[13px] text-fg-muted">
          {t('realtime.canvas.size')}
        </label>
        <select
          id={sizeId}
          value={size}
          onChange={(event) => setSize(Number(event.target.value))}
          aria-keyshortcuts="[ ]"
          className="h-8 rounded-lg border border-line-strong bg-surface px-2 text-[13px] text-fg"
        >
          {BRUSH_SIZES.map((value) => (
            <option key={value} value={value}>
              {t('realtime.canvas.sizeValue', { px: Math.round(value * REALTIME_SIZE) })}
            </option>
          ))}
        </select>
      </div>
      <canvas
        ref={canvasRef}
        width={REALTIME_SIZE}
        height={REALTIME_SIZE}
        role="img"
        aria-label={t('realtime.canvas.label')}
        data-testid="realtime-canvas"
        className="aspect-square w-full cursor-crosshair touch-none rounded-2xl border border-line-strong bg-white"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <p className="text-xs text-fg-muted">{t('realtime.canvas.hint')}</p>
    </div>
  );
}
