import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TOOL_MESSAGES } from '@kaleido/common';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../platform/http/app-error.js';
import type { TLocalizedText } from '../../platform/i18n/api-messages.js';

/** What a `POST /images/edits` form carried: the image (on disk), the mask, and the text fields. */
export interface OpenAIEditForm {
  /** The image to edit, written whole to a temporary file (the caller owns its folder). */
  image: { file: string; filename: string } | null;
  /** Images past the first: OpenAI's `image[]` takes several, an edit here takes one. */
  extraImages: number;
  /** OpenAI's mask: a PNG whose transparent pixels are the ones to change. */
  mask: Buffer | null;
  fields: Record<string, string>;
}

const MB = 1024 * 1024;

/** A refusal naming the form field at fault (OpenAI clients show it as `param`). */
export const refuseField = (path: string, message: TLocalizedText) =>
  new AppError('VALIDATION_FAILED', message, { problems: [{ path, message }] });

/**
 * Reads the multipart form of an edit: the image streamed to `dir` (never held whole in memory), the
 * mask in memory (a PNG of the image's size), each at most `maxBytes`; other files are drained.
 * The upload service checks the image's content afterwards, as for any upload.
 */
export async function readEditForm(
  request: FastifyRequest,
  dir: string,
  maxBytes: number,
): Promise<OpenAIEditForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'api.openai.imageMissing');
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', {
      id: TOOL_MESSAGES.uploadTooLarge,
      values: { kind: 'image', maxMegabytes: Math.round(maxBytes / MB) },
    });
  const form: OpenAIEditForm = { image: null, extraImages: 0, mask: null, fields: {} };
  let truncated = false;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      continue;
    }
    const isImage = part.fieldname === 'image' || part.fieldname === 'image[]';
    if (isImage && !form.image) {
      const file = join(dir, 'image');
      await pipeline(part.file, createWriteStream(file));
      truncated ||= part.file.truncated;
      form.image = { file, filename: part.filename || 'image' };
    } else if (part.fieldname === 'mask' && !form.mask) {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      truncated ||= part.file.truncated;
      form.mask = Buffer.concat(chunks);
    } else {
      if (isImage) form.extraImages += 1;
      part.file.resume();
    }
  }
  if (truncated) throw tooLarge();
  return form;
}

/** The size an image will have once uploaded (its orientation applied), or null when sharp cannot read it. */
export async function uploadedSize(file: string): Promise<{ width: number; height: number } | null> {
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return null;
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/**
 * OpenAI's mask (a PNG with an alpha channel, transparent = change, of the image's size) in the
 * tools' convention: a greyscale PNG, white = change. Anything else is refused on `mask`, as OpenAI
 * does, before anything is stored or charged.
 */
export async function maskFromOpenAI(mask: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const meta = await sharp(mask)
    .metadata()
    .catch(() => null);
  if (meta?.format !== 'png' || !meta.hasAlpha || meta.width !== size.width || meta.height !== size.height) {
    throw refuseField('mask', 'api.openai.maskInvalid');
  }
  return sharp(mask).extractChannel('alpha').negate().png().toBuffer();
}
