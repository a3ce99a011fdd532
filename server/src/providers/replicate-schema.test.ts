import { afterEach, describe, expect, it } from 'vitest';
import { type FakeReplicate, startFakeReplicate } from '../../test/fakes/fake-replicate.js';
import { providersFrom } from '../../test/provider-fixtures.js';

describe('Replicate inputs checked against the models’ schemas', () => {
  let replicate: FakeReplicate | undefined;
  afterEach(async () => {
    await replicate?.close();
  });

  it('says which configured fields, values and aspect ratios a model does not take', async () => {
    replicate = await startFakeReplicate();
    const [provider] = providersFrom([
      {
        type: 'replicate',
        baseUrl: `${replicate.url}/v1`,
        apiToken: 'r8_test',
        models: [
          { id: 'flux', model: 'black-forest-labs/flux-schnell' },
          {
            id: 'wan-wrong',
            model: 'wan-video/wan-2.2-t2v-fast',
            aspectRatios: ['16:9', '1:1'],
            input: {
              prompt: '{{prompt}}',
              aspect_ratio: '{{aspect_ratio}}',
              resolution: '1080p',
              guidance: 3,
            },
          },
          { id: 'gone', kind: 'image', model: 'someone/deleted-model', input: { prompt: '{{prompt}}' } },
        ],
      },
    ]);
    const health = await provider?.health?.();
    expect(health?.ok).toBe(true);
    expect(health?.detail).toBe(
      'wan-wrong: aspect_ratio does not accept 1:1; resolution does not accept "1080p"; the model has no input "guidance" | gone: someone/deleted-model does not exist',
    );
  });
});
