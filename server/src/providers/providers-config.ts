import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATION_TYPES, type TGenerationType } from '@kaleido/common';
import { z } from 'zod';
import type { ComfyProviderConfig } from './comfyui.js';
import { BUILT_IN_WORKFLOWS, type BuiltInWorkflow } from './comfyui-workflows.js';
import { FAL_PRESETS, type FalProviderConfig } from './fal.js';
import { OPENAI_MODEL_PRESETS, type OpenAiProviderConfig } from './openai-images.js';
import { MODEL_TOOLS, type ModelTool } from './provider.js';
import { REPLICATE_PRESETS, type ReplicateProviderConfig } from './replicate.js';
import { placeholdersOf, REQUEST_PLACEHOLDERS } from './template.js';

/**
 * Which AI providers this installation uses: a JSON file (PROVIDERS_FILE) and/or environment
 * shortcuts (COMFYUI_URLS, OPENAI_API_KEY, REPLICATE_API_TOKEN, FAL_KEY). Secrets in the file may be
 * written "env:NAME" to read them from the environment. See README "AI providers".
 */

export type ProviderSpec =
  | ({ type: 'comfyui' } & ComfyProviderConfig)
  | ({ type: 'openai' } & OpenAiProviderConfig)
  | ({ type: 'replicate' } & ReplicateProviderConfig)
  | ({ type: 'fal' } & FalProviderConfig);

export interface ProvidersSetup {
  /** The built-in Sketch renderer is offered too (default true). */
  sketch: boolean;
  providers: ProviderSpec[];
}

const kind = z.enum(GENERATION_TYPES);
const id = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'lower-case letters, digits, ".", "_" and "-"');
const steps = z
  .union([
    z.number().int().min(1).max(200),
    z.object({ standard: z.number(), high: z.number(), ultra: z.number() }),
  ])
  .transform((value) => (typeof value === 'number' ? { standard: value, high: value, ultra: value } : value));
const prices = z.object({
  image: z.number().int().min(0).optional(),
  video: z.number().int().min(0).optional(),
});
const secret = z.string().min(1);

const modelCommon = {
  id,
  name: z.string().min(1).max(80).optional(),
  description: z.string().max(200).optional(),
  maxWidth: z.number().int().min(64).max(8192).optional(),
  maxHeight: z.number().int().min(64).max(8192).optional(),
  aspectRatios: z.array(z.string().regex(/^\d+:\d+$/)).optional(),
  videoDurations: z.array(z.number().positive()).optional(),
  videoFrameRates: z.array(z.number().int().positive()).optional(),
  prices: prices.optional(),
  /** Models of one group stand in for each other when a provider is down; null: never. Default: the kind. */
  failoverGroup: z.string().min(1).nullable().optional(),
  timeoutSeconds: z
    .number()
    .int()
    .min(5)
    .max(24 * 3600)
    .optional(),
  /** Edits and upscales the model offers (issue 16); presets and built-in tool workflows give their own. */
  tools: z.array(z.enum(MODEL_TOOLS)).min(1).optional(),
  /** For enhance: the largest output long side (px) the model reaches. */
  maxUpscaleLongSide: z.number().int().min(64).max(65536).optional(),
  /** For lipsync: the longest output (seconds) the model makes. */
  maxOutputSeconds: z.number().positive().max(3600).optional(),
  /** Streams the Realtime tool's previews through its restyle (img2img; issue 21): a turbo/LCM model, 1–4 steps. */
  realtime: z.boolean().optional(),
  /** False: a tool-only model, not offered to the generators (default: false when it has tools and no kind). */
  generates: z.boolean().optional(),
};

