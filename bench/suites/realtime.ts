import { REALTIME_SOCKET_PATH, type TRealtimeServerMessage } from '@kaleido/common';
import sharp from 'sharp';
import WebSocket from 'ws';
import { startAppServer } from '../../server/test/app-server.js';
import { percentile } from '../in-process.js';
import type { BenchSuite } from '../lib.js';

/** A 512² drawing as the page sends it: a sky band and a disc at a place that moves with `step`. */
async function drawing(step: number): Promise<string> {
  const x = 96 + ((step * 37) % 320);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="180" fill="#5da9e9"/><circle cx="${x}" cy="330" r="70" fill="#e53935"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const realtimeSuite: BenchSuite = {
  name: 'realtime',
  description:
    'Realtime previews over a WebSocket against the built app (offline renderer, 512²): time from sending a preview to receiving its first frame (a 256² draft where the server sends one) and its full 512² frame, after a drawing change (the scene cached; style digital-art, and the slow oil-painting) and after a prompt change (a new scene), one at a time, paced under the per-person rate limit. Baseline: the same socket answering a message it refuses (a round trip without rendering). Goal: a new frame within 300 ms of the last change.',
  async run() {
    const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
    let greeted: Promise<void> = Promise.resolve();
    const socket = await (async () => {
      const signup = await fetch(`${server.baseUrl}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({
          name: 'Bench',
          email: `bench-${Date.now()}@example.test`,
          password: 'bench password 1',
        }),
      });
      const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const url = `${server.baseUrl.replace(/^http/, 'ws')}${REALTIME_SOCKET_PATH}`;
      const ws = new WebSocket(url, { headers: { origin: server.baseUrl, cookie } });
      // The server's first message ('ready') may come right after the upgrade: listened to from the start.
      greeted = new Promise((resolve) => ws.once('message', () => resolve()));
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      return ws;
    })();
    const waiting = new Map<
      string,
      { resolve: (message: TRealtimeServerMessage) => void; reject: (error: Error) => void }
    >();
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as TRealtimeServerMessage;
      if (message.type === 'rate_limited') {
        waiting.get(`first ${message.id}`)?.reject(new Error('rate limited: the bench paces too fast'));
        return;
      }
      if (message.type !== 'frame') {
        waiting.get(message.type)?.resolve(message);
        return;
      }
      // The first frame of a request (a draft or the full one), then its full frame.
      waiting.get(`first ${message.id}`)?.resolve(message);
      waiting.delete(`first ${message.id}`);
      if (!message.draft) waiting.get(`full ${message.id}`)?.resolve(message);
    });
    const answer = (key: string) =>
      new Promise<TRealtimeServerMessage>((resolve, reject) => waiting.set(key, { resolve, reject }));
    let id = 0;
    let lastSent = 0;
    /** One preview, timed from send to its first and its full frame; at most 4 per second (the limit is 5). */
    const preview = async (
      prompt: string,
      step: number,
      style = 'digital-art',
    ): Promise<{ first: number; full: number }> => {
      const image = await drawing(step);
      await sleep(Math.max(0, lastSent + 250 - performance.now()));
      const mine = id++;
      const firstFrame = answer(`first ${mine}`);
      const fullFrame = answer(`full ${mine}`);
      const started = performance.now();
      lastSent = started;
      socket.send(JSON.stringify({ type: 'preview', id: mine, prompt, style, drawing: image }));
      await firstFrame;
      const first = performance.now() - started;
      await fullFrame;
      return { first, full: performance.now() - started };
    };
    const roundTrip = async (): Promise<number> => {
      const refused = answer('error');
      const started = performance.now();
      socket.send('{}');
      await refused;
      return performance.now() - started;
    };
    try {
      await greeted;
      // Warm-up: the render thread starts, the first scene is drawn.
      for (let i = 0; i < 3; i++) await preview('a lighthouse by the sea at sunset', i);
      const baseline: number[] = [];
      for (let i = 0; i < 40; i++) baseline.push(await roundTrip());
      const drawingChanges: { first: number; full: number }[] = [];
      for (let i = 0; i < 30; i++)
        drawingChanges.push(await preview('a lighthouse by the sea at sunset', i + 3));
      const slowStyle: { first: number; full: number }[] = [];
      for (let i = 0; i < 15; i++)
        slowStyle.push(await preview('a lighthouse by the sea at sunset', i + 3, 'oil-painting'));
      const promptChanges: { first: number; full: number }[] = [];
      const prompts = [
        'a red barn in a field',
        'a castle on a hill',
        'a city at night',
        'a forest in autumn',
        'a boat on a lake',
      ];
      for (let i = 0; i < 15; i++)
        promptChanges.push(await preview(`${prompts[i % prompts.length]} ${i}`, i));
      const row = (name: string, values: number[], baselineRow = false) => ({
        name,
        value: percentile(values, 50),
        unit: 'ms',
        higherIsBetter: false,
        ...(baselineRow ? { baseline: true } : {}),
        extra: { p95: `${percentile(values, 95).toFixed(1)} ms`, n: String(values.length) },
      });
      const firsts = (values: { first: number }[]) => values.map((value) => value.first);
      const fulls = (values: { full: number }[]) => values.map((value) => value.full);
      return [
        row('socket round trip, refused message (p50)', baseline, true),
        row('drawing change → first frame (p50)', firsts(drawingChanges)),
        row('drawing change → full 512² frame (p50)', fulls(drawingChanges)),
        row('drawing change, oil-painting → first frame (p50)', firsts(slowStyle)),
        row('drawing change, oil-painting → full 512² frame (p50)', fulls(slowStyle)),
        row('prompt change → first frame, new scene (p50)', firsts(promptChanges)),
        row('prompt change → full 512² frame, new scene (p50)', fulls(promptChanges)),
      ];
    } finally {
      socket.close();
      await server.stop();
    }
  },
};
