import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { Ctx, Layer, Occlusion, SceneEnv } from './scene-types.js';

function drawLayer(
  ctx: Ctx,
  layer: Layer,
  t: number,
  parts: 'all' | 'static' | 'animated' = 'all',
  hidden?: Occlusion,
): void {
  if (layer.draw && parts !== 'animated') {
    ctx.save();
    layer.draw(ctx, hidden);
    ctx.restore();
  }
  if (layer.animate && parts !== 'static') {
    ctx.save();
    layer.animate(ctx, t, hidden);
    ctx.restore();
  }
}

function occlusionOf(top: Float32Array): Occlusion {
  const last = top.length - 1;
  return {
    below(x0, x1) {
      const a = Math.max(0, Math.floor(x0));
      const b = Math.min(last, Math.ceil(x1));
      let y = Number.NEGATIVE_INFINITY;
      for (let x = a; x <= b; x++) if ((top[x] as number) > y) y = top[x] as number;
      return a <= b ? y : Number.POSITIVE_INFINITY;
    },
  };
}

/**
 * For a still, what nearer opaque layers (`Layer.cover`) will hide of each layer, so terrain and
 * clouds shade only what shows. A layer that reads the backdrop (reflections) sees the frame before
 * the layers after it, so covers never reach past one; blurred layers (behind a portrait) get none.
 */
function occlusions(width: number, layers: readonly Layer[]): (Occlusion | undefined)[] {
  const result: (Occlusion | undefined)[] = new Array(layers.length).fill(undefined);
  let top: Float32Array | null = null;
  let current: Occlusion | undefined;
  for (let j = layers.length - 1; j >= 0; j--) {
    const layer = layers[j] as Layer;
    if (!layer.blur) result[j] = current;
    if (layer.readsBackdrop) {
      top = null;
      current = undefined;
    }
    const cover = layer.blur ? undefined : layer.cover?.();
    if (!cover) continue;
    const next: Float32Array = top ? top.slice() : new Float32Array(width).fill(Number.POSITIVE_INFINITY);
    for (let x = 0; x < width; x++)
      if ((cover[x] as number) < (next[x] as number)) next[x] = cover[x] as number;
    top = next;
    current = occlusionOf(next);
  }
  return result;
}

/** Draws blurred layers (behind a portrait) into a scratch canvas and lays them down out of focus. */
function drawBlurred(ctx: Ctx, scratch: Canvas, run: readonly Layer[], t: number, blur: number): void {
  const sctx = scratch.getContext('2d');
  sctx.clearRect(0, 0, scratch.width, scratch.height);
  for (const layer of run) drawLayer(sctx, layer, t);
  // The sharp copy underneath keeps the frame's edges opaque where the blur thins out.
  ctx.drawImage(scratch, 0, 0);
  ctx.save();
  ctx.filter = `blur(${blur.toFixed(1)}px)`;
  ctx.drawImage(scratch, 0, 0);
  ctx.restore();
}

/** Draws every layer once at t = 0; layers skip shading what nearer layers will cover. */
export function renderStill(env: SceneEnv, layers: readonly Layer[]): Canvas {
  const canvas = createCanvas(env.width, env.height);
  const ctx = canvas.getContext('2d');
  const hidden = occlusions(env.width, layers);
  let i = 0;
  while (i < layers.length) {
    const layer = layers[i] as Layer;
    if (layer.blur) {
      const run: Layer[] = [];
      while (i < layers.length && (layers[i] as Layer).blur) run.push(layers[i++] as Layer);
      drawBlurred(ctx, createCanvas(env.width, env.height), run, 0, layer.blur);
      continue;
    }
    drawLayer(ctx, layer, 0, 'all', hidden[i]);
    i++;
  }
  return canvas;
}

interface CameraMove {
  zoomIn: boolean;
  panX: number;
  panY: number;
  /** 0–1: how far the camera travels over the clip. */
  amount: number;
}

interface Group {
  depth: number;
  /** Pre-rendered static content, drawn with the camera of `depth`. */
  cache: Canvas | null;
  /** Layers whose `animate` runs every frame (after the cache). */
  animated: Layer[];
}

/**
 * Renders video frames: static layers are drawn once into caches, then every frame composes them
 * with a slow Ken Burns camera (nearer layers move more: parallax) and runs the animated parts.
 */