const ZComfy = z.object({
  type: z.literal('comfyui'),
  id: id.default('comfyui'),
  name: z.string().default('ComfyUI'),
  servers: z.array(z.url({ protocol: /^https?$/ })).min(1),
  models: z
    .array(
      z.object({
        ...modelCommon,
        /** Optional for the built-in tool workflows (they work on images). */
        kind: kind.optional(),
        /**
         * "text-to-image", "text-to-video", the tool workflows "img2img", "inpaint", "outpaint" and
         * "upscale-model", a path to an API-format JSON file, or the graph itself.
         */
        workflow: z.union([z.string(), z.record(z.string(), z.unknown())]),
        values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
        steps: steps.default({ standard: 20, high: 30, ultra: 40 }),
      }),
    )
    .min(1),
});

const ZOpenAi = z.object({
  type: z.literal('openai'),
  id: id.default('openai'),
  name: z.string().default('OpenAI'),
  baseUrl: z.url({ protocol: /^https?$/ }).default('https://api.openai.com/v1'),
  apiKey: secret.optional(),
  organization: z.string().optional(),
  models: z
    .array(
      z.object({
        ...modelCommon,
        model: z.string().min(1),
        sizes: z.array(z.string().regex(/^\d+x\d+$/)).optional(),
        quality: z.record(z.enum(['standard', 'high', 'ultra']), z.string()).optional(),
        extendedFields: z.boolean().optional(),
        responseFormat: z.boolean().optional(),
        stream: z.boolean().optional(),
      }),
    )
    .min(1),
});

const ZHosted = {
  ...modelCommon,
  kind: kind.optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  steps: steps.optional(),
};

const ZReplicate = z.object({
  type: z.literal('replicate'),
  id: id.default('replicate'),
  name: z.string().default('Replicate'),
  apiToken: secret,
  baseUrl: z.url({ protocol: /^https?$/ }).default('https://api.replicate.com/v1'),
  /** Ask Replicate to post signed webhooks to PUBLIC_URL (polling continues as a fallback). */
  webhooks: z.boolean().default(false),
  webhookSecret: secret.optional(),
  pollIntervalMs: z.number().int().min(20).optional(),
  models: z
    .array(
      z.object({
        ...ZHosted,
        model: z.string().min(3),
        waitSeconds: z.number().int().min(0).max(60).optional(),
        /** A community model named without a version: run its latest version. */
        community: z.boolean().optional(),
      }),
    )
    .min(1),
});

const ZFal = z.object({
  type: z.literal('fal'),
  id: id.default('fal'),
  name: z.string().default('fal'),
  key: secret,
  queueUrl: z.url({ protocol: /^https?$/ }).default('https://queue.fal.run'),
  /** fal's storage API (Train uploads its images archive there). */
  storageUrl: z.url({ protocol: /^https?$/ }).default('https://rest.alpha.fal.ai'),
  /** Where realtime endpoints answer (issue 21). */
  realtimeUrl: z.url({ protocol: /^wss?$/ }).default('wss://fal.run'),
  pollIntervalMs: z.number().int().min(20).optional(),
  models: z.array(z.object({ ...ZHosted, endpoint: z.string().min(3) })).min(1),
});

const ZSetup = z.object({
  sketch: z.boolean().default(true),
  providers: z.array(z.discriminatedUnion('type', [ZComfy, ZOpenAi, ZReplicate, ZFal])).default([]),
});

class ProvidersConfigError extends Error {
  override name = 'ProvidersConfigError';
}

/** "env:NAME" → the variable's value (never echoed in errors). */
function resolveSecret(value: string | undefined, env: NodeJS.ProcessEnv, where: string): string | undefined {
  if (value === undefined || !value.startsWith('env:')) return value;
  const name = value.slice(4);
  const found = env[name];
  if (!found) throw new ProvidersConfigError(`${where}: the environment variable ${name} is not set`);
  return found;
}

