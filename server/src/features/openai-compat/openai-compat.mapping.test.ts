import { OPENAI_IMAGE_SIZES } from '@kaleido/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import type { ModelCapabilities } from '../../providers/provider.js';
import { openAIErrorOf } from './openai-compat.errors.js';
import { imageSettingsOf, isOpenAIModelName, sizeSettings } from './openai-compat.mapping.js';

const model = (overrides: Partial<ModelCapabilities> = {}): ModelCapabilities => ({
  id: 'm',
  name: 'M',
  kinds: ['image'],
  description: '',
  supportsSeed: true,
  supportsNegativePrompt: false,
  maxWidth: 2048,
  maxHeight: 2048,
  ...overrides,
});

describe('OpenAI request mapping', () => {
  it('maps every OpenAI size to the nearest aspect ratio and resolution', () => {
    const mapped = Object.fromEntries(OPENAI_IMAGE_SIZES.map((size) => [size, sizeSettings(size, model())]));
    expect(mapped).toEqual({
      auto: { aspectRatio: '1:1', resolution: '1024x1024' },
      '256x256': { aspectRatio: '1:1', resolution: '512x512' },
      '512x512': { aspectRatio: '1:1', resolution: '512x512' },
      '1024x1024': { aspectRatio: '1:1', resolution: '1024x1024' },
      '1792x1024': { aspectRatio: '16:9', resolution: '2048x2048' },
      '1024x1792': { aspectRatio: '9:16', resolution: '2048x2048' },
      '1536x1024': { aspectRatio: '3:2', resolution: '2048x2048' },
      '1024x1536': { aspectRatio: '2:3', resolution: '2048x2048' },
    });
  });

  it('stays within what the model can make: its aspect ratios and largest size', () => {
    const small = model({ maxWidth: 1024, maxHeight: 1024, aspectRatios: ['1:1', '16:9', '9:16'] });
    expect(sizeSettings('1536x1024', small)).toEqual({ aspectRatio: '16:9', resolution: '1024x1024' });
    expect(sizeSettings('1024x1792', small)).toEqual({ aspectRatio: '9:16', resolution: '1024x1024' });
  });

  it('maps style and quality, and reads OpenAI model names as the default model', () => {
    const base = { prompt: 'x', n: 1, size: 'auto', response_format: 'url' } as const;
    expect(imageSettingsOf({ ...base, style: 'vivid', quality: 'hd' }, model())).toMatchObject({
      style: 'digital-art',
      quality: 'high',
      imageStyle: 'default',
    });
    expect(imageSettingsOf({ ...base, style: 'natural', quality: 'low' }, model())).toMatchObject({
      style: 'photographic',
      quality: 'standard',
    });
    expect(imageSettingsOf(base, model()).style).toBe('realistic');
    expect(isOpenAIModelName('dall-e-3')).toBe(true);
    expect(isOpenAIModelName('gpt-image-1')).toBe(true);
    expect(isOpenAIModelName('flux-dev')).toBe(false);
  });
});

describe('OpenAI error envelope', () => {
  it('names the type, code and field OpenAI clients expect', () => {
    expect(openAIErrorOf(new AppError('AUTHENTICATION_FAILED'), 'en').error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      param: null,
    });
    expect(openAIErrorOf(new AppError('INSUFFICIENT_CREDITS'), 'en').error).toMatchObject({
      type: 'insufficient_quota',
      code: 'insufficient_quota',
    });
    const invalid = new AppError('VALIDATION_FAILED', 'api.generation.promptRequired', {
      problems: [{ path: 'prompt', message: 'api.generation.promptRequired' }],
    });
    expect(openAIErrorOf(invalid, 'de').error).toMatchObject({
      type: 'invalid_request_error',
      param: 'prompt',
    });
    expect(openAIErrorOf(new AppError('GENERATION_FAILED_IMAGE'), 'en').error).toMatchObject({
      type: 'server_error',
      code: 'generation_failed_image',
    });
  });
});
