import { IMAGE_DEFAULTS, IMAGE_OPTIONS, VIDEO_DEFAULTS, VIDEO_OPTIONS } from '@kaleido/common/browser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import english, { type MessageId } from '../../i18n/catalogs/en';
import type { Translate } from '../../i18n/use-t';
import { DEFAULT_SETTINGS, FIELDS, readPrefill, settingsFrom } from './options';

const intl = createIntl({ locale: 'en', messages: english });
const t: Translate = (id, values) => intl.formatMessage({ id }, values);

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

  it('labels every option and value from the catalog', () => {
    const ids = new Set(Object.keys(english));
    for (const field of [...FIELDS.image, ...FIELDS.video]) {
      expect(ids.has(field.label), field.label).toBe(true);
      for (const value of field.values) {
        // Each label is a catalog message (the id is looked up, never the value made readable).
        const used: MessageId[] = [];
        field.format(value, (id, values) => {
          used.push(id);
          return t(id, values);
        });
        if (field.key !== 'aspectRatio') expect(used, `${field.key} ${value}`).toHaveLength(1);
      }
    }
    const label = (type: 'image' | 'video', key: string, value: string | number) =>
      FIELDS[type].find((field) => field.key === key)?.format(value, t);
    expect(label('image', 'style', 'digital-art')).toBe('Digital art');
    expect(label('image', 'imageStyle', 'sci-fi')).toBe('Sci-fi');
    expect(label('image', 'resolution', '2048x2048')).toBe('2048 px');
    expect(label('video', 'resolution', '1920x1080')).toBe('1080p');
    expect(label('video', 'duration', 8)).toBe('8 s');
    expect(label('video', 'frameRate', 24)).toBe('24 fps');
    expect(FIELDS.video.find((field) => field.key === 'duration')?.hint?.(5, t)).toBe('5 seconds');
  });
});
