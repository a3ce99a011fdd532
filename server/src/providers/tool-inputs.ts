import sharp from 'sharp';
import type { Downloaded } from './http.js';
import { sniffContentType } from './outputs.js';
import {
  type EditRequest,
  type GenerationOutput,
  type ModelTool,
  ProviderError,
  type UpscaleRequest,
} from './provider.js';
import { expand as offlineExpand } from './sketch/edit/index.js';
import type { TemplateValues } from './template.js';

/**
 * What the adapters share for edits and upscales (issue 16): the prompt a provider is sent for each
 * edit mode, masks in each provider's convention, an expand turned into an inpaint of the new area,
 * and the finished image as a GenerationOutput with its real size.
 */

/** The tool of ModelCapabilities.tools that an edit mode needs. */
export function toolOfEdit(mode: EditRequest['mode']): ModelTool {
  return mode === 'prompt' ? 'prompt-edit' : mode;
}

/** Does a model offer this edit or upscale? A refusal names the model and what it lacks. */
export function requireTool(
  tools: readonly ModelTool[] | undefined,
  tool: ModelTool,
  provider: string,
  model: string,
): void {
  if (!tools?.includes(tool)) {
    throw new ProviderError('invalid_input', `${provider} model "${model}" does not offer ${tool}`);
  }
}

const STYLE_WORDS: Record<string, string> = {
  default: 'a polished, natural photograph',
  anime: 'an anime illustration with clean line art and cel shading',
  'pixel-art': 'pixel art with a small palette',
  fantasy: 'a fantasy painting with magical light',
  'sci-fi': 'a science-fiction scene with cool neon light',
  vintage: 'a faded vintage photograph',
  minimalist: 'a minimalist illustration with flat colours',
  surreal: 'a surreal, dreamlike painting',
  'oil-painting': 'an oil painting with visible brush strokes',
  'digital-art': 'vivid digital art',
};

/** The text a provider is given for an edit: the person's prompt, or one written for the mode. */
export function editPrompt(request: EditRequest): string {
  const given = request.prompt?.trim();
  switch (request.mode) {
    case 'restyle': {
      const style = request.style ?? 'default';
      const words = STYLE_WORDS[style] ?? `${style.replace(/-/g, ' ')} style`;
      return `Redraw this image as ${words}, keeping its composition and subjects.${given ? ` ${given}` : ''}`;
    }
    case 'expand':
      return (
        given ?? 'Continue the scene naturally beyond the edges of the image, matching its style and light.'
      );
    default:
      if (!given) throw new ProviderError('invalid_input', 'An edit needs a prompt', { field: 'prompt' });
      return given;
  }
}

/** The source image of a tool request (edits and image upscales take images only). */
export function sourceImage(request: EditRequest | UpscaleRequest): {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
} {
  if (request.source.kind !== 'image') {
    throw new ProviderError('invalid_input', 'This provider edits and enhances images only', {
      field: 'assetId',
    });
  }
  return request.source;
}

/** The source as PNG (providers' file inputs and ComfyUI's LoadImage all read PNG). */
export async function sourcePng(request: EditRequest | UpscaleRequest): Promise<Buffer> {
  const source = sourceImage(request);
  return source.contentType === 'image/png' ? source.data : sharp(source.data).png().toBuffer();
}

/** Our mask convention (white = change) as a greyscale PNG of exactly `width`×`height`. */
export async function maskPng(mask: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(mask)
      .flatten({ background: '#000000' })
      .greyscale()
      .resize(width, height, { fit: 'fill' })
      .png()
      .toBuffer();
  } catch (error) {
    throw new ProviderError('invalid_input', 'The mask is not a readable image', {
      field: 'mask',
      cause: error,
    });
  }
}

/**
 * OpenAI's mask convention: an RGBA PNG of the image's size whose transparent pixels are the ones to
 * edit (ours: white = change), so alpha = 255 − the mask's grey.
 */
