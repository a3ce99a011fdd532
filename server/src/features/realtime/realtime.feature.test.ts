import '@fastify/websocket';
import {
  CREDIT_PRICES,
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  REALTIME_SOCKET_PATH,
  type TRealtimeClientMessage,
  type TRealtimeServerMessage,
} from '@kaleido/common';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

const ORIGIN = 'http://localhost:3000';

/** A drawing as the page sends it: a red disc on a transparent 512² canvas. */
async function drawingUrl(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><circle cx="256" cy="300" r="120" fill="#d32f2f"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A socket with its messages collected, and a way to wait for the one wanted. */
function collect(socket: WebSocket) {
  const messages: TRealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as TRealtimeServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    messages,
    send: (message: TRealtimeClientMessage) => socket.send(JSON.stringify(message)),
    /** Any text, valid or not. */
    raw: (text: string) => socket.send(text),
    async next<T extends TRealtimeServerMessage['type']>(
      type: T,
      where: (message: Extract<TRealtimeServerMessage, { type: T }>) => boolean = () => true,
    ): Promise<Extract<TRealtimeServerMessage, { type: T }>> {
      for (;;) {
        const found = messages.find(
          (message): message is Extract<TRealtimeServerMessage, { type: T }> =>
            message.type === type && where(message as Extract<TRealtimeServerMessage, { type: T }>),
        );
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

describe('Realtime previews over a WebSocket, and Keep', () => {
  let ctx: TestContext;
  let person: SignedIn;
  const clock = fixedClock(new Date());
  const sockets: WebSocket[] = [];

  const open = async (headers: Record<string, string>, onInit?: (socket: WebSocket) => void) => {
    const socket = await ctx.app.injectWS(REALTIME_SOCKET_PATH, { headers }, { onInit });
    sockets.push(socket);
    return socket;
  };
  /** A signed-in socket, its messages collected from the first. */
  const connect = async () => {
    let channel: ReturnType<typeof collect> | undefined;
    await open({ origin: ORIGIN, cookie: person.cookie }, (socket) => {
      channel = collect(socket);
    });
    if (!channel) throw new Error('no socket');
    return channel;
  };
  const signedInSocket = async () => {
    const channel = await connect();
    await channel.next('ready');
    return channel;
  };

  beforeEach(async () => {
    ctx = await createTestContext({ clock, providers: [createSketchProvider({ poolSize: 0 })] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await ctx.close();
  });

  it('closes a signed-out socket with 4401, and refuses a cross-site one before the upgrade', async () => {
    const closed = new Promise<number>((resolve) => {
      void open({ origin: ORIGIN }, (socket) => socket.on('close', (code) => resolve(code)));
    });
    expect(await closed).toBe(REALTIME_CLOSE.unauthenticated);

    await expect(open({ origin: 'https://elsewhere.example', cookie: person.cookie })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(open({ cookie: person.cookie })).rejects.toThrow('Unexpected server response: 403');
  });

  it('answers a new scene with a quick 256² draft first, then the 512² frame of the drawing', async () => {
    const channel = await connect();
    const ready = await channel.next('ready');
    expect(ready.models).toEqual([
      { id: 'sketch-realtime', name: 'Sketch Realtime (offline)', provider: 'sketch', offline: true },
    ]);
    expect(ready.limits).toMatchObject({
      burst: REALTIME_LIMITS.burst,
      perSecond: REALTIME_LIMITS.perSecond,
    });

    channel.send({
      type: 'preview',
      id: 1,
      prompt: 'a lighthouse by the sea',
      style: 'cartoon',
      drawing: await drawingUrl(),
    });
    const frame = await channel.next('frame', (m) => !m.draft);
    expect(frame).toMatchObject({ id: 1, width: 512, height: 512, model: 'sketch-realtime' });
    const frames = channel.messages.filter((m) => m.type === 'frame');
    expect(frames.map((m) => [m.id, m.draft, m.width])).toEqual([
      [1, true, 256],
      [1, false, 512],
    ]);
    const draftImage = Buffer.from(
      (frames[0]?.image ?? '').replace(/^data:image\/webp;base64,/, ''),
      'base64',
    );
    expect(await sharp(draftImage).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const image = Buffer.from(frame.image.replace(/^data:image\/webp;base64,/, ''), 'base64');
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    // The painted disc is there: its centre is red, a corner (unpainted) is the scene.
    const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3)];
    const [r, g, b] = at(256, 300) as [number, number, number];
    expect(r).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(b + 40);
  });

  it('refuses a message that is not a preview, and a drawing that is not an image', async () => {
    const channel = await signedInSocket();
    channel.raw(JSON.stringify({ type: 'nonsense' }));
    expect(await channel.next('error')).toMatchObject({ id: null, code: 'invalid_message' });
    channel.send({
      type: 'preview',
      id: 2,
      prompt: 'x',
      style: 'cartoon',
      drawing: 'data:image/png;base64,AAAA',
    });
    expect(await channel.next('error', (m) => m.id === 2)).toMatchObject({ code: 'drawing_invalid' });
  });

  it('renders only the newest of the requests that came during a render, and no superseded full frame', async () => {
    const channel = await signedInSocket();
    const drawing = await drawingUrl();
    for (let id = 0; id < 5; id++)
      channel.send({ type: 'preview', id, prompt: `a cat ${id}`, style: 'cartoon', drawing });
    await channel.next('frame', (m) => m.id === 4 && !m.draft);
    const rendered = channel.messages
      .filter((m) => m.type === 'frame')
      .map((m) => (m.type === 'frame' ? [m.id, m.draft] : []));
    // Request 0's draft went out, but requests 1–4 came meanwhile: its full frame was never rendered.
    expect(rendered).toEqual([
      [0, true],
      [4, true],
      [4, false],
    ]);
  });

  it('rate limits previews per person with a clear answer, refilled as time passes', async () => {
    const channel = await signedInSocket();
    const drawing = await drawingUrl();
    const total = REALTIME_LIMITS.burst + 3;
    for (let id = 0; id < total; id++)
      channel.send({ type: 'preview', id, prompt: 'a tree', style: 'cartoon', drawing });
    const limited = await channel.next('rate_limited', (m) => m.id === total - 1);
    expect(limited).toMatchObject({ burst: REALTIME_LIMITS.burst, perSecond: REALTIME_LIMITS.perSecond });
    expect(limited.retryAfterMs).toBeGreaterThan(0);
    // The clock stands still in this test: exactly the burst was accepted, the rest refused.
    expect(channel.messages.filter((m) => m.type === 'rate_limited')).toHaveLength(3);
    await channel.next('frame', (m) => m.id === REALTIME_LIMITS.burst - 1);

    // The bucket is the person's, not the socket's: a second socket is limited too, until time passes.
    const second = await signedInSocket();
    second.send({ type: 'preview', id: 100, prompt: 'a tree', style: 'cartoon', drawing });
    await second.next('rate_limited', (m) => m.id === 100);
    clock.advance(1000);
    second.send({ type: 'preview', id: 101, prompt: 'a tree', style: 'cartoon', drawing });
    await second.next('frame', (m) => m.id === 101);
  });

  it('keeps a frame once, at full quality even from a draft: the image price is charged and the asset names the drawing as its source', async () => {
    const channel = await signedInSocket();
    channel.send({
      type: 'preview',
      id: 7,
      prompt: 'a red balloon',
      style: 'digital-art',
      drawing: await drawingUrl(),
    });
    const frame = await channel.next('frame');
    expect(frame).toMatchObject({ draft: true, width: 256 });
    const client = browser(ctx.app, person);
    const credits = async () => (await client.get('/api/auth/me')).json().data.credits as number;
    const before = await credits();

    const kept = await client.post('/api/tools/realtime/keep?wait=true', { frameId: frame.frameId });
    expect(kept.statusCode).toBe(200);
    const asset = kept.json().data;
    expect(asset).toMatchObject({ prompt: 'a red balloon', generation: { status: 'succeeded' } });
    expect(asset.metadata).toMatchObject({
      width: 512,
      height: 512,
      provider: 'sketch',
      model: 'sketch-realtime',
    });
    expect(await credits()).toBe(before - CREDIT_PRICES.image);

    const lineage = (await client.get(`/api/library/${asset.id}/lineage`)).json().data;
    expect(lineage.sources).toHaveLength(1);
    expect(lineage.sources[0]).toMatchObject({ type: 'image', prompt: 'Realtime drawing' });

    const again = await client.post('/api/tools/realtime/keep?wait=true', { frameId: frame.frameId });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toContain('no longer available');
    expect(await credits()).toBe(before - CREDIT_PRICES.image);

    // Someone else cannot keep a frame they were not sent.
    channel.send({
      type: 'preview',
      id: 8,
      prompt: 'a red balloon',
      style: 'digital-art',
      drawing: await drawingUrl(),
    });
    const other = await channel.next('frame', (m) => m.id === 8);
    const stranger = await signUp(ctx.app);
    const stolen = await browser(ctx.app, stranger).post('/api/tools/realtime/keep', {
      frameId: other.frameId,
    });
    expect(stolen.statusCode).toBe(404);
  });
});
