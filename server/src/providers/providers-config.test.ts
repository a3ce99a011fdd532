import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeProviders, loadProvidersSetup, parseProvidersSetup } from './providers-config.js';

const options = { env: {}, baseDir: '/tmp', publicUrl: 'https://kaleido.example' };

describe('providers configuration', () => {
  it('adds ready-made providers from environment shortcuts, with secrets read from the environment', () => {
    const setup = loadProvidersSetup(
      {
        COMFYUI_URLS: 'http://gpu1:8188, http://gpu2:8188',
        COMFYUI_CHECKPOINT: 'sdxl.safetensors',
        OPENAI_API_KEY: 'sk-secret-value',
        REPLICATE_API_TOKEN: 'r8_secret',
        FAL_KEY: 'fal-secret',
      },
      { cwd: '/tmp', publicUrl: 'https://kaleido.example' },
    );
    expect(setup.sketch).toBe(true);
    expect(setup.providers.map((spec) => spec.type)).toEqual(['comfyui', 'openai', 'replicate', 'fal']);
    const [comfy, openai, replicate, fal] = setup.providers;
    expect(comfy?.type === 'comfyui' && comfy.servers).toEqual(['http://gpu1:8188', 'http://gpu2:8188']);
    expect(comfy?.type === 'comfyui' && comfy.models[0]?.values.checkpoint).toBe('sdxl.safetensors');
    expect(openai?.type === 'openai' && openai.apiKey).toBe('sk-secret-value');
    expect(openai?.type === 'openai' && openai.models[0]).toMatchObject({
      model: 'gpt-image-1',
      sizes: ['1024x1024', '1536x1024', '1024x1536'],
      extendedFields: false,
      failoverGroup: 'image',
    });
    expect(replicate?.models.map((model) => model.id)).toEqual(['flux-schnell', 'wan-2.2-fast']);
    expect(fal?.type === 'fal' && fal.key).toBe('fal-secret');
    const described = JSON.stringify(describeProviders(setup));
    expect(described).not.toMatch(/secret/);
    expect(described).toContain('gpu1:8188');
  });

  it('treats other OpenAI-compatible hosts as free-size servers with seed and negative prompt', () => {
    const setup = parseProvidersSetup(
      {
        providers: [
          {
            type: 'openai',
            id: 'localai',
            baseUrl: 'http://localai:8080/v1',
            models: [{ id: 'sd', model: 'stablediffusion' }],
          },
        ],
      },
      options,
    );
    expect(setup.providers[0]?.type === 'openai' && setup.providers[0].models[0]).toMatchObject({
      sizes: undefined,
      extendedFields: true,
      responseFormat: true,
    });
  });

  it('turns on Replicate webhooks at the public URL', () => {
    const setup = parseProvidersSetup(
      {
        providers: [
          {
            type: 'replicate',
            apiToken: 'x',
            webhooks: true,
            models: [{ id: 'f', model: 'black-forest-labs/flux-schnell' }],
          },
        ],
      },
      options,
    );
    expect(setup.providers[0]?.type === 'replicate' && setup.providers[0].webhookUrl).toBe(
      'https://kaleido.example/api/webhooks/replicate/replicate',
    );
  });

  it('names what is wrong: unknown presets without input, missing workflow values, unset secrets, duplicates', () => {
    expect(() =>
      parseProvidersSetup(
        { providers: [{ type: 'fal', key: 'k', models: [{ id: 'x', endpoint: 'someone/unknown' }] }] },
        options,
      ),
    ).toThrow(/give "kind" and "input"/);
    expect(() =>
      parseProvidersSetup(
        {
          providers: [
            {
              type: 'comfyui',
              servers: ['http://gpu:8188'],
              models: [
                {
                  id: 'x',
                  kind: 'image',
                  workflow: { '1': { class_type: 'Loader', inputs: { name: '{{lora}}' } } },
                },
              ],
            },
          ],
        },
        options,
      ),
    ).toThrow(/\{\{lora\}\}; give them in "values"/);
    expect(() =>
      parseProvidersSetup(
        { providers: [{ type: 'openai', apiKey: 'env:NOPE_KEY', models: [{ id: 'a', model: 'dall-e-3' }] }] },
        options,
      ),
    ).toThrow(/NOPE_KEY is not set/);
    expect(() =>
      parseProvidersSetup(
        {
          providers: [
            { type: 'openai', apiKey: 'a', models: [{ id: 'same', model: 'dall-e-3' }] },
            { type: 'openai', id: 'other', apiKey: 'b', models: [{ id: 'same', model: 'dall-e-2' }] },
          ],
        },
        options,
      ),
    ).toThrow(/Model id "same" is used twice/);
    expect(() => parseProvidersSetup({ providers: [{ type: 'comfyui', servers: [] }] }, options)).toThrow(
      /Invalid providers configuration/,
    );
  });

  it('accepts the README’s example file', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## AI providers'));
    const json = /```json\n([\s\S]+?)```/.exec(section)?.[1];
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-providers-'));
    try {
      await mkdir(path.join(dir, 'workflows'));
      await writeFile(
        path.join(dir, 'workflows', 'flux-api.json'),
        JSON.stringify({
          '1': { class_type: 'UNETLoader', inputs: { unet_name: '{{unet}}', prompt: '{{prompt}}' } },
        }),
      );
      const setup = parseProvidersSetup(JSON.parse(json ?? 'null'), {
        env: { OPENAI_API_KEY: 'sk-x', REPLICATE_API_TOKEN: 'r8-x', FAL_KEY: 'fal-x' },
        baseDir: dir,
        publicUrl: 'https://kaleido.example',
      });
      expect(setup.providers.flatMap((spec) => spec.models.map((model) => model.id))).toEqual([
        'sdxl',
        'wan-1.3b',
        'flux-local',
        'gpt-image-1',
        'localai-sd',
        'flux-schnell',
        'ltx',
        'kling-2.1',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('providers configuration: tools (issue 16)', () => {
  it('gives presets and built-in tool workflows their tools, as models the generators do not offer', () => {
    const setup = parseProvidersSetup(
      {
        providers: [
          {
            type: 'comfyui',
            servers: ['http://gpu:8188'],
            models: [
              { id: 'sd', kind: 'image', workflow: 'text-to-image' },
              { id: 'inpaint', workflow: 'inpaint', values: { checkpoint: 'my-inpainting.safetensors' } },
              { id: 'esrgan', workflow: 'upscale-model', maxUpscaleLongSide: 8192 },
            ],
          },
          {
            type: 'replicate',
            apiToken: 'r8',
            models: [
              { id: 'fill', model: 'black-forest-labs/flux-fill-pro' },
              {
                id: 'my-upscaler',
                model: 'someone/upscaler:abc',
                tools: ['enhance'],
                input: { image: '{{image}}', scale: '{{scale}}' },
              },
            ],
          },
          { type: 'openai', apiKey: 'sk', models: [{ id: 'gpt', model: 'gpt-image-1', tools: ['inpaint'] }] },
        ],
      },
      options,
    );
    const [comfySpec, replicateSpec, openai] = setup.providers;
    const comfy = comfySpec?.type === 'comfyui' ? comfySpec : undefined;
    const replicate = replicateSpec?.type === 'replicate' ? replicateSpec : undefined;
    expect(comfy?.models.map((model) => [model.id, model.kind, model.generates, model.tools])).toEqual([
      ['sd', 'image', true, undefined],
      ['inpaint', 'image', false, ['inpaint']],
      ['esrgan', 'image', false, ['enhance']],
    ]);
    expect(comfy?.models[1]).toMatchObject({ values: { checkpoint: 'my-inpainting.safetensors' } });
    expect(comfy?.models[1]?.failoverGroup).toBeUndefined();
    expect(comfy?.models[2]?.maxUpscaleLongSide).toBe(8192);
    expect(replicate?.models.map((model) => [model.id, model.generates, model.tools])).toEqual([
      ['fill', false, ['inpaint', 'expand']],
      ['my-upscaler', false, ['enhance']],
    ]);
    // A generation model that also edits keeps generating; configuration overrides the preset's tools.
    expect(openai?.models[0]).toMatchObject({ generates: true, tools: ['inpaint'], failoverGroup: 'image' });
  });

  it('refuses unknown tools', () => {
    expect(() =>
      parseProvidersSetup(
        {
          providers: [
            { type: 'fal', key: 'k', models: [{ id: 'x', endpoint: 'a/b', tools: ['dream'], input: {} }] },
          ],
        },
        options,
      ),
    ).toThrow(/tools/);
  });
});
