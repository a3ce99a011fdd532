import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { ImageRequest } from '../../provider.js';
import { runSketchJob } from '../job.js';
import { EVAL_CATEGORIES, type EvalCategory, type EvalPrompt } from './prompts.js';

export interface RenderedPrompt extends EvalPrompt {
  png: Buffer;
  summary: string;
  unrecognized: string[];
  ms: number;
}

export interface SheetOptions {
  /** Tile size in pixels (square renders). */
  tile?: number;
  seed?: number;
  columns?: number;
}

/** Renders one evaluation prompt as a square still, inline (no worker), with its interpretation. */
export async function renderEvalPrompt(
  item: EvalPrompt,
  options: SheetOptions = {},
): Promise<RenderedPrompt> {
  const size = options.tile ?? 320;
  const request: ImageRequest = {
    kind: 'image',
    prompt: item.prompt,
    model: 'sketch-1',
    seed: options.seed ?? 1,
    width: size,
    height: size,
    aspectRatio: '1:1',
    style: item.style,
    imageStyle: item.imageStyle,
    quality: 'standard',
  };
  const started = performance.now();
  const out = await runSketchJob(
    request,
    { videoEncoder: 'auto' },
    { signal: new AbortController().signal, report: () => undefined },
  );
  const interpretation = (out.details?.interpretation ?? {}) as { summary?: unknown; unrecognized?: unknown };
  return {
    ...item,
    png: out.data,
    summary: typeof interpretation.summary === 'string' ? interpretation.summary : '',
    unrecognized: Array.isArray(interpretation.unrecognized) ? interpretation.unrecognized.map(String) : [],
    ms: Math.round(performance.now() - started),
  };
}

/** Cuts a label to the width available, with an ellipsis. */
function fit(
  ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>,
  text: string,
  width: number,
): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** One contact sheet: tiles in a grid, each labelled with prompt, style and what Sketch understood. */
export async function composeSheet(
  title: string,
  items: readonly RenderedPrompt[],
  options: SheetOptions = {},
): Promise<Buffer> {
  const tile = options.tile ?? 320;
  const columns = Math.min(options.columns ?? 4, Math.max(1, items.length));
  const labelHeight = 58;
  const pad = 10;
  const header = 40;
  const rows = Math.ceil(items.length / columns);
  const canvas = createCanvas(columns * (tile + pad) + pad, header + rows * (tile + labelHeight + pad) + pad);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1b1b1f';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 22px sans-serif';
  ctx.fillText(title, pad, 28);
  for (const [i, item] of items.entries()) {
    const x = pad + (i % columns) * (tile + pad);
    const y = header + Math.floor(i / columns) * (tile + labelHeight + pad);
    ctx.drawImage(await loadImage(item.png), x, y, tile, tile);
    ctx.font = 'bold 13px sans-serif';
    ctx.fillStyle = '#ffffff';
    ctx.fillText(fit(ctx, `${i + 1}. ${item.prompt}`, tile), x, y + tile + 16);
    ctx.font = '12px sans-serif';
    ctx.fillStyle = '#b8c4ff';
    const style = item.imageStyle === 'default' ? item.style : `${item.style} / ${item.imageStyle}`;
    ctx.fillText(fit(ctx, `${style} · ${item.summary}`, tile), x, y + tile + 33);
    ctx.fillStyle = '#ffb38a';
    const ignored = item.unrecognized.length ? `ignored: ${item.unrecognized.join(', ')}` : '';
    ctx.fillText(fit(ctx, ignored, tile), x, y + tile + 50);
  }
  return canvas.encode('png');
}

export interface EvalRun {
  files: string[];
  rendered: RenderedPrompt[];
}

/** Renders every prompt and writes one sheet per category (plus index.json) into `outDir`. */
export async function writeContactSheets(
  prompts: readonly EvalPrompt[],
  outDir: string,
  options: SheetOptions & { onRendered?(item: RenderedPrompt): void } = {},
): Promise<EvalRun> {
  await mkdir(outDir, { recursive: true });
  const rendered: RenderedPrompt[] = [];
  for (const item of prompts) {
    const done = await renderEvalPrompt(item, options);
    rendered.push(done);
    options.onRendered?.(done);
  }
  const files: string[] = [];
  for (const category of EVAL_CATEGORIES) {
    const items = rendered.filter((r) => r.category === category);
    if (!items.length) continue;
    const file = path.join(outDir, `${category}.png`);
    await writeFile(file, await composeSheet(`${category} (${items.length})`, items, options));
    files.push(file);
  }
  const index = rendered.map(({ png: _png, ...rest }) => rest);
  const indexFile = path.join(outDir, 'index.json');
  await writeFile(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  files.push(indexFile);
  return { files, rendered };
}

export function isCategory(value: string): value is EvalCategory {
  return (EVAL_CATEGORIES as readonly string[]).includes(value);
}