function loadWorkflow(
  workflow: string | Record<string, unknown>,
  baseDir: string,
  where: string,
): {
  graph: Record<string, unknown>;
  defaults: Record<string, string | number>;
  tools?: readonly ModelTool[];
} {
  if (typeof workflow !== 'string') return { graph: workflow, defaults: {} };
  if (workflow in BUILT_IN_WORKFLOWS) {
    const builtIn: {
      graph: object;
      defaults: Record<string, string | number>;
      tools?: readonly ModelTool[];
    } = BUILT_IN_WORKFLOWS[workflow as BuiltInWorkflow];
    return { graph: { ...builtIn.graph }, defaults: builtIn.defaults, tools: builtIn.tools };
  }
  const file = path.resolve(baseDir, workflow);
  try {
    return { graph: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, defaults: {} };
  } catch (error) {
    throw new ProvidersConfigError(`${where}: cannot read the workflow ${file}: ${(error as Error).message}`);
  }
}

function hostedModel<
  T extends { kind?: TGenerationType; input?: Record<string, unknown>; tools?: readonly ModelTool[] },
>(
  model: T,
  preset: { kind: TGenerationType; input: Record<string, unknown>; tools?: readonly ModelTool[] } | undefined,
  where: string,
) {
  // A tool-only model without a kind works on images.
  const kindOf = model.kind ?? preset?.kind ?? (model.tools ? 'image' : undefined);
  const input = model.input ?? preset?.input;
  if (!kindOf || !input) {
    throw new ProvidersConfigError(`${where}: give "kind" and "input" (no preset is known for this model)`);
  }
  return { kind: kindOf, input };
}

function commonOf(
  model: z.infer<z.ZodObject<typeof modelCommon>>,
  kindOf: TGenerationType,
  preset: Partial<{
    maxWidth: number;
    maxHeight: number;
    aspectRatios: readonly string[];
    videoDurations: readonly number[];
    videoFrameRates: readonly number[];
    tools: readonly ModelTool[];
    maxUpscaleLongSide: number;
    maxOutputSeconds: number;
    generates: boolean;
  }> = {},
  /** The configuration named the kind (a model with tools and a kind also generates). */
  explicitKind = true,
) {
  const tools = model.tools ?? preset.tools;
  // Tool-only unless said otherwise: a tool preset or workflow, or a model given tools and no kind.
  const generates = model.generates ?? preset.generates ?? !(model.tools && !explicitKind);
  return {
    tools,
    maxUpscaleLongSide: model.maxUpscaleLongSide ?? preset.maxUpscaleLongSide,
    maxOutputSeconds: model.maxOutputSeconds ?? preset.maxOutputSeconds,
    realtime: model.realtime,
    generates,
    id: model.id,
    name: model.name ?? model.id,
    description: model.description,
    maxWidth: model.maxWidth ?? preset.maxWidth ?? 2048,
    maxHeight: model.maxHeight ?? preset.maxHeight ?? 2048,
    aspectRatios: model.aspectRatios ?? preset.aspectRatios,
    videoDurations: kindOf === 'video' ? (model.videoDurations ?? preset.videoDurations) : undefined,
    videoFrameRates: kindOf === 'video' ? (model.videoFrameRates ?? preset.videoFrameRates) : undefined,
    prices: model.prices,
    failoverGroup: model.failoverGroup === null || !generates ? undefined : (model.failoverGroup ?? kindOf),
    timeoutSeconds: model.timeoutSeconds,
  };
}

