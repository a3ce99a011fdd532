/**
 * Built-in ComfyUI API-format workflows with `{{placeholders}}` (see template.ts). Operators may
 * supply their own (a JSON file exported with "Save (API)") using the same placeholders; every
 * template is checked against the server's `/object_info` before it is used.
 */

/** Text to image with a single checkpoint (SD 1.5, SDXL, …): the graph of ComfyUI's basic API example. */
export const TEXT_TO_IMAGE_WORKFLOW = {
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '{{checkpoint}}' } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}', clip: ['4', 1] } },
  '5': {
    class_type: 'EmptyLatentImage',
    inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 },
  },
  '3': {
    class_type: 'KSampler',
    inputs: {
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
      seed: '{{seed}}',
      steps: '{{steps}}',
      cfg: '{{cfg}}',
      sampler_name: '{{sampler}}',
      scheduler: '{{scheduler}}',
      denoise: 1,
    },
  },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'kaleido' } },
} as const;

const TEXT_TO_IMAGE_DEFAULTS = {
  checkpoint: 'v1-5-pruned-emaonly.safetensors',
  cfg: 7,
  sampler: 'euler',
  scheduler: 'normal',
} as const;

/**
 * Text to video with Wan 2.1 (separate diffusion model, text encoder and VAE files), saved as MP4
 * through the core CreateVideo/SaveVideo nodes. Wan wants 4n+1 frames.
 */
const TEXT_TO_VIDEO_WORKFLOW = {
  '37': { class_type: 'UNETLoader', inputs: { unet_name: '{{unet}}', weight_dtype: 'default' } },
  '38': { class_type: 'CLIPLoader', inputs: { clip_name: '{{text_encoder}}', type: 'wan' } },
  '39': { class_type: 'VAELoader', inputs: { vae_name: '{{vae}}' } },
  '48': { class_type: 'ModelSamplingSD3', inputs: { model: ['37', 0], shift: 8 } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['38', 0] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}', clip: ['38', 0] } },
  '40': {
    class_type: 'EmptyHunyuanLatentVideo',
    inputs: { width: '{{width}}', height: '{{height}}', length: '{{frames_4n1}}', batch_size: 1 },
  },
  '3': {
    class_type: 'KSampler',
    inputs: {
      model: ['48', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['40', 0],
      seed: '{{seed}}',
      steps: '{{steps}}',
      cfg: '{{cfg}}',
      sampler_name: '{{sampler}}',
      scheduler: '{{scheduler}}',
      denoise: 1,
    },
  },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['39', 0] } },
  '50': { class_type: 'CreateVideo', inputs: { images: ['8', 0], fps: '{{fps}}' } },
  '51': {
    class_type: 'SaveVideo',
    inputs: { video: ['50', 0], filename_prefix: 'video/kaleido', format: 'mp4', codec: 'h264' },
  },
} as const;

const TEXT_TO_VIDEO_DEFAULTS = {
  unet: 'wan2.1_t2v_1.3B_fp16.safetensors',
  text_encoder: 'umt5_xxl_fp8_e4m3fn_scaled.safetensors',
  vae: 'wan_2.1_vae.safetensors',
  cfg: 6,
  sampler: 'uni_pc',
  scheduler: 'simple',
} as const;

/**
 * Tool workflows (issue 16). `{{image}}` and `{{mask}}` are files the adapter first uploads to the
 * chosen server (`POST /upload/image`), named as LoadImage expects ("kaleido/<file>.png").
 */
const SAMPLER = {
  model: ['4', 0],
  positive: ['6', 0],
  negative: ['7', 0],
  seed: '{{seed}}',
  steps: '{{steps}}',
  cfg: '{{cfg}}',
  sampler_name: '{{sampler}}',
  scheduler: '{{scheduler}}',
} as const;

const CHECKPOINT_AND_PROMPTS = {
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '{{checkpoint}}' } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}', clip: ['4', 1] } },
  '10': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'kaleido-edit' } },
} as const;