export async function alphaMaskPng(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const grey = await sharp(await maskPng(mask, width, height))
    .extractChannel(0)
    .negate()
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .joinChannel(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * An expand for a provider that fills masks: the new canvas with the source in place and the margins
 * roughed in by the offline continuation (context for the model), and a mask that is white on the
 * new area (the source itself is kept).
 */
export async function expandAsInpaint(
  request: EditRequest,
  signal: AbortSignal,
): Promise<{ image: Buffer; mask: Buffer; width: number; height: number }> {
  const target = request.target;
  if (!target)
    throw new ProviderError('invalid_input', 'An expand needs a target canvas', { field: 'expand' });
  const source = sourceImage(request);
  const image = await offlineExpand(source.data, {
    target,
    seed: request.seed,
    signal,
    onProgress: () => undefined,
  });
  const mask = await sharp({
    create: { width: target.width, height: target.height, channels: 3, background: '#ffffff' },
  })
    .composite([
      {
        input: { create: { width: source.width, height: source.height, channels: 3, background: '#000000' } },
        left: target.offsetX,
        top: target.offsetY,
      },
    ])
    .greyscale()
    .png()
    .toBuffer();
  return { image: image.data, mask, width: target.width, height: target.height };
}

/** Template values of a tool request (placeholders of template.ts); `image` and `mask` are added by the adapter. */
export function toolValues(
  request: EditRequest | UpscaleRequest,
  extra: { constants?: Record<string, string | number | boolean>; steps?: number } = {},
): TemplateValues {
  const source = sourceImage(request);
  const base: TemplateValues = {
    ...extra.constants,
    seed: request.seed,
    steps: extra.steps,
    source_width: source.width,
    source_height: source.height,
  };
  if ('scale' in request) {
    return {
      ...base,
      scale: request.scale,
      scale_string: `${request.scale}x`,
      width: request.width,
      height: request.height,
      quality: request.quality,
    };
  }
  const target = request.target;
  const strength = Math.min(1, Math.max(0, request.strength ?? 0.6));
  return {
    ...base,
    prompt: editPrompt(request),
    negative_prompt: undefined,
    strength,
    // img2img denoise: even a light restyle must move a little; a prompt edit moves more.
    denoise: request.mode === 'restyle' ? Math.max(0.15, strength) : request.mode === 'prompt' ? 0.75 : 1,
    style: request.style,
    width: target?.width ?? source.width,
    height: target?.height ?? source.height,
    pad_left: target ? target.offsetX : 0,
    pad_top: target ? target.offsetY : 0,
    pad_right: target ? target.width - target.offsetX - source.width : 0,
    pad_bottom: target ? target.height - target.offsetY - source.height : 0,
  };
}

/** A provider's finished image as a GenerationOutput with its real format and size. */
export async function imageOutput(
  file: Downloaded,
  meta: { model: string; provider: string; seed: number; details?: Record<string, unknown> },
): Promise<GenerationOutput> {
  const contentType = sniffContentType(file.data);
  if (!contentType?.startsWith('image/')) {
    throw new ProviderError('internal', `${meta.provider} returned ${file.contentType}, not an image`);
  }
  const info = await sharp(file.data).metadata();
  return {
    data: file.data,
    contentType,
    width: info.width ?? 0,
    height: info.height ?? 0,
    seed: meta.seed,
    model: meta.model,
    details: meta.details,
  };
}

/** A `data:` URI of bytes (fal and Replicate accept them for file inputs). */
export function dataUri(data: Buffer, contentType = 'image/png'): string {
  return `data:${contentType};base64,${data.toString('base64')}`;
}

/**
 * Puts the person's own pixels back where an inpaint or expand was told to keep them: models re-encode
 * the whole image (a VAE round trip softens and shifts it), so the kept area is the source itself,
 * blended over a few pixels at the mask's edge. Outputs of another size than asked are left as made.
 */
export async function keepSource(request: EditRequest, output: GenerationOutput): Promise<GenerationOutput> {
  if (request.mode !== 'inpaint' && request.mode !== 'expand') return output;
  const source = sourceImage(request);
  const canvas = request.mode === 'expand' ? request.target : { width: source.width, height: source.height };
  if (!canvas || output.width !== canvas.width || output.height !== canvas.height) return output;
  const left = request.mode === 'expand' ? (request.target?.offsetX ?? 0) : 0;
  const top = request.mode === 'expand' ? (request.target?.offsetY ?? 0) : 0;
  // What to keep, as alpha: black in the mask (inpaint), or the source's whole rectangle (expand).
  let keep: Buffer;
  if (request.mode === 'inpaint') {
    if (!request.mask) return output;
    keep = await sharp(await maskPng(request.mask, source.width, source.height))
      .extractChannel(0)
      .negate()
      .blur(1.5)
      .raw()
      .toBuffer();
  } else {
    keep = Buffer.alloc(source.width * source.height, 255);
  }
  // Two steps: in one pipeline sharp would drop the joined alpha again with removeAlpha.
  const rgb = await sharp(source.data)
    .resize(source.width, source.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const kept = await sharp(rgb, { raw: { width: source.width, height: source.height, channels: 3 } })
    .joinChannel(keep, { raw: { width: source.width, height: source.height, channels: 1 } })
    .png()
    .toBuffer();
  const data = await sharp(output.data)
    .composite([{ input: kept, left, top }])
    .png()
    .toBuffer();
  return { ...output, data, contentType: 'image/png' };
}