/** Validates a parsed providers document into adapter configurations. */
export function parseProvidersSetup(
  raw: unknown,
  options: { env: NodeJS.ProcessEnv; baseDir: string; publicUrl: string },
): ProvidersSetup {
  const parsed = ZSetup.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ProvidersConfigError(`Invalid providers configuration:\n  ${problems.join('\n  ')}`);
  }
  const providers: ProviderSpec[] = parsed.data.providers.map((spec, index): ProviderSpec => {
    const where = `providers[${index}] (${spec.id})`;
    switch (spec.type) {
      case 'comfyui':
        return {
          type: 'comfyui',
          id: spec.id,
          name: spec.name,
          servers: spec.servers,
          models: spec.models.map((model) => {
            const { graph, defaults, tools } = loadWorkflow(
              model.workflow,
              options.baseDir,
              `${where} ${model.id}`,
            );
            const kindOf = model.kind ?? (tools || model.tools ? 'image' : undefined);
            if (!kindOf) throw new ProvidersConfigError(`${where} ${model.id}: give "kind"`);
            const values = { ...defaults, ...model.values };
            const missing = [...placeholdersOf(graph)].filter(
              (name) => !(REQUEST_PLACEHOLDERS as readonly string[]).includes(name) && !(name in values),
            );
            if (missing.length) {
              throw new ProvidersConfigError(
                `${where} ${model.id}: the workflow uses ${missing.map((name) => `{{${name}}}`).join(', ')}; give them in "values"`,
              );
            }
            return {
              ...commonOf(
                model,
                kindOf,
                {
                  videoDurations: [3, 5],
                  videoFrameRates: [24],
                  tools,
                  generates: tools ? false : undefined,
                },
                model.kind !== undefined,
              ),
              kind: kindOf,
              workflow: graph,
              values,
              steps: model.steps,
            };
          }),
        };
      case 'openai':
        return {
          type: 'openai',
          id: spec.id,
          name: spec.name,
          baseUrl: spec.baseUrl,
          apiKey: resolveSecret(spec.apiKey, options.env, where),
          organization: spec.organization,
          models: spec.models.map((model) => {
            // OpenAI's own host: its models' fixed sizes; other hosts: free sizes and extra fields.
            const official = new URL(spec.baseUrl).hostname === 'api.openai.com';
            const preset = OPENAI_MODEL_PRESETS[model.model];
            return {
              ...commonOf(model, 'image', preset),
              model: model.model,
              sizes: model.sizes ?? preset?.sizes,
              quality: model.quality ?? preset?.quality,
              extendedFields: model.extendedFields ?? (preset ? preset.extendedFields : !official),
              responseFormat: model.responseFormat ?? preset?.responseFormat ?? true,
              stream: model.stream ?? false,
            };
          }),
        };
      case 'replicate':
        return {
          type: 'replicate',
          id: spec.id,
          name: spec.name,
          apiToken: resolveSecret(spec.apiToken, options.env, where) as string,
          baseUrl: spec.baseUrl,
          webhookUrl: spec.webhooks ? `${options.publicUrl}/api/webhooks/replicate/${spec.id}` : undefined,
          webhookSecret: resolveSecret(spec.webhookSecret, options.env, where),
          pollIntervalMs: spec.pollIntervalMs,
          models: spec.models.map((model) => {
            const preset = REPLICATE_PRESETS[model.model.split(':')[0] as string];
            const { kind: kindOf, input } = hostedModel(model, preset, `${where} ${model.id}`);
            return {
              ...commonOf(model, kindOf, preset, model.kind !== undefined),
              kind: kindOf,
              model: model.model,
              input,
              waitSeconds: model.waitSeconds ?? preset?.waitSeconds ?? (kindOf === 'image' ? 60 : 0),
              community: model.community ?? preset?.community,
              steps: model.steps,
            };
          }),
        };
      case 'fal':
        return {
          type: 'fal',
          id: spec.id,
          name: spec.name,
          key: resolveSecret(spec.key, options.env, where) as string,
          queueUrl: spec.queueUrl,
          storageUrl: spec.storageUrl,
          realtimeUrl: spec.realtimeUrl,
          pollIntervalMs: spec.pollIntervalMs,
          models: spec.models.map((model) => {
            const preset = FAL_PRESETS[model.endpoint];
            const { kind: kindOf, input } = hostedModel(model, preset, `${where} ${model.id}`);
            return {
              ...commonOf(model, kindOf, preset, model.kind !== undefined),
              kind: kindOf,
              endpoint: model.endpoint,
              input,
              steps: model.steps,
              realtime: model.realtime,
            };
          }),
        };
      default:
        throw new ProvidersConfigError(`${where}: unknown provider type`);
    }
  });
  const ids = new Set<string>();
  const modelIds = new Set<string>(['sketch-1']);
  for (const spec of providers) {
    if (ids.has(spec.id) || spec.id === 'sketch')
      throw new ProvidersConfigError(`Provider id "${spec.id}" is used twice`);
    ids.add(spec.id);
    for (const model of spec.models) {
      if (modelIds.has(model.id)) throw new ProvidersConfigError(`Model id "${model.id}" is used twice`);
      modelIds.add(model.id);
    }
  }
  return { sketch: parsed.data.sketch, providers };
}

