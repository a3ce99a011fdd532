import { describe, expect, it } from 'vitest';
import type { VideoRequest } from './provider.js';
import { fillTemplate, placeholdersOf, requestValues } from './template.js';

describe('placeholder templates', () => {
  it('keeps the type of whole placeholders, interpolates inside strings and drops missing ones', () => {
    const filled = fillTemplate(
      {
        seed: '{{seed}}',
        text: 'a {{prompt}}!',
        negative: '{{negative_prompt}}',
        list: ['{{width}}', 3],
        link: ['4', 1],
      },
      { seed: 7, prompt: 'cat', width: 512, negative_prompt: undefined },
    );
    expect(filled).toEqual({ seed: 7, text: 'a cat!', list: [512, 3], link: ['4', 1] });
  });

  it('lists the placeholders a template uses', () => {
    expect([...placeholdersOf({ a: '{{prompt}}', b: ['x {{ seed }}'], c: { d: '{{checkpoint}}' } })]).toEqual(
      ['prompt', 'seed', 'checkpoint'],
    );
  });

  it('derives frame counts, resolution and duration strings from a video request', () => {
    const request: VideoRequest = {
      kind: 'video',
      prompt: 'p',
      model: 'm',
      seed: 1,
      width: 1280,
      height: 720,
      aspectRatio: '16:9',
      style: 'cinematic',
      durationSeconds: 3,
      fps: 24,
    };
    expect(requestValues(request)).toMatchObject({
      frames: 72,
      frames_4n1: 73,
      frames_8n1: 73,
      resolution: '720p',
      duration: 3,
      duration_string: '3',
      negative_prompt: undefined,
    });
  });
});
