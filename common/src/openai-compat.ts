import { z } from 'zod';
import { GENERATION_MESSAGES, PROMPT_MAX_LENGTH } from './generation-constants.js';

/**
 * The OpenAI Images API subset Kaleido answers under `/api/openai/v1` (DECISIONS: "OpenAI-compatible
 * endpoint"), so OpenAI SDKs, Open WebUI and LibreChat use Kaleido unchanged. The shapes are
 * OpenAI's, not Kaleido's envelope.
 */

/** The sizes OpenAI's image models accept; each maps to the nearest aspect ratio and resolution we make. */
export const OPENAI_IMAGE_SIZES = [
  'auto',
  '256x256',
  '512x512',
  '1024x1024',
  '1792x1024',
  '1024x1792',
  '1536x1024',
  '1024x1536',
] as const;
export type TOpenAIImageSize = (typeof OPENAI_IMAGE_SIZES)[number];

/** Most images one request may ask for; each is its own charged generation. */
export const OPENAI_MAX_IMAGES = 4;

/** OpenAI's own image model names: clients configured for OpenAI send them; they mean our default model. */
export const OPENAI_MODEL_ALIASES = ['dall-e-2', 'dall-e-3', 'gpt-image-1', 'gpt-image-1-mini'] as const;

export const ZOpenAIImageRequest = z
  .object({
    prompt: z
      .string({ error: GENERATION_MESSAGES.promptRequired })
      .trim()
      .min(1, GENERATION_MESSAGES.promptRequired)
      .max(PROMPT_MAX_LENGTH, GENERATION_MESSAGES.promptTooLong),
    model: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "A model id from GET /models (OpenAI's own names mean the default model)." }),
    n: z.number().int().min(1).max(OPENAI_MAX_IMAGES).default(1),
    size: z.enum(OPENAI_IMAGE_SIZES).default('auto'),
    quality: z.enum(['auto', 'standard', 'hd', 'low', 'medium', 'high']).optional(),
    style: z.enum(['vivid', 'natural']).optional(),
    response_format: z.enum(['url', 'b64_json']).default('url'),
    user: z.string().max(256).optional().meta({ description: 'Accepted for compatibility; not stored.' }),
  })
  .meta({ id: 'OpenAIImageRequest' });
export type TOpenAIImageRequest = z.input<typeof ZOpenAIImageRequest>;

/**
 * `POST /images/edits`: the text fields of its multipart form (the image and the optional mask are
 * its files). Multipart values are text, so `n` is read from its digits; fields OpenAI has and we do
 * not use (`quality`, `background`, `stream`, ...) are ignored.
 */
export const ZOpenAIImageEditFields = z
  .object({
    prompt: ZOpenAIImageRequest.shape.prompt,
    model: ZOpenAIImageRequest.shape.model,
    n: z.coerce.number().int().min(1).max(OPENAI_MAX_IMAGES).default(1),
    size: z
      .enum(OPENAI_IMAGE_SIZES)
      .default('auto')
      .meta({ description: "Checked; the edited image keeps the source image's size." }),
    response_format: ZOpenAIImageRequest.shape.response_format,
    user: ZOpenAIImageRequest.shape.user,
  })
  .meta({ id: 'OpenAIImageEditFields' });
export type TOpenAIImageEditFields = z.input<typeof ZOpenAIImageEditFields>;

export const ZOpenAIImage = z
  .object({
    url: z
      .string()
      .optional()
      .meta({ description: 'Absolute signed URL of the PNG; valid for about an hour.' }),
    b64_json: z.string().optional().meta({ description: 'The PNG, base64.' }),
    revised_prompt: z.string(),
  })
  .meta({ id: 'OpenAIImage' });

export const ZOpenAIImagesResponse = z
  .object({
    created: z.number().int().meta({ description: 'Unix time in seconds.' }),
    data: z.array(ZOpenAIImage),
  })
  .meta({ id: 'OpenAIImagesResponse' });
export type TOpenAIImagesResponse = z.infer<typeof ZOpenAIImagesResponse>;

export const ZOpenAIModel = z
  .object({
    id: z.string(),
    object: z.literal('model'),
    created: z.number().int(),
    owned_by: z.string(),
  })
  .meta({ id: 'OpenAIModel' });

export const ZOpenAIModelList = z
  .object({ object: z.literal('list'), data: z.array(ZOpenAIModel) })
  .meta({ id: 'OpenAIModelList' });
export type TOpenAIModelList = z.infer<typeof ZOpenAIModelList>;

/** OpenAI's error envelope: `type` is the family, `code` the precise reason, `param` the field at fault. */
export const ZOpenAIErrorEnvelope = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .meta({ id: 'OpenAIError' });
export type TOpenAIErrorEnvelope = z.infer<typeof ZOpenAIErrorEnvelope>;