/**
 * The providers document from PROVIDERS_FILE, with the environment shortcuts appended: each shortcut
 * adds one provider with ready-made models (see README).
 */
export function loadProvidersSetup(
  env: NodeJS.ProcessEnv,
  options: { cwd: string; publicUrl: string },
): ProvidersSetup {
  let document: { sketch?: boolean; providers: unknown[] } = { providers: [] };
  let baseDir = options.cwd;
  if (env.PROVIDERS_FILE) {
    const file = path.resolve(options.cwd, env.PROVIDERS_FILE);
    baseDir = path.dirname(file);
    try {
      document = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ProvidersConfigError(`PROVIDERS_FILE ${file}: ${(error as Error).message}`);
    }
    if (!Array.isArray(document.providers)) document.providers = [];
  }
  const shortcuts: unknown[] = [];
  if (env.COMFYUI_URLS) {
    shortcuts.push({
      type: 'comfyui',
      servers: env.COMFYUI_URLS.split(',')
        .map((url) => url.trim())
        .filter(Boolean),
      models: [
        {
          id: 'comfyui-image',
          name: 'Stable Diffusion (ComfyUI)',
          description: 'Text to image on your own ComfyUI servers',
          kind: 'image',
          workflow: 'text-to-image',
          values: env.COMFYUI_CHECKPOINT ? { checkpoint: env.COMFYUI_CHECKPOINT } : {},
          maxWidth: 1024,
          maxHeight: 1024,
        },
      ],
    });
  }
  if (env.OPENAI_API_KEY) {
    const model = env.OPENAI_IMAGE_MODEL ?? 'gpt-image-1';
    shortcuts.push({
      type: 'openai',
      apiKey: 'env:OPENAI_API_KEY',
      ...(env.OPENAI_BASE_URL ? { baseUrl: env.OPENAI_BASE_URL } : {}),
      models: [{ id: model, name: model, model }],
    });
  }
  if (env.REPLICATE_API_TOKEN) {
    shortcuts.push({
      type: 'replicate',
      apiToken: 'env:REPLICATE_API_TOKEN',
      models: [
        { id: 'flux-schnell', name: 'FLUX.1 [schnell]', model: 'black-forest-labs/flux-schnell' },
        { id: 'wan-2.2-fast', name: 'Wan 2.2 (fast)', model: 'wan-video/wan-2.2-t2v-fast' },
      ],
    });
  }
  if (env.FAL_KEY) {
    shortcuts.push({
      type: 'fal',
      key: 'env:FAL_KEY',
      models: [
        { id: 'fal-flux-dev', name: 'FLUX.1 [dev] (fal)', endpoint: 'fal-ai/flux/dev' },
        {
          id: 'kling-2.1',
          name: 'Kling 2.1 Master',
          endpoint: 'fal-ai/kling-video/v2.1/master/text-to-video',
        },
      ],
    });
  }
  return parseProvidersSetup(
    { ...document, providers: [...document.providers, ...shortcuts] },
    { env, baseDir, publicUrl: options.publicUrl },
  );
}

/** What may be logged: ids, types, hosts and model ids — never keys. */
export function describeProviders(setup: ProvidersSetup): Record<string, unknown>[] {
  return setup.providers.map((spec) => ({
    id: spec.id,
    type: spec.type,
    hosts:
      spec.type === 'comfyui'
        ? spec.servers.map((url) => new URL(url).host)
        : [new URL(spec.type === 'fal' ? spec.queueUrl : spec.baseUrl).host],
    models: spec.models.map((model) => model.id),
  }));
}
