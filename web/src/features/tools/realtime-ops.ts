/**
 * The Realtime drawing as a list of operations (strokes, shapes, clear), like the inpaint mask
 * (mask-ops.ts): undo and redo are list edits, and the screen and the drawing sent to the server are
 * both drawn from the same list, at any size (coordinates are fractions of the side, 0..1).
 */

export type DrawTool = 'brush' | 'eraser' | 'rectangle' | 'ellipse';

export type DrawOp =
  | {
      kind: 'stroke';
      /** The eraser clears to transparency (nothing painted there: the scene shows). */
      tool: 'brush' | 'eraser';
      colour: string;
      /** Diameter as a fraction of the canvas side. */
      size: number;
      points: [number, number][];
    }
  | {
      kind: 'shape';
      shape: 'rectangle' | 'ellipse';
      colour: string;
      from: [number, number];
      to: [number, number];
    }
  | { kind: 'clear' };

export interface DrawHistory {
  ops: DrawOp[];
  /** What undo took away, most recent last (redo puts it back; a new op forgets it). */
  undone: DrawOp[];
}

export const EMPTY_DRAWING: DrawHistory = { ops: [], undone: [] };

/** Brush sizes offered, as fractions of the side (about 6, 16, 36 and 72 px at 512). */
export const BRUSH_SIZES = [0.012, 0.03, 0.07, 0.14] as const;

/** The palette: sky, water, grass, earth, sun, fire, snow, night, skin, shadow. */
export const PALETTE = [
  '#5da9e9',
  '#1f5f99',
  '#4caf50',
  '#8d6e63',
  '#ffd54f',
  '#e53935',
  '#f5f5f5',
  '#283593',
  '#f2c7a5',
  '#37474f',
] as const;

export function pushOp(history: DrawHistory, op: DrawOp): DrawHistory {
  return { ops: [...history.ops, op], undone: [] };
}

export function undoOp(history: DrawHistory): DrawHistory {
  const last = history.ops.at(-1);
  if (!last) return history;
  return { ops: history.ops.slice(0, -1), undone: [...history.undone, last] };
}

export function redoOp(history: DrawHistory): DrawHistory {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { ops: [...history.ops, next], undone: history.undone.slice(0, -1) };
}

/** The part of a 2D context the drawing uses (a canvas's, or a recorder in tests). */
export type DrawContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fill'
  | 'arc'
  | 'ellipse'
  | 'fillRect'
  | 'globalCompositeOperation'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
>;

/** Draws one operation on a `side`² surface. */
export function drawOp(ctx: DrawContext, op: DrawOp, side: number): void {
  if (op.kind === 'clear') {
    ctx.clearRect(0, 0, side, side);
    return;
  }
  ctx.save();
  if (op.kind === 'shape') {
    ctx.fillStyle = op.colour;
    const [x0, y0] = [Math.min(op.from[0], op.to[0]) * side, Math.min(op.from[1], op.to[1]) * side];
    const [w, h] = [Math.abs(op.to[0] - op.from[0]) * side, Math.abs(op.to[1] - op.from[1]) * side];
    if (op.shape === 'rectangle') ctx.fillRect(x0, y0, w, h);
    else {
      ctx.beginPath();
      ctx.ellipse(x0 + w / 2, y0 + h / 2, w / 2, h / 2, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
    return;
  }
  ctx.globalCompositeOperation = op.tool === 'eraser' ? 'destination-out' : 'source-over';
  ctx.strokeStyle = op.colour;
  ctx.fillStyle = op.colour;
  ctx.lineWidth = op.size * side;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const [first, ...rest] = op.points;
  if (first) {
    ctx.beginPath();
    if (rest.length === 0) {
      // A tap paints a dot.
      ctx.arc(first[0] * side, first[1] * side, (op.size * side) / 2, 0, Math.PI * 2);
      ctx.fill();
    } else {
      ctx.moveTo(first[0] * side, first[1] * side);
      for (const [x, y] of rest) ctx.lineTo(x * side, y * side);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** Draws the whole list on a cleared `side`² surface (transparent where nothing is painted). */
export function drawAll(ctx: DrawContext, ops: readonly DrawOp[], side: number): void {
  ctx.clearRect(0, 0, side, side);
  for (const op of ops) drawOp(ctx, op, side);
}

/** True when something is painted after the last clear (an eraser stroke alone paints nothing). */
export function hasPaint(ops: readonly DrawOp[]): boolean {
  let painted = false;
  for (const op of ops) {
    if (op.kind === 'clear') painted = false;
    else if (op.kind === 'shape' || op.tool === 'brush') painted = true;
  }
  return painted;
}
