import type { TApiMessageId } from './i18n/messages/en.js';

/** Creative tools and uploads (issue 16): lists, limits and message ids (no zod: safe for the browser bundle). */

/** How an asset came to be: made by a job, or brought by its owner. */
export const ASSET_ORIGINS = ['generated', 'uploaded'] as const;
export type TAssetOrigin = (typeof ASSET_ORIGINS)[number];

/**
 * What an asset holds: the generators make images and videos; audio comes only as an upload (for
 * lipsync); `model` is a GLB 3D object (issue 21).
 */
export const ASSET_KINDS = ['image', 'video', 'audio', 'model'] as const;
export type TAssetKind = (typeof ASSET_KINDS)[number];

/** The tool that made an asset (null for uploads). */
export const ASSET_TOOLS = ['generate', 'enhance', 'edit', 'realtime', 'lipsync', '3d'] as const;
export type TAssetTool = (typeof ASSET_TOOLS)[number];

export const ENHANCE_SCALES = [2, 4] as const;
export type TEnhanceScale = (typeof ENHANCE_SCALES)[number];
export const ENHANCE_QUALITIES = ['fast', 'balanced', 'best'] as const;
export type TEnhanceQuality = (typeof ENHANCE_QUALITIES)[number];
export const ENHANCE_DEFAULTS = { scale: 2, quality: 'balanced' } as const;

export const EDIT_MODES = ['restyle', 'expand', 'inpaint', 'prompt'] as const;
export type TEditMode = (typeof EDIT_MODES)[number];
/** Restyle strength when none is given (0: the source, 1: the style only). */
export const EDIT_DEFAULTS = { strength: 0.6 } as const;
/** Expand margins are at most this many times the source's side, each. */
export const EXPAND_MAX_MARGIN_RATIO = 1;
/** A mask (base64 PNG) is at most this long. */
export const EDIT_MASK_MAX_BASE64 = 20 * 1024 * 1024;

/** Providers that can do each edit mode or enhance when configured (the "needs an AI provider" state). */
export const TOOL_PROVIDERS = {
  enhance: ['sketch', 'replicate', 'fal', 'comfyui'],
  restyle: ['sketch', 'openai', 'comfyui', 'replicate', 'fal'],
  expand: ['sketch', 'comfyui', 'replicate', 'fal'],
  inpaint: ['openai', 'comfyui', 'replicate', 'fal'],
  prompt: ['openai', 'replicate', 'fal', 'comfyui'],
  lipsync: ['fal', 'replicate'],
  realtime: ['sketch', 'fal', 'comfyui'],
  '3d': ['sketch', 'fal', 'replicate'],
} as const satisfies Record<'enhance' | TEditMode, readonly string[]> & Record<string, readonly string[]>;

/** Where the setup docs of providers live (linked from the "needs an AI provider" state). */
export const PROVIDER_SETUP_DOCS_PATH = '/docs/providers';

/** Upload kinds and their default limits (operators may change them by configuration). */
export const UPLOAD_KINDS = ['image', 'video', 'audio'] as const;
export type TUploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS = {
  image: { maxBytes: 25 * 1024 * 1024, maxPixels: 50_000_000 },
  video: { maxBytes: 200 * 1024 * 1024, maxDurationSeconds: 120 },
  audio: { maxBytes: 20 * 1024 * 1024, maxDurationSeconds: 600 },
} as const;
/** What the file picker offers; the server checks the content, never the name. */
export const UPLOAD_ACCEPT = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/heic', 'image/heif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  audio: ['audio/wav', 'audio/mpeg', 'audio/mp4', 'audio/x-m4a'],
} as const satisfies Record<TUploadKind, readonly string[]>;

/** Storage quota per plan, in bytes (configurable): everything the account keeps counts. */
export const STORAGE_QUOTAS = {
  free: 1024 ** 3,
  pro: 50 * 1024 ** 3,
  enterprise: 500 * 1024 ** 3,
} as const;

/** Message ids of the tools' texts (values: API_MESSAGE_DEFAULTS). */
export const TOOL_MESSAGES = {
  uploadMissing: 'api.uploads.fileMissing',
  uploadTooLarge: 'api.uploads.tooLarge',
  uploadUnsupported: 'api.uploads.unsupported',
  uploadCorrupt: 'api.uploads.corrupt',
  uploadTooManyPixels: 'api.uploads.tooManyPixels',
  uploadTooLong: 'api.uploads.tooLong',
  storageFull: 'api.uploads.storageFull',
  sourceNotFound: 'api.tools.sourceNotFound',
  sourceNotImage: 'api.tools.sourceNotImage',
  sourceNotVisual: 'api.tools.sourceNotVisual',
  outputTooLarge: 'api.tools.outputTooLarge',
  modeUnavailable: 'api.tools.modeUnavailable',
  unknownModel: 'api.tools.unknownModel',
  promptRequired: 'api.tools.promptRequired',
  maskRequired: 'api.tools.maskRequired',
  maskInvalid: 'api.tools.maskInvalid',
  styleRequired: 'api.tools.styleRequired',
  expandRequired: 'api.tools.expandRequired',
} as const satisfies Record<string, TApiMessageId>;