export class FrameRenderer {
  readonly canvas: Canvas;
  private readonly ctx: Ctx;
  private readonly groups: Group[] = [];
  private readonly move: CameraMove;

  constructor(
    private readonly env: SceneEnv,
    layers: readonly Layer[],
  ) {
    this.canvas = createCanvas(env.width, env.height);
    this.ctx = this.canvas.getContext('2d');
    const rng = env.rng('camera');
    const calm = env.spec.moods.includes('calm');
    this.move = {
      zoomIn: rng.chance(0.6),
      panX: rng.range(-1, 1),
      panY: rng.range(-0.3, 0.3),
      amount: calm ? 0.6 : 1,
    };
    this.buildGroups(layers);
  }

  private newCache(): { canvas: Canvas; ctx: Ctx } {
    const canvas = createCanvas(this.env.width, this.env.height);
    return { canvas, ctx: canvas.getContext('2d') };
  }

  private buildGroups(layers: readonly Layer[]): void {
    const { env } = this;
    let i = 0;
    let open: { group: Group; ctx: Ctx } | null = null;
    const close = (): void => {
      open = null;
    };
    while (i < layers.length) {
      const layer = layers[i] as Layer;
      if (layer.blur) {
        // Everything behind a portrait becomes one blurred, static backdrop.
        const run: Layer[] = [];
        while (i < layers.length && (layers[i] as Layer).blur) run.push(layers[i++] as Layer);
        const { canvas, ctx } = this.newCache();
        drawBlurred(ctx, createCanvas(env.width, env.height), run, 0, layer.blur);
        this.groups.push({ depth: 0.2, cache: canvas, animated: [] });
        close();
        continue;
      }
      if (layer.readsBackdrop) {
        // Reflections read the frame composed so far, so they run every frame in order.
        this.groups.push({ depth: layer.depth, cache: null, animated: [layer] });
        close();
        i++;
        continue;
      }
      if (layer.draw) {
        const current = open as { group: Group; ctx: Ctx } | null;
        if (
          !current ||
          Math.abs(current.group.depth - layer.depth) > 0.12 ||
          current.group.animated.length > 0
        ) {
          const { canvas, ctx } = this.newCache();
          const group: Group = { depth: layer.depth, cache: canvas, animated: [] };
          this.groups.push(group);
          open = { group, ctx };
        }
        const target = open as unknown as { group: Group; ctx: Ctx };
        drawLayer(target.ctx, layer, 0, 'static');
        if (layer.animate) target.group.animated.push(layer);
      } else if (layer.animate) {
        this.groups.push({ depth: layer.depth, cache: null, animated: [layer] });
        close();
      }
      i++;
    }
  }

  /** The camera for a layer at `depth` at time t: zoom about the centre plus a parallax pan. */
  private camera(ctx: Ctx, depth: number, t: number): void {
    const { env, move } = this;
    const W = env.width;
    const H = env.height;
    const T = Math.max(0.001, env.durationSeconds);
    const p = Math.min(1, Math.max(0, t / T));
    const e = 0.5 - 0.5 * Math.cos(Math.PI * p);
    const travel = move.amount * (0.35 + 0.65 * depth);
    const progress = move.zoomIn ? e : 1 - e;
    const zoom = 1 + 0.025 + 0.02 * depth + 0.06 * travel * progress;
    const limitX = (W / 2) * (1 - 1 / zoom);
    const limitY = (H / 2) * (1 - 1 / zoom);
    const px = Math.max(-limitX, Math.min(limitX, move.panX * (e - 0.5) * W * 0.05 * travel));
    const py = Math.max(-limitY, Math.min(limitY, move.panY * (e - 0.5) * H * 0.04 * travel));
    ctx.translate(W / 2 + px, H / 2 + py);
    ctx.scale(zoom, zoom);
    ctx.translate(-W / 2, -H / 2);
  }

  renderFrame(t: number): Canvas {
    const { ctx, env } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, env.width, env.height);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
    for (const group of this.groups) {
      ctx.save();
      this.camera(ctx, group.depth, t);
      if (group.cache) ctx.drawImage(group.cache, 0, 0);
      for (const layer of group.animated) drawLayer(ctx, layer, t, 'animated');
      ctx.restore();
    }
    return this.canvas;
  }
}
