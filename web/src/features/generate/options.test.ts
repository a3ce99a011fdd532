import { IMAGE_DEFAULTS, IMAGE_OPTIONS, VIDEO_DEFAULTS, VIDEO_OPTIONS } from '@kaleido/common/browser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, FIELDS, optionLabel, readPrefill, settingsFrom } from './options';

describe('generator options', () => {
  it('offers every option of the contract with its defaults', () => {
    expect(DEFAULT_SETTINGS.image).toEqual(IMAGE_DEFAULTS);
    expect(DEFAULT_SETTINGS.video).toEqual(VIDEO_DEFAULTS);
    const image = Object.fromEntries(FIELDS.image.map((field) => [field.key, field.values]));
    expect(image).toEqual({
      style: IMAGE_OPTIONS.styles,
      aspectRatio: IMAGE_OPTIONS.aspectRatios,
      resolution: IMAGE_OPTIONS.resolutions,
      imageStyle: IMAGE_OPTIONS.imageStyles,
      quality: IMAGE_OPTIONS.qualities,
    });
    const video = Object.fromEntries(FIELDS.video.map((field) => [field.key, field.values]));
    expect(video).toEqual({
      style: VIDEO_OPTIONS.styles,
      aspectRatio: VIDEO_OPTIONS.aspectRatios,
      duration: VIDEO_OPTIONS.durations,
      resolution: VIDEO_OPTIONS.resolutions,
      frameRate: VIDEO_OPTIONS.frameRates,
    });
  });

  it('takes known, allowed settings from saved ones and defaults for the rest', () => {
    expect(
      settingsFrom('image', { style: 'watercolor', aspectRatio: '16:9', quality: 'bogus', width: 1024 }),
    ).toEqual({ ...IMAGE_DEFAULTS, style: 'watercolor', aspectRatio: '16:9' });
    // A job's options name the duration durationSeconds and the frame rate fps.
    expect(settingsFrom('video', { durationSeconds: 3, fps: 24, resolution: '854x480' })).toEqual({
      ...VIDEO_DEFAULTS,
      duration: 3,
      resolution: '854x480',
    });
    expect(settingsFrom('video', null)).toEqual(VIDEO_DEFAULTS);
  });

  it('reads a prefill from navigation state', () => {
    expect(readPrefill(null)).toBeNull();
    expect(readPrefill({ unrelated: true })).toBeNull();
    expect(readPrefill({ prompt: 'Sunset', seed: 5, settings: { style: 'cartoon' } })).toEqual({
      prompt: 'Sunset',
      seed: 5,
      settings: { style: 'cartoon' },
    });
    expect(readPrefill({ prompt: 'x', seed: -1 })).toEqual({ prompt: 'x' });
  });

  it('labels values', () => {
    expect(optionLabel('digital-art')).toBe('Digital art');
    expect(optionLabel('sci-fi')).toBe('Sci-fi');
  });
});
