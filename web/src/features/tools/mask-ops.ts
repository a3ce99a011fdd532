/**
 * The inpaint mask as a list of operations (strokes, fill, clear) rather than pixels: undo and redo
 * are list edits, the screen and the exported PNG are both drawn from the same list, and the
 * exported mask is drawn at the image's own size whatever size it was painted at.
 */

export type MaskTool = 'brush' | 'eraser';

export type MaskOp =
  | {
      kind: 'stroke';
      tool: MaskTool /** Diameter in painting pixels. */;
      size: number;
      points: [number, number][];
    }
  | { kind: 'fill' }
  | { kind: 'clear' };

export interface MaskHistory {
  ops: MaskOp[];
  /** What undo took away, most recent last (redo puts it back; a new op forgets it). */
  undone: MaskOp[];
}

export const EMPTY_MASK: MaskHistory = { ops: [], undone: [] };

export function pushOp(history: MaskHistory, op: MaskOp): MaskHistory {
  return { ops: [...history.ops, op], undone: [] };
}

export function undoOp(history: MaskHistory): MaskHistory {
  const last = history.ops.at(-1);
  if (!last) return history;
  return { ops: history.ops.slice(0, -1), undone: [...history.undone, last] };
}

export function redoOp(history: MaskHistory): MaskHistory {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { ops: [...history.ops, next], undone: history.undone.slice(0, -1) };
}

/** True when something would be changed: a brush stroke or a fill after the last clear. */
export function hasPaint(ops: readonly MaskOp[]): boolean {
  let painted = false;
  for (const op of ops) {
    if (op.kind === 'clear') painted = false;
    else if (op.kind === 'fill' || (op.kind === 'stroke' && op.tool === 'brush')) painted = true;
  }
  return painted;
}

/** The painting surface of an image: its own size, at most `maxSide` on the long side (the export scales up). */
export function paintingSize(
  width: number,
  height: number,
  maxSide = 1024,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The drawing calls the mask needs (a subset of CanvasRenderingContext2D, so tests can record them). */
export type MaskContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'clearRect'
  | 'fillRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'scale'
  | 'globalCompositeOperation'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
>;

/**
 * Draws `ops` on `ctx` (`width`×`height` in painting pixels). `display`: a see-through overlay in
 * `paint` (eraser and clear take paint away). `export`: the mask the server wants, black = keep,
 * white = change.
 */
export function drawMask(
  ctx: MaskContext,
  ops: readonly MaskOp[],
  options: { width: number; height: number; mode: 'display' | 'export'; paint?: string },
): void {
  const { width, height, mode } = options;
  const paint = mode === 'export' ? '#ffffff' : (options.paint ?? 'rgb(217 70 239)');
  const keep = '#000000';
  const wipe = () => {
    if (mode === 'export') {
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = keep;
      ctx.fillRect(0, 0, width, height);
    } else {
      ctx.clearRect(0, 0, width, height);
    }
  };
  ctx.save();
  wipe();
  for (const op of ops) {
    if (op.kind === 'clear') wipe();
    else if (op.kind === 'fill') {
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = paint;
      ctx.fillRect(0, 0, width, height);
    } else drawStroke(ctx, op, mode, paint, keep);
  }
  ctx.restore();
}

/** One stroke: a round-capped line through its points (a dot when it has only one). */
export function drawStroke(
  ctx: MaskContext,
  op: Extract<MaskOp, { kind: 'stroke' }>,
  mode: 'display' | 'export',
  paint: string,
  keep = '#000000',
): void {
  const erase = op.tool === 'eraser';
  const colour = erase ? keep : paint;
  ctx.globalCompositeOperation = erase && mode === 'display' ? 'destination-out' : 'source-over';
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = op.size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const [first, ...rest] = op.points;
  if (!first) return;
  ctx.beginPath();
  if (rest.length === 0) {
    ctx.arc(first[0], first[1], op.size / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.moveTo(first[0], first[1]);
  for (const [x, y] of rest) ctx.lineTo(x, y);
  ctx.stroke();
}

/**
 * The mask as a PNG data URL at the image's own size (`target`), drawn from the ops painted at
 * `painted` size. Null where the browser cannot draw (no canvas).
 */
export function exportMask(
  ops: readonly MaskOp[],
  painted: { width: number; height: number },
  target: { width: number; height: number },
): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(target.width / painted.width, target.height / painted.height);
  drawMask(ctx, ops, { width: painted.width, height: painted.height, mode: 'export' });
  return canvas.toDataURL('image/png');
}
