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

export const BUILT_IN_WORKFLOWS = {
  'text-to-image': { graph: TEXT_TO_IMAGE_WORKFLOW, defaults: TEXT_TO_IMAGE_DEFAULTS },
  'text-to-video': { graph: TEXT_TO_VIDEO_WORKFLOW, defaults: TEXT_TO_VIDEO_DEFAULTS },
} as const;

export type BuiltInWorkflow = keyof typeof BUILT_IN_WORKFLOWS;
