import '@fastify/websocket';
import { REALTIME_SOCKET_PATH, type TRealtimeServerMessage } from '@kaleido/common';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeFalRealtime, startFakeFalRealtime } from '../../test/fakes/fake-fal-realtime.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { providersFrom } from '../../test/provider-fixtures.js';

const ORIGIN = 'http://localhost:3000';

async function drawingUrl(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="60" fill="#1f5f99"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

describe('fal realtime previews through the Realtime socket', () => {
  let ctx: TestContext;
  let fal: FakeFalRealtime;
  let person: SignedIn;
  const sockets: WebSocket[] = [];

  /** A signed-in socket whose messages are collected from the first. */
  async function connect() {
    const messages: TRealtimeServerMessage[] = [];
    const waiters: (() => void)[] = [];
    const socket = await ctx.app.injectWS(
      REALTIME_SOCKET_PATH,
      { headers: { origin: ORIGIN, cookie: person.cookie } },
      {
        onInit: (ws) =>
          ws.on('message', (data) => {
            messages.push(JSON.parse(data.toString()) as TRealtimeServerMessage);
            for (const wake of waiters.splice(0)) wake();
          }),
      },
    );
    sockets.push(socket);
    const next = async <T extends TRealtimeServerMessage['type']>(
      type: T,
      where: (message: Extract<TRealtimeServerMessage, { type: T }>) => boolean = () => true,
    ) => {
      for (;;) {
        const found = messages.find(
          (m): m is Extract<TRealtimeServerMessage, { type: T }> =>
            m.type === type && where(m as Extract<TRealtimeServerMessage, { type: T }>),
        );
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    return { socket, next, send: (message: object) => socket.send(JSON.stringify(message)) };
  }

  beforeEach(async () => {
    fal = await startFakeFalRealtime('fal-key-test');
    ctx = await createTestContext({
      providers: providersFrom(
        [
          {
            type: 'fal',
            key: 'env:TEST_FAL_KEY',
            queueUrl: fal.url,
            storageUrl: fal.url,
            realtimeUrl: fal.url.replace(/^http/, 'ws'),
            models: [
              {
                id: 'lcm-live',
                name: 'LCM live',
                endpoint: 'fal-ai/fast-lcm-diffusion',
                kind: 'image',
                generates: false,
                realtime: true,
                input: { strength: 0.6, num_inference_steps: 4 },
              },
            ],
          },
        ],
        { TEST_FAL_KEY: 'fal-key-test' },
      ),
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await ctx.close();
    await fal.close();
  });

  it('streams the model’s frames over one fal connection, with a short-lived token, and keeps one', async () => {
    const channel = await connect();
    const ready = await channel.next('ready');
    expect(ready.models).toEqual([{ id: 'lcm-live', name: 'LCM live', provider: 'fal', offline: false }]);

    const drawing = await drawingUrl();
    channel.send({ type: 'preview', id: 1, prompt: 'a blue moon', style: 'realistic', drawing });
    const first = await channel.next('frame', (m) => m.id === 1);
    expect(first).toMatchObject({ model: 'lcm-live', width: 512, height: 512 });
    expect(first.image).toMatch(/^data:image\/jpeg;base64,/);

    // The token was minted with the key for this app only; the socket carried it.
    expect(fal.tokens).toEqual([{ allowedApps: ['fast-lcm-diffusion'], authorization: 'Key fal-key-test' }]);
    expect(fal.connections).toEqual([{ path: '/fal-ai/fast-lcm-diffusion/realtime', token: 'jwt-1' }]);
    // The input: the model's own numbers, the prompt, the drawing as a 512² opaque PNG data URL, sync mode.
    const input = fal.inputs[0];
    expect(input).toMatchObject({
      prompt: 'a blue moon',
      sync_mode: true,
      strength: 0.6,
      num_inference_steps: 4,
    });
    const sent = Buffer.from(String(input?.image_url).replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(sent).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 512,
      hasAlpha: false,
    });

    // A second preview reuses the connection and the token.
    channel.send({ type: 'preview', id: 2, prompt: 'a blue moon over hills', style: 'realistic', drawing });
    await channel.next('frame', (m) => m.id === 2);
    expect(fal.connections).toHaveLength(1);
    expect(fal.tokens).toHaveLength(1);

    // A failed run is a clear error for that preview; the next one renders again.
    fal.failNext();
    channel.send({ type: 'preview', id: 3, prompt: 'a blue moon', style: 'realistic', drawing });
    expect(await channel.next('error', (m) => m.id === 3)).toMatchObject({ code: 'render_failed' });
    channel.send({ type: 'preview', id: 4, prompt: 'a blue moon', style: 'realistic', drawing });
    const last = await channel.next('frame', (m) => m.id === 4);

    // Keep: the fal frame becomes an asset of the fal model, the drawing its source.
    const kept = await browser(ctx.app, person).post('/api/tools/realtime/keep?wait=true', {
      frameId: last.frameId,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.metadata).toMatchObject({
      provider: 'fal',
      model: 'lcm-live',
      width: 512,
      height: 512,
    });
  });

  it('answers a refused token as the provider being unavailable', async () => {
    fal.expireTokens();
    const channel = await connect();
    await channel.next('ready');
    channel.send({ type: 'preview', id: 1, prompt: 'x', style: 'realistic', drawing: await drawingUrl() });
    expect(await channel.next('error', (m) => m.id === 1)).toMatchObject({ code: 'provider_unavailable' });
  });
});