/** Image to image (restyle, prompt edits): the source encoded to a latent and re-sampled with `denoise` = strength. */
const IMG2IMG_WORKFLOW = {
  ...CHECKPOINT_AND_PROMPTS,
  '11': { class_type: 'VAEEncode', inputs: { pixels: ['10', 0], vae: ['4', 2] } },
  '3': { class_type: 'KSampler', inputs: { ...SAMPLER, latent_image: ['11', 0], denoise: '{{denoise}}' } },
} as const;

/** Inpaint: the mask (white = change, read from its red channel) drives VAEEncodeForInpaint. */
const INPAINT_WORKFLOW = {
  ...CHECKPOINT_AND_PROMPTS,
  '12': { class_type: 'LoadImageMask', inputs: { image: '{{mask}}', channel: 'red' } },
  '11': {
    class_type: 'VAEEncodeForInpaint',
    inputs: { pixels: ['10', 0], vae: ['4', 2], mask: ['12', 0], grow_mask_by: 6 },
  },
  '3': { class_type: 'KSampler', inputs: { ...SAMPLER, latent_image: ['11', 0], denoise: 1 } },
} as const;

/** Outpaint (expand): ImagePadForOutpaint grows the canvas and makes the mask of the new area. */
const OUTPAINT_WORKFLOW = {
  ...CHECKPOINT_AND_PROMPTS,
  '13': {
    class_type: 'ImagePadForOutpaint',
    inputs: {
      image: ['10', 0],
      left: '{{pad_left}}',
      top: '{{pad_top}}',
      right: '{{pad_right}}',
      bottom: '{{pad_bottom}}',
      feathering: 40,
    },
  },
  '11': {
    class_type: 'VAEEncodeForInpaint',
    inputs: { pixels: ['13', 0], vae: ['4', 2], mask: ['13', 1], grow_mask_by: 8 },
  },
  '3': { class_type: 'KSampler', inputs: { ...SAMPLER, latent_image: ['11', 0], denoise: 1 } },
} as const;

const EDIT_DEFAULTS = {
  checkpoint: 'sd-v1-5-inpainting.ckpt',
  cfg: 7,
  sampler: 'euler',
  scheduler: 'normal',
} as const;

/**
 * Upscale with an ESRGAN-class model file (models/upscale_models): the model's own factor, then an
 * exact resize to the size asked (×2 with a ×4 model, or a model of another factor).
 */
const UPSCALE_MODEL_WORKFLOW = {
  '1': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
  '2': { class_type: 'UpscaleModelLoader', inputs: { model_name: '{{upscale_model}}' } },
  '3': { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['2', 0], image: ['1', 0] } },
  '4': {
    class_type: 'ImageScale',
    inputs: {
      image: ['3', 0],
      upscale_method: 'lanczos',
      width: '{{width}}',
      height: '{{height}}',
      crop: 'disabled',
    },
  },
  '5': { class_type: 'SaveImage', inputs: { images: ['4', 0], filename_prefix: 'kaleido-enhance' } },
} as const;

export const BUILT_IN_WORKFLOWS = {
  'text-to-image': { graph: TEXT_TO_IMAGE_WORKFLOW, defaults: TEXT_TO_IMAGE_DEFAULTS },
  'text-to-video': { graph: TEXT_TO_VIDEO_WORKFLOW, defaults: TEXT_TO_VIDEO_DEFAULTS },
  img2img: {
    graph: IMG2IMG_WORKFLOW,
    defaults: { ...EDIT_DEFAULTS, checkpoint: TEXT_TO_IMAGE_DEFAULTS.checkpoint },
    tools: ['restyle', 'prompt-edit'],
  },
  inpaint: { graph: INPAINT_WORKFLOW, defaults: EDIT_DEFAULTS, tools: ['inpaint'] },
  outpaint: { graph: OUTPAINT_WORKFLOW, defaults: EDIT_DEFAULTS, tools: ['expand'] },
  'upscale-model': {
    graph: UPSCALE_MODEL_WORKFLOW,
    defaults: { upscale_model: 'RealESRGAN_x4plus.pth' },
    tools: ['enhance'],
  },
} as const;

export type BuiltInWorkflow = keyof typeof BUILT_IN_WORKFLOWS;
