import { afterEach, describe, expect, it } from 'vitest';
import { type FakeComfy, startFakeComfy } from '../../test/fakes/fake-comfyui.js';
import { type FakeFal, startFakeFal } from '../../test/fakes/fake-fal.js';
import { type FakeReplicate, startFakeReplicate } from '../../test/fakes/fake-replicate.js';
import { providersFrom } from '../../test/provider-fixtures.js';
import type { GenerationContext, GenerationProvider, ImageRequest } from './provider.js';

/** A job context that records checkpoints and can be cancelled, as the runner's is. */
function jobContext() {
  const controller = new AbortController();
  const checkpoints: unknown[] = [];
  const context: GenerationContext = {
    signal: controller.signal,
    report: () => undefined,
    checkpoint: async (state) => {
      checkpoints.push(state);
    },
  };
  return { context, checkpoints, controller };
}

const request = (model: string, prompt = 'resume me'): ImageRequest => ({
  kind: 'image',
  prompt,
  model,
  seed: 11,
  width: 512,
  height: 512,
  aspectRatio: '1:1',
  style: 'realistic',
  imageStyle: 'default',
  quality: 'standard',
});

/** A worker restarted mid-job follows the remote job it checkpointed instead of paying for a new one. */
describe('resuming a remote job after a restart', () => {
  let replicate: FakeReplicate | undefined;
  let fal: FakeFal | undefined;
  let comfy: FakeComfy | undefined;
  afterEach(async () => {
    await replicate?.close();
    await fal?.close();
    await comfy?.close();
    replicate = fal = comfy = undefined;
  });

  async function interrupted(provider: GenerationProvider, model: string, until: () => boolean) {
    const first = jobContext();
    const running = provider.generate(request(model), first.context).catch(() => 'stopped');
    while (!until()) await new Promise((resolve) => setTimeout(resolve, 10));
    return { first, running };
  }

  it('Replicate: polls the checkpointed prediction', async () => {
    replicate = await startFakeReplicate();
    const [provider] = providersFrom([
      {
        type: 'replicate',
        baseUrl: `${replicate.url}/v1`,
        apiToken: 'r8_test',
        pollIntervalMs: 30,
        models: [{ id: 'flux', model: 'black-forest-labs/flux-schnell', waitSeconds: 0 }],
      },
    ]);
    if (!provider) throw new Error('no provider');
    const first = jobContext();
    const output = await provider.generate(request('flux'), first.context);
    expect(first.checkpoints).toEqual([{ predictionId: expect.any(String) }]);
    const again = jobContext();
    const resumed = await provider.generate(
      { ...request('flux'), resumeState: first.checkpoints[0] },
      again.context,
    );
    expect(replicate.creates).toHaveLength(1);
    expect(resumed.details?.predictionId).toBe(output.details?.predictionId);
  });

  it('fal: follows the checkpointed request', async () => {
    fal = await startFakeFal('k');
    const [provider] = providersFrom([
      {
        type: 'fal',
        key: 'k',
        queueUrl: fal.url,
        pollIntervalMs: 20,
        models: [{ id: 'flux', endpoint: 'fal-ai/flux/dev' }],
      },
    ]);
    if (!provider) throw new Error('no provider');
    const target = fal;
    const { first, running } = await interrupted(provider, 'flux', () => target.requests.size === 1);
    const again = jobContext();
    // The first worker is gone (its process died); the remote request carries on.
    const output = await provider.generate(
      { ...request('flux'), resumeState: await waitFor(() => first.checkpoints[0]) },
      again.context,
    );
    expect(fal.submits).toHaveLength(1);
    expect(output.details?.requestId).toBe([...fal.requests.keys()][0]);
    await running;
  });

  it('ComfyUI: re-attaches to the prompt with the same client id', async () => {
    comfy = await startFakeComfy({ stepMs: 40 });
    const [provider] = providersFrom([
      {
        type: 'comfyui',
        servers: [comfy.url],
        models: [{ id: 'sd', kind: 'image', workflow: 'text-to-image', steps: 10 }],
      },
    ]);
    if (!provider) throw new Error('no provider');
    const target = comfy;
    const { first, running } = await interrupted(provider, 'sd', () => target.prompts.length === 1);
    const state = (await waitFor(() => first.checkpoints[0])) as { promptId: string; clientId: string };
    expect(state.promptId).toBe(comfy.prompts[0]?.id);
    expect(state.clientId).toBe(comfy.prompts[0]?.clientId);
    const again = jobContext();
    const output = await provider.generate({ ...request('sd'), resumeState: state }, again.context);
    expect(comfy.prompts).toHaveLength(1);
    expect(output.details?.promptId).toBe(state.promptId);
    await running;
  });
});

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 500; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}
