import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { interpretPrompt } from './interpret.js';
import { drawThing, layoutThings, type PlacedThing } from './layer-things.js';
import { sceneSeed } from './random.js';
import { createEnv } from './scene.js';
import { lookFor } from './style.js';
import { THING_FAMILIES, type ThingKind } from './things.js';

const SIZE = 256;

function envFor(prompt: string) {
  const spec = interpretPrompt(prompt);
  return createEnv(spec, {
    width: SIZE,
    height: SIZE,
    seed: sceneSeed(prompt, 1),
    quality: 'standard',
    look: lookFor('realistic', 'default'),
    video: false,
    durationSeconds: 0,
  });
}

/** The painted pixels of one thing drawn alone on a transparent canvas. */
function coverage(prompt: string, kind: ThingKind) {
  const env = envFor(prompt);
  const placed = layoutThings(env).find((p) => p.thing.kind === kind) as PlacedThing;
  expect(placed).toBeDefined();
  const canvas = createCanvas(SIZE, SIZE);
  drawThing(canvas.getContext('2d'), env, placed, 0);
  const data = canvas.getContext('2d').getImageData(0, 0, SIZE, SIZE).data;
  let count = 0;
  let inside = 0;
  let sumY = 0;
  let sumX = 0;
  const slack = placed.size * 0.25;
  const { x0, y0, x1, y1 } = placed.box;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if ((data[(y * SIZE + x) * 4 + 3] as number) < 128) continue;
      count++;
      sumX += x;
      sumY += y;
      if (x >= x0 - slack && x <= x1 + slack && y >= y0 - slack && y <= y1 + slack) inside++;
    }
  }
  return { placed, env, count, inside, cx: sumX / count, cy: sumY / count };
}

describe('Sketch things', () => {
  it('draws every kind of every family with visible pixels inside its own box', () => {
    for (const kinds of Object.values(THING_FAMILIES)) {
      for (const kind of kinds) {
        const { count, inside } = coverage(`a ${kind === 'ufo' ? 'ufo' : kind}`, kind);
        expect(count, kind).toBeGreaterThan(150);
        expect(inside / count, kind).toBeGreaterThan(0.85);
      }
    }
  });

  it('puts a dragon flying over a castle above the castle', () => {
    const dragon = coverage('a dragon flying over a castle', 'dragon');
    const castle = coverage('a dragon flying over a castle', 'castle');
    expect(dragon.cy).toBeLessThan(castle.placed.box.y0 + castle.placed.size * 0.2);
    expect(Math.abs(dragon.cx - castle.cx)).toBeLessThan(SIZE * 0.2);
  });

  it('stands buildings on the ground, below the horizon line, and fliers in the sky', () => {
    const cabin = coverage('cozy cabin in snowy mountains', 'cabin');
    expect(cabin.placed.y).toBeGreaterThan(cabin.env.horizon);
    expect(cabin.cy).toBeGreaterThan(SIZE * 0.45);
    const plane = coverage('airplane flying above the clouds', 'plane');
    expect(plane.cy).toBeLessThan(plane.env.horizon);
  });

  it('sets food on the table of an interior, in the lower middle of the frame', () => {
    const bowl = coverage('a bowl of ramen', 'bowl');
    expect(bowl.cx).toBeGreaterThan(SIZE * 0.3);
    expect(bowl.cx).toBeLessThan(SIZE * 0.7);
    expect(bowl.cy).toBeGreaterThan(bowl.env.horizon - bowl.placed.size);
  });

  it('tints the qualified thing with its colour word', () => {
    const env = envFor('a red car');
    const placed = layoutThings(env)[0] as PlacedThing;
    const canvas = createCanvas(SIZE, SIZE);
    drawThing(canvas.getContext('2d'), env, placed, 0);
    const data = canvas.getContext('2d').getImageData(0, 0, SIZE, SIZE).data;
    let red = 0;
    let blue = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] as number) < 128) continue;
      red += data[i] as number;
      blue += data[i + 2] as number;
    }
    expect(red).toBeGreaterThan(blue * 1.5);
  });
});
