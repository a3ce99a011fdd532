import { describe, expect, it } from 'vitest';
import {
  readStoredAssetSettings,
  readStoredGenerationOptions,
  type TStoredGenerationOptions,
  writeStoredAssetSettings,
  writeStoredGenerationOptions,
  ZStoredGenerationOptions,
} from './generation.js';

describe('stored generation options', () => {
  it('writes without the kind (the row has it) and reads it back typed', () => {
    const video: TStoredGenerationOptions = {
      kind: 'video',
      style: 'cinematic',
      aspectRatio: '16:9',
      resolution: '3840x2160',
      duration: 10,
      frameRate: 60,
      width: 3840,
      height: 2160,
      durationSeconds: 10,
      fps: 60,
    };
    const json = writeStoredGenerationOptions(video);
    expect(JSON.parse(json)).not.toHaveProperty('kind');
    expect(readStoredGenerationOptions('video', json)).toEqual(video);
  });

  it('reads the rows every release wrote (the settings plus the size, and durationSeconds/fps)', () => {
    const image = readStoredGenerationOptions(
      'image',
      '{"style":"watercolor","aspectRatio":"16:9","resolution":"1024x1024","imageStyle":"default","quality":"high","width":1024,"height":576}',
    );
    expect(image).toEqual({
      kind: 'image',
      style: 'watercolor',
      aspectRatio: '16:9',
      resolution: '1024x1024',
      imageStyle: 'default',
      quality: 'high',
      width: 1024,
      height: 576,
    });
    expect(ZStoredGenerationOptions.parse(image)).toEqual(image);
  });

  it('reads leniently: missing fields take defaults, the size follows the settings, junk never throws', () => {
    expect(readStoredGenerationOptions('image', '{}')).toEqual({
      kind: 'image',
      style: 'realistic',
      aspectRatio: '1:1',
      resolution: '1024x1024',
      imageStyle: 'default',
      quality: 'standard',
      width: 1024,
      height: 1024,
    });
    expect(readStoredGenerationOptions('video', '{"aspectRatio":"9:16","durationSeconds":3}')).toMatchObject({
      kind: 'video',
      duration: 3,
      durationSeconds: 3,
      frameRate: 24,
      fps: 24,
      width: 720,
      height: 1280,
    });
    for (const junk of [
      '',
      'null',
      '[1]',
      '"text"',
      '{"quality":"extreme","width":"wide","resolution":"big"}',
    ]) {
      const options = readStoredGenerationOptions('image', junk);
      expect(ZStoredGenerationOptions.safeParse(options).success).toBe(true);
    }
  });
});

describe('stored asset settings', () => {
  it('keeps an audio upload’s facts, reads junk leniently, and reads images and videos as generations do', () => {
    const audio = {
      kind: 'audio',
      durationSeconds: 12.5,
      codec: 'mp3',
      sampleRate: 44_100,
      channels: 2,
    } as const;
    const json = writeStoredAssetSettings(audio);
    expect(JSON.parse(json)).toEqual({
      durationSeconds: 12.5,
      codec: 'mp3',
      sampleRate: 44_100,
      channels: 2,
    });
    expect(readStoredAssetSettings('audio', json)).toEqual(audio);
    expect(readStoredAssetSettings('audio', 'not json')).toEqual({
      kind: 'audio',
      durationSeconds: 0,
      codec: '',
      sampleRate: 0,
      channels: 0,
    });
    expect(readStoredAssetSettings('image', '{}')).toEqual(readStoredGenerationOptions('image', '{}'));
  });
});
