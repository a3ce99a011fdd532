import '@fastify/websocket';
import { REALTIME_SOCKET_PATH, type TRealtimeServerMessage } from '@kaleido/common';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type SignedIn, signUp } from '../../test/factories.js';
import { type FakeComfy, startFakeComfy } from '../../test/fakes/fake-comfyui.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { providersFrom } from '../../test/provider-fixtures.js';
import { REALTIME_RESTYLE_STRENGTH } from './realtime-via-edit.js';

describe('ComfyUI realtime previews (a turbo checkpoint through img2img)', () => {
  let ctx: TestContext;
  let comfy: FakeComfy;
  let person: SignedIn;
  let socket: WebSocket | undefined;

  beforeEach(async () => {
    comfy = await startFakeComfy({ checkpoints: ['sdxl_turbo_1.0.safetensors'], stepMs: 2 });
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'comfyui',
          servers: [comfy.url],
          models: [
            {
              id: 'turbo-live',
              name: 'SDXL Turbo live',
              workflow: 'img2img',
              values: { checkpoint: 'sdxl_turbo_1.0.safetensors' },
              steps: 2,
              realtime: true,
            },
          ],
        },
      ]),
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    socket?.terminate();
    await ctx.close();
    await comfy.close();
  });

  it('renders each preview as a few-step img2img of the drawing on the ComfyUI server', async () => {
    const messages: TRealtimeServerMessage[] = [];
    const waiters: (() => void)[] = [];
    socket = await ctx.app.injectWS(
      REALTIME_SOCKET_PATH,
      { headers: { origin: 'http://localhost:3000', cookie: person.cookie } },
      {
        onInit: (ws) =>
          ws.on('message', (data) => {
            messages.push(JSON.parse(data.toString()) as TRealtimeServerMessage);
            for (const wake of waiters.splice(0)) wake();
          }),
      },
    );
    const next = async (type: TRealtimeServerMessage['type']) => {
      for (;;) {
        const found = messages.find((message) => message.type === type);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    const ready = await next('ready');
    expect(ready.type === 'ready' && ready.models).toEqual([
      { id: 'turbo-live', name: 'SDXL Turbo live', provider: 'comfyui', offline: false },
    ]);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="200" fill="#5da9e9"/></svg>`;
    const drawing = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    socket.send(
      JSON.stringify({ type: 'preview', id: 1, prompt: 'a sky over a meadow', style: 'realistic', drawing }),
    );
    const frame = await next('frame');
    expect(frame).toMatchObject({ id: 1, model: 'turbo-live' });

    // The drawing went up as an image, and the img2img graph ran with the turbo checkpoint and 2 steps.
    expect(comfy.uploads).toHaveLength(1);
    const graph = JSON.stringify(comfy.prompts[0]?.graph);
    expect(graph).toContain('sdxl_turbo_1.0.safetensors');
    expect(graph).toContain('"steps":2');
    expect(graph).toContain(`"denoise":${REALTIME_RESTYLE_STRENGTH}`);
    expect(graph).toContain('a sky over a meadow');
  });
});
