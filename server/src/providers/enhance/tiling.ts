/**
 * Tiled super-resolution with feathered seams. The image is cut into overlapping tiles so the network
 * only ever sees a small input (bounded memory, per-tile progress, a cancel point between tiles).
 * Along each axis, neighbouring tiles hand over through a linear ramp in the middle of their overlap:
 * tile i's weight is r_i − r_{i+1} where r_k rises 0→1 across overlap k, so weights sum to exactly 1
 * and the outer pixels of every tile (where the network saw zero padding) weigh nothing. Only one band
 * of output rows is accumulated in floats at a time; finished rows are written out as bytes.
 */

export interface TilingOptions {
  /** Tile side in input pixels. */
  tile: number;
  /** Minimum overlap between neighbouring tiles, in input pixels. */
  overlap: number;
}

/** 128 px is the patch size the ESRGAN models were trained on; 16 px overlap leaves 4 px unused context. */
export const DEFAULT_TILING: TilingOptions = { tile: 128, overlap: 16 };

export interface Span {
  start: number;
  end: number;
}

/** Tiles along one axis of `length` px, evenly spread, each `tile` long, overlapping by ≥ `overlap`. */
export function planSpans(length: number, { tile, overlap }: TilingOptions): Span[] {
  if (tile <= 2 * overlap) throw new Error('The tile must be more than twice the overlap');
  if (length <= tile) return [{ start: 0, end: length }];
  const count = Math.ceil((length - overlap) / (tile - overlap));
  const spans: Span[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.round((i * (length - tile)) / (count - 1));
    spans.push({ start, end: start + tile });
  }
  return spans;
}

/**
 * Per-output-pixel weights of each span along one axis (output px = input px × scale). The ramp
 * across overlap k is `ramp` input px wide, centred in the overlap.
 */
export function spanWeights(spans: Span[], scale: number, ramp: number): Float32Array[] {
  // rise(k, p): tile k's share against tile k-1 at output position p (0 before the ramp, 1 after).
  const rise = (k: number, p: number): number => {
    if (k <= 0) return 1;
    if (k >= spans.length) return 0;
    const left = spans[k - 1] as Span;
    const right = spans[k] as Span;
    const overlap = left.end - right.start;
    const width = Math.max(1, Math.min(ramp, overlap / 2)) * scale;
    const from = ((right.start + left.end) / 2) * scale - width / 2;
    return Math.min(1, Math.max(0, (p + 0.5 - from) / width));
  };
  return spans.map((span, i) => {
    const weights = new Float32Array((span.end - span.start) * scale);
    for (let j = 0; j < weights.length; j++) {
      const p = span.start * scale + j;
      weights[j] = rise(i, p) - rise(i + 1, p);
    }
    return weights;
  });
}

export interface TileJob {
  /** RGB, 3 bytes per pixel, row-major. */
  rgb: Uint8Array;
  width: number;
  height: number;
  scale: number;
  /** Runs the network on one tile: RGB floats 0..255 in, `scale`× larger RGB floats 0..255 out. */
  infer: (tile: Float32Array, width: number, height: number) => Float32Array | Promise<Float32Array>;
  /** Called after each tile with (done, total); may throw (e.g. on cancel) to stop between tiles. */
  onTile?: (done: number, total: number) => void | Promise<void>;
  tiling?: TilingOptions;
}

/** Number of tiles a job of this size takes (for progress and estimates). */
export function tileCount(width: number, height: number, tiling: TilingOptions = DEFAULT_TILING): number {
  return planSpans(width, tiling).length * planSpans(height, tiling).length;
}

/** Upscales `rgb` tile by tile; answers the RGB output (3 bytes per pixel). */
export async function upscaleTiled(job: TileJob): Promise<Uint8Array> {
  const { rgb, width, height, scale } = job;
  const tiling = job.tiling ?? DEFAULT_TILING;
  const ramp = tiling.overlap / 2;
  const xs = planSpans(width, tiling);
  const ys = planSpans(height, tiling);
  const wx = spanWeights(xs, scale, ramp);
  const wy = spanWeights(ys, scale, ramp);
  const outW = width * scale;
  const outH = height * scale;
  const output = new Uint8Array(outW * outH * 3);
  const bandRows = Math.max(...ys.map((s) => s.end - s.start)) * scale;
  const band = new Float32Array(bandRows * outW * 3);
  let bandTop = 0;
  const flush = (until: number): void => {
    const rows = until - bandTop;
    if (rows <= 0) return;
    const count = rows * outW * 3;
    const offset = bandTop * outW * 3;
    for (let i = 0; i < count; i++) output[offset + i] = Math.round(band[i] as number);
    band.copyWithin(0, count);
    band.fill(0, band.length - count);
    bandTop = until;
  };
  const total = xs.length * ys.length;
  let done = 0;
  for (let ty = 0; ty < ys.length; ty++) {
    const sy = ys[ty] as Span;
    flush(sy.start * scale);
    const weightsY = wy[ty] as Float32Array;
    for (let tx = 0; tx < xs.length; tx++) {
      const sx = xs[tx] as Span;
      const tw = sx.end - sx.start;
      const th = sy.end - sy.start;
      const input = new Float32Array(tw * th * 3);
      for (let y = 0; y < th; y++) {
        const from = ((sy.start + y) * width + sx.start) * 3;
        for (let i = 0; i < tw * 3; i++) input[y * tw * 3 + i] = rgb[from + i] as number;
      }
      const result = await job.infer(input, tw, th);
      const ow = tw * scale;
      const oh = th * scale;
      if (result.length !== ow * oh * 3) throw new Error('The network answered a tile of the wrong size');
      const weightsX = wx[tx] as Float32Array;
      const x0 = sx.start * scale;
      const y0 = sy.start * scale - bandTop;
      for (let y = 0; y < oh; y++) {
        const wyv = weightsY[y] as number;
        if (wyv === 0) continue;
        const row = ((y0 + y) * outW + x0) * 3;
        for (let x = 0; x < ow; x++) {
          const w = wyv * (weightsX[x] as number);
          if (w === 0) continue;
          const s = (y * ow + x) * 3;
          const d = row + x * 3;
          band[d] = (band[d] as number) + w * (result[s] as number);
          band[d + 1] = (band[d + 1] as number) + w * (result[s + 1] as number);
          band[d + 2] = (band[d + 2] as number) + w * (result[s + 2] as number);
        }
      }
      done++;
      await job.onTile?.(done, total);
    }
  }
  flush(outH);
  return output;
}
