import { TOOL_PROVIDERS } from '@kaleido/common/browser';

/**
 * The setup guide's facts (`/docs/providers`): what each provider adapter can do and how an operator
 * connects it. The tools come from TOOL_PROVIDERS (the modes the adapters' ready-made models declare);
 * the configuration is README "AI providers", shown as code (code is not translated).
 */

/** What a provider can be used for: the generators, the Enhancer and the four edit modes. */
export const CAPABILITIES = ['image', 'video', 'enhance', 'restyle', 'expand', 'inpaint', 'prompt'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const GUIDE_PROVIDERS = ['sketch', 'openai', 'comfyui', 'replicate', 'fal'] as const;
export type GuideProvider = (typeof GUIDE_PROVIDERS)[number];

/** What each adapter generates (its ready-made and configurable models). */
const GENERATES: Record<GuideProvider, readonly ('image' | 'video')[]> = {
  sketch: ['image', 'video'],
  openai: ['image'],
  comfyui: ['image', 'video'],
  replicate: ['image', 'video'],
  fal: ['image', 'video'],
};

const TOOL_CAPABILITIES = ['enhance', 'restyle', 'expand', 'inpaint', 'prompt'] as const;

/** Everything `provider` can do once configured, in CAPABILITIES order. */
export function capabilitiesOf(provider: GuideProvider): Capability[] {
  const tools = TOOL_CAPABILITIES.filter((tool) =>
    (TOOL_PROVIDERS[tool] as readonly string[]).includes(provider),
  );
  return CAPABILITIES.filter(
    (capability) =>
      (GENERATES[provider] as readonly string[]).includes(capability) ||
      (tools as readonly string[]).includes(capability),
  );
}

/** The environment shortcut of each provider (README "Configuration"); Sketch needs none. */
export const ENVIRONMENT: Record<GuideProvider, string | null> = {
  sketch: null,
  openai: [
    'OPENAI_API_KEY=sk-…',
    'OPENAI_BASE_URL=https://api.openai.com/v1',
    'OPENAI_IMAGE_MODEL=gpt-image-1',
  ].join('\n'),
  comfyui: [
    'COMFYUI_URLS=http://gpu1:8188,http://gpu2:8188',
    'COMFYUI_CHECKPOINT=v1-5-pruned-emaonly.safetensors',
  ].join('\n'),
  replicate: 'REPLICATE_API_TOKEN=r8_…',
  fal: 'FAL_KEY=…',
};

/** A providers file (`PROVIDERS_FILE=/etc/kaleido/providers.json`) with one provider's entry. */
function providersFile(entry: object): string {
  return JSON.stringify({ providers: [entry] }, null, 2);
}

/**
 * The providers-file entries that add a provider's tool models (its ready-made presets and
 * workflows); null where the environment shortcut already brings them (OpenAI's gpt-image-1).
 */
export const TOOLS_FILE: Record<GuideProvider, string | null> = {
  sketch: null,
  openai: null,
  comfyui: providersFile({
    type: 'comfyui',
    servers: ['http://gpu1:8188'],
    models: [
      { id: 'comfyui-img2img', workflow: 'img2img' },
      { id: 'comfyui-inpaint', workflow: 'inpaint' },
      { id: 'comfyui-outpaint', workflow: 'outpaint' },
      { id: 'comfyui-upscale', workflow: 'upscale-model' },
    ],
  }),
  replicate: providersFile({
    type: 'replicate',
    apiToken: 'env:REPLICATE_API_TOKEN',
    models: [
      { id: 'flux-fill', model: 'black-forest-labs/flux-fill-pro' },
      { id: 'flux-kontext', model: 'black-forest-labs/flux-kontext-pro' },
      { id: 'real-esrgan', model: 'nightmareai/real-esrgan' },
    ],
  }),
  fal: providersFile({
    type: 'fal',
    key: 'env:FAL_KEY',
    models: [
      { id: 'fal-fill', endpoint: 'fal-ai/flux-pro/v1/fill' },
      { id: 'fal-kontext', endpoint: 'fal-ai/flux-pro/kontext' },
      { id: 'fal-esrgan', endpoint: 'fal-ai/esrgan' },
    ],
  }),
};

/** The providers file's name in the examples, and where the operator points Kaleido at it. */
export const PROVIDERS_FILE_NAME = 'providers.json';
export const PROVIDERS_FILE_VARIABLE = `PROVIDERS_FILE=/etc/kaleido/${PROVIDERS_FILE_NAME}`;
