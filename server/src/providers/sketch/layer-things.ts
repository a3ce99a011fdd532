import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { css, hsl, luminance, mix, type Rgb, scale } from './color.js';
import type { Thing } from './interpret.js';
import type { Ctx, Layer, SceneEnv } from './scene-types.js';
import { THING_DRAWINGS, THING_HALF_WIDTH, THING_SIZE, type ThingKit } from './thing-shapes.js';
import type { ThingKind } from './things.js';

/** Each kind's own colours (main, second), one pair per variant, when the prompt gives none. */
const OWN_COLOURS: Record<ThingKind, [Rgb, Rgb][]> = {
  cat: [
    [hsl(28, 0.7, 0.55), hsl(28, 0.5, 0.8)],
    [hsl(220, 0.06, 0.5), hsl(0, 0, 0.85)],
    [hsl(30, 0.15, 0.16), hsl(0, 0, 0.3)],
  ],
  dog: [
    [hsl(38, 0.6, 0.55), hsl(38, 0.5, 0.8)],
    [hsl(25, 0.5, 0.33), hsl(30, 0.4, 0.7)],
    [hsl(40, 0.15, 0.9), hsl(25, 0.4, 0.35)],
  ],
  bird: [
    [hsl(5, 0.75, 0.5), hsl(40, 0.8, 0.6)],
    [hsl(210, 0.6, 0.5), hsl(45, 0.8, 0.6)],
    [hsl(28, 0.4, 0.35), hsl(20, 0.7, 0.55)],
  ],
  fish: [
    [hsl(22, 0.9, 0.55), hsl(40, 0.9, 0.7)],
    [hsl(10, 0.85, 0.5), hsl(0, 0, 0.95)],
    [hsl(45, 0.9, 0.55), hsl(20, 0.9, 0.55)],
  ],
  horse: [
    [hsl(25, 0.5, 0.33), hsl(20, 0.3, 0.15)],
    [hsl(35, 0.15, 0.9), hsl(35, 0.1, 0.75)],
    [hsl(20, 0.1, 0.15), hsl(0, 0, 0.1)],
  ],
  dragon: [
    [hsl(130, 0.45, 0.35), hsl(50, 0.6, 0.5)],
    [hsl(5, 0.7, 0.4), hsl(30, 0.8, 0.5)],
    [hsl(270, 0.4, 0.35), hsl(190, 0.6, 0.5)],
  ],
  unicorn: [[hsl(300, 0.1, 0.95), hsl(300, 0.6, 0.75)]],
  phoenix: [[hsl(20, 1, 0.55), hsl(45, 1, 0.6)]],
  ghost: [[hsl(220, 0.1, 0.95), hsl(220, 0.3, 0.8)]],
  monster: [
    [hsl(270, 0.5, 0.5), hsl(50, 0.8, 0.6)],
    [hsl(120, 0.5, 0.45), hsl(300, 0.6, 0.6)],
    [hsl(190, 0.6, 0.45), hsl(20, 0.8, 0.6)],
  ],
  robot: [[hsl(210, 0.12, 0.6), hsl(200, 0.8, 0.6)]],
  car: [
    [hsl(2, 0.75, 0.45), hsl(0, 0, 0.2)],
    [hsl(215, 0.65, 0.45), hsl(0, 0, 0.2)],
    [hsl(48, 0.9, 0.55), hsl(0, 0, 0.2)],
  ],
  boat: [
    [hsl(0, 0, 0.92), hsl(210, 0.6, 0.4)],
    [hsl(25, 0.45, 0.35), hsl(5, 0.7, 0.55)],
    [hsl(200, 0.5, 0.35), hsl(5, 0.7, 0.45)],
  ],
  plane: [[hsl(0, 0, 0.93), hsl(5, 0.75, 0.5)]],
  spaceship: [[hsl(0, 0, 0.92), hsl(5, 0.8, 0.5)]],
  ufo: [[hsl(210, 0.08, 0.62), hsl(140, 0.8, 0.6)]],
  train: [[hsl(0, 0.65, 0.35), hsl(0, 0, 0.2)]],
  bicycle: [[hsl(5, 0.75, 0.45), hsl(0, 0, 0.2)]],
  balloon: [[hsl(5, 0.8, 0.55), hsl(48, 0.9, 0.6)]],
  house: [
    [hsl(40, 0.35, 0.88), hsl(5, 0.6, 0.4)],
    [hsl(200, 0.25, 0.75), hsl(15, 0.45, 0.3)],
  ],
  cabin: [[hsl(25, 0.45, 0.35), hsl(20, 0.25, 0.22)]],
  barn: [[hsl(3, 0.65, 0.42), hsl(0, 0, 0.9)]],
  lighthouse: [
    [hsl(2, 0.75, 0.48), hsl(0, 0, 0.9)],
    [hsl(2, 0.75, 0.48), hsl(0, 0, 0.9)],
  ],
  castle: [[hsl(35, 0.1, 0.62), hsl(220, 0.45, 0.35)]],
  tower: [[hsl(35, 0.15, 0.6), hsl(0, 0.5, 0.4)]],
  bridge: [[hsl(32, 0.15, 0.55), hsl(0, 0, 0.4)]],
  windmill: [[hsl(30, 0.3, 0.6), hsl(5, 0.5, 0.35)]],
  temple: [[hsl(5, 0.6, 0.42), hsl(20, 0.2, 0.2)]],
  bowl: [
    [hsl(0, 0, 0.93), hsl(5, 0.6, 0.45)],
    [hsl(5, 0.65, 0.42), hsl(0, 0, 0.1)],
  ],
  cup: [
    [hsl(0, 0, 0.94), hsl(25, 0.5, 0.3)],
    [hsl(205, 0.45, 0.5), hsl(25, 0.5, 0.3)],
  ],
  cake: [
    [hsl(340, 0.6, 0.78), hsl(0, 0, 0.98)],
    [hsl(25, 0.5, 0.35), hsl(340, 0.6, 0.8)],
  ],
  fruit: [
    [hsl(2, 0.8, 0.45), hsl(110, 0.5, 0.4)],
    [hsl(30, 0.9, 0.55), hsl(110, 0.5, 0.4)],
  ],
  pizza: [[hsl(45, 0.85, 0.6), hsl(5, 0.7, 0.45)]],
  glass: [[hsl(32, 0.95, 0.55), hsl(50, 0.9, 0.6)]],
  vase: [
    [hsl(215, 0.55, 0.45), hsl(0, 0, 0.9)],
    [hsl(25, 0.5, 0.5), hsl(0, 0, 0.9)],
  ],
  chest: [[hsl(25, 0.5, 0.32), hsl(45, 0.85, 0.55)]],
  book: [
    [hsl(5, 0.55, 0.38), hsl(40, 0.4, 0.85)],
    [hsl(150, 0.4, 0.3), hsl(40, 0.4, 0.85)],
  ],
  lamp: [[hsl(40, 0.5, 0.45), hsl(40, 0.6, 0.8)]],
  candle: [[hsl(40, 0.3, 0.9), hsl(40, 1, 0.6)]],
  clock: [[hsl(25, 0.45, 0.35), hsl(0, 0, 0.9)]],
  chair: [[hsl(28, 0.45, 0.38), hsl(28, 0.35, 0.5)]],
  guitar: [[hsl(30, 0.65, 0.45), hsl(20, 0.4, 0.2)]],
};

const TONES: Record<string, Rgb> = {
  black: hsl(30, 0.1, 0.14),
  white: hsl(40, 0.12, 0.92),
  brown: hsl(25, 0.5, 0.33),
  grey: hsl(220, 0.05, 0.55),
};

export interface PlacedThing {
  thing: Thing;
  /** Base point (middle of its base) in pixels. */
  x: number;
  y: number;
  /** Height in pixels. */
  size: number;
  facing: 1 | -1;
  variant: number;
  /** Where it is drawn in a still, in pixels (for tests and for things flying over others). */
  box: { x0: number; y0: number; x1: number; y1: number };
}

function boxOf(kind: ThingKind, x: number, y: number, size: number): PlacedThing['box'] {
  const half = (THING_HALF_WIDTH[kind] ?? 0.45) * size;
  return { x0: x - half, y0: y - size * 1.05, x1: x + half, y1: y + size * 0.05 };
}

/** Where each thing goes: the first-named is the main subject, near the middle and largest. */
export function layoutThings(env: SceneEnv): PlacedThing[] {
  const { width: W, height: H, horizon, unit, spec } = env;
  const rng = env.rng('things');
  const portrait = spec.subjects.includes('portrait');
  const placed: PlacedThing[] = [];
  const floor = Math.min(horizon, H * 0.92);
  const sides = [0, -1, 1, -0.6, 0.6];
  const byPlacement = new Map<string, number>();
  for (const thing of spec.things) {
    const nth = byPlacement.get(thing.placement) ?? 0;
    byPlacement.set(thing.placement, nth + 1);
    const main = placed.length === 0;
    const variant = rng.int(0, 2);
    const facing: 1 | -1 = rng.chance(0.5) ? 1 : -1;
    let size = unit * THING_SIZE[thing.kind] * (main ? 1.25 : 0.85) * (portrait ? 0.55 : 1);
    if (spec.camera === 'close-up') size *= 1.3;
    if (spec.camera === 'wide') size *= 0.7;
    const spread = (sides[nth] ?? 0) * W * 0.3;
    const lean = main && !portrait ? env.lightSide * -W * 0.04 : 0;
    let x = W / 2 + spread + lean + (portrait ? W * 0.28 * (nth % 2 ? -1 : 1) : 0);
    let y: number;
    switch (thing.placement) {
      case 'table':
        size *= 1.35;
        y = floor + (H - floor) * 0.42;
        break;
      case 'water':
        y = horizon + (H - horizon) * (portrait ? 0.1 : 0.35);
        break;
      case 'sky': {
        const under = thing.over ? placed.find((p) => p.thing.kind === thing.over) : undefined;
        if (under) {
          x = under.x + rng.range(-0.1, 0.1) * W;
          y = under.box.y0 - size * 0.08;
        } else if (spec.subjects.includes('space') && !spec.subjects.some((s) => s !== 'space')) {
          y = H * 0.62;
        } else {
          y = Math.min(horizon, H) * (portrait ? 0.35 : 0.55);
        }
        break;
      }
      default:
        y = horizon + (H - horizon) * (portrait ? 0.08 : 0.45);
    }
    y = Math.min(y, H - size * 0.02);
    // Tall things keep their tops in the frame.
    if (thing.placement !== 'sky') size = Math.min(size, (y - H * 0.05) / 1.05);
    const fiery = spec.variants.includes('fire') && (thing.kind === 'dragon' || thing.kind === 'phoenix');
    // A sleeping cat is drawn lying down (variant 1); other kinds keep their seeded variant.
    const pose = spec.variants.includes('sleeping') && thing.kind === 'cat' ? 1 : variant;
    placed.push({
      thing,
      x,
      y,
      size,
      facing,
      variant: fiery ? 2 : pose,
      box: boxOf(thing.kind, x, y, size),
    });
  }
  // Fliers named before what they fly over ("a dragon over a castle") are placed after it.
  for (const p of placed) {
    if (!p.thing.over) continue;
    const under = placed.find((q) => q.thing.kind === p.thing.over);
    if (!under) continue;
    p.x = under.x;
    // Wings rise above the drawing's unit height: keep them in the frame.
    p.y = Math.max(p.size * 1.3, under.box.y0 - p.size * 0.1);
    p.box = boxOf(p.thing.kind, p.x, p.y, p.size);
  }
  return placed;
}

function colours(p: PlacedThing): { base: Rgb; alt: Rgb } {
  const own = OWN_COLOURS[p.thing.kind];
  const pair = own[p.variant % own.length] as [Rgb, Rgb];
  let base = pair[0];
  if (p.thing.hue !== null) base = hsl(p.thing.hue, 0.72, 0.5);
  else if (p.thing.tone) base = TONES[p.thing.tone] ?? base;
  return { base, alt: pair[1] };
}

/** The scene's light on a thing's colour: dimmer at night, tinted by the key light. */
function litBy(env: SceneEnv, color: Rgb): Rgb {
  const pal = env.palette;
  const level = 0.5 + 0.5 * Math.max(pal.daylight, pal.night ? 0.35 : 0.5);
  return mix(scale(color, level), pal.light, 0.08);
}

/** Draws one placed thing at time t (stills use t = 0). */
export function drawThing(ctx: Ctx, env: SceneEnv, p: PlacedThing, t: number, flat: Rgb | null = null): void {
  const { base, alt } = colours(p);
  const pal = env.palette;
  const localLight = env.lightSide * p.facing;
  const kit: ThingKit = {
    ctx,
    base: flat ?? litBy(env, base),
    alt: flat ?? litBy(env, alt),
    v: p.variant,
    rng: env.rng(`thing-${p.thing.kind}`),
    t,
    night: pal.night,
    glow: flat ?? mix(pal.windows, [255, 220, 150], 0.3),
    ink: [25, 20, 30],
    wearing: p.thing.wearing,
    helmet: p.thing.helmet,
    eyes: p.thing.eyes !== null ? hsl(p.thing.eyes, 0.8, 0.45) : null,
    bloom: env.spec.variants.includes('sunflowers')
      ? 50
      : (pal.targetHues.flowers ?? env.spec.hues[0] ?? 345),
    fill(color, x0 = -0.5, x1 = 0.5) {
      if (flat) {
        ctx.fillStyle = css(flat);
        return;
      }
      const lit = mix(color, mix(pal.light, [255, 255, 255], 0.4), 0.22);
      const shade = mix(scale(color, 0.55), pal.shadow, 0.25);
      const g = ctx.createLinearGradient(localLight > 0 ? x0 : x1, 0, localLight > 0 ? x1 : x0, 0);
      g.addColorStop(0, css(lit));
      g.addColorStop(0.55, css(color));
      g.addColorStop(1, css(shade));
      ctx.fillStyle = g;
    },
  };
  // Fliers cross the frame in videos; floating things drift and turn slowly.
  let x = p.x;
  let y = p.y;
  let turn = 0;
  if (t > 0 && p.thing.placement === 'sky') {
    const speed = p.thing.family === 'vehicle' ? 0.05 : 0.03;
    x += p.facing * env.unit * speed * t;
    y += Math.sin(t * 1.3) * p.size * 0.06;
    if (env.spec.subjects.includes('space')) turn = Math.sin(t * 0.4) * 0.12;
  } else if (t > 0 && p.thing.placement === 'water') {
    y += Math.sin(t * 1.6) * p.size * 0.025;
    turn = Math.sin(t * 1.1) * 0.03;
  }
  const copies = p.thing.count > 1 ? 3 : 1;
  for (let i = 0; i < copies; i++) {
    const s = i === 0 ? 1 : 0.7;
    const dx = i === 0 ? 0 : (i === 1 ? -1 : 1) * p.size * 1.3;
    const dy = i === 0 ? 0 : p.size * (p.thing.placement === 'sky' ? -0.3 * i : 0.05);
    ctx.save();
    ctx.translate(x + dx, y + dy);
    if (turn) ctx.rotate(turn);
    ctx.scale(p.size * s * p.facing, p.size * s);
    kit.t = t + i * 0.37;
    if (p.thing.kind === 'fish' && p.thing.placement === 'table')
      fishbowl(kit, () => THING_DRAWINGS.fish(kit));
    else THING_DRAWINGS[p.thing.kind](kit);
    ctx.restore();
  }
}

/** A round glass bowl of water around a fish standing on a table (drawn in the fish's frame). */
function fishbowl(kit: ThingKit, drawFish: () => void): void {
  const { ctx } = kit;
  ctx.save();
  ctx.scale(0.55, 0.55);
  ctx.beginPath();
  ctx.arc(0, -0.95, 0.95, 0, Math.PI * 2);
  ctx.fillStyle = css(hsl(195, 0.5, 0.6), 0.35);
  ctx.fill();
  ctx.save();
  ctx.translate(0, -0.35);
  ctx.scale(0.9, 0.9);
  drawFish();
  ctx.restore();
  ctx.beginPath();
  ctx.arc(0, -0.95, 0.95, 0, Math.PI * 2);
  ctx.strokeStyle = css([235, 245, 250], 0.7);
  ctx.lineWidth = 0.04;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(0, -1.72, 0.5, 0.08, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(-0.35, -1.25, 0.35, Math.PI * 1.1, Math.PI * 1.45);
  ctx.strokeStyle = css([255, 255, 255], 0.6);
  ctx.lineWidth = 0.06;
  ctx.stroke();
  ctx.restore();
}

/** A soft contact shadow under things standing on something, thrown away from the light. */
function groundShadow(ctx: Ctx, env: SceneEnv, p: PlacedThing): void {
  const half = (THING_HALF_WIDTH[p.thing.kind] ?? 0.45) * p.size;
  const strength = 0.18 + 0.22 * env.palette.daylight;
  ctx.save();
  ctx.translate(p.x - env.lightSide * p.size * 0.18, p.y);
  ctx.scale(1, 0.16);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, half * 1.25);
  g.addColorStop(0, css(scale(env.palette.shadow, 0.35), strength));
  g.addColorStop(1, css(scale(env.palette.shadow, 0.35), 0));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, half * 1.25, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** One layer per thing: standing things with their shadow, fliers above, all moving in videos. */
export function thingLayers(env: SceneEnv): Layer[] {
  const placed = layoutThings(env);
  return placed.map((p) => {
    const standing = p.thing.placement === 'ground' || p.thing.placement === 'table';
    return {
      name: `thing:${p.thing.kind}`,
      depth: p.thing.placement === 'sky' ? 0.45 : 0.75,
      animate(ctx, t) {
        if (standing) groundShadow(ctx, env, p);
        drawThing(ctx, env, p, t);
      },
    };
  });
}

/** An interior: back wall, a window onto the scene's sky, the furnishings asked for, a table or floor. */
export function roomLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit, palette: pal, spec } = env;
  const rng = env.rng('room');
  const dark = pal.night || spec.moods.includes('dark');
  const wallHue = spec.hues[0] ?? rng.pick([30, 35, 200, 150]);
  const wall = mix(hsl(wallHue, 0.25, dark ? 0.22 : 0.7), pal.light, 0.1);
  const floorY = Math.min(horizon, H);
  const room = new Set(spec.room);
  const neon = spec.variants.includes('neon') || room.has('neon');
  return {
    name: 'room',
    depth: 0.3,
    draw(ctx) {
      const g = ctx.createLinearGradient(0, 0, 0, floorY);
      g.addColorStop(0, css(scale(wall, 0.75)));
      g.addColorStop(1, css(wall));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, W, floorY);
      // A window onto the sky: day blue, night with the moon.
      const wx = W * (env.lightSide > 0 ? 0.12 : 0.58);
      const ww = W * 0.3;
      const wy = floorY * 0.14;
      const wh = floorY * 0.55;
      if (!room.has('glasshouse') && !room.has('kitchen') && (room.has('window') || !room.has('books'))) {
        const sky = ctx.createLinearGradient(0, wy, 0, wy + wh);
        sky.addColorStop(0, css(pal.skyTop));
        sky.addColorStop(1, css(pal.skyHorizon));
        ctx.fillStyle = sky;
        ctx.fillRect(wx, wy, ww, wh);
        if (pal.night) {
          ctx.fillStyle = css(pal.sun);
          ctx.beginPath();
          ctx.arc(wx + ww * 0.7, wy + wh * 0.3, unit * 0.03, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.strokeStyle = css(scale(wall, 0.45));
        ctx.lineWidth = unit * 0.014;
        ctx.strokeRect(wx, wy, ww, wh);
        ctx.beginPath();
        ctx.moveTo(wx + ww / 2, wy);
        ctx.lineTo(wx + ww / 2, wy + wh);
        ctx.moveTo(wx, wy + wh / 2);
        ctx.lineTo(wx + ww, wy + wh / 2);
        ctx.stroke();
        if (!pal.night) {
          // Daylight falls through the window onto the wall and floor.
          ctx.fillStyle = css(pal.light, 0.12);
          ctx.beginPath();
          ctx.moveTo(wx, wy + wh);
          ctx.lineTo(wx + ww, wy + wh);
          ctx.lineTo(wx + ww + W * 0.2 * -env.lightSide, H);
          ctx.lineTo(wx + W * 0.2 * -env.lightSide, H);
          ctx.closePath();
          ctx.fill();
        }
      }
      if (room.has('books')) {
        // Shelves of books across the other side.
        const sx = W * (env.lightSide > 0 ? 0.5 : 0.05);
        const sw = W * 0.45;
        for (let row = 0; row < 4; row++) {
          const y = floorY * (0.12 + row * 0.2);
          ctx.fillStyle = css(hsl(25, 0.4, 0.22));
          ctx.fillRect(sx, y + floorY * 0.16, sw, unit * 0.015);
          let x = sx;
          while (x < sx + sw - unit * 0.02) {
            const bw = unit * rng.range(0.014, 0.028);
            const bh = floorY * rng.range(0.11, 0.155);
            ctx.fillStyle = css(hsl(rng.pick([5, 25, 45, 140, 210, 280]), 0.45, dark ? 0.25 : 0.4));
            ctx.fillRect(x, y + floorY * 0.16 - bh, bw, bh);
            x += bw + unit * 0.003;
          }
        }
      }
      if (room.has('fireplace')) {
        const fx = W * (env.lightSide > 0 ? 0.58 : 0.12);
        const fw = W * 0.3;
        ctx.fillStyle = css(hsl(15, 0.25, 0.4));
        ctx.fillRect(fx, floorY - floorY * 0.38, fw, floorY * 0.38);
        ctx.fillStyle = css([25, 15, 12]);
        ctx.fillRect(fx + fw * 0.18, floorY - floorY * 0.26, fw * 0.64, floorY * 0.26);
      }
      if (room.has('plants')) {
        for (const px of [0.08, 0.9]) {
          const x = W * px;
          ctx.fillStyle = css(hsl(20, 0.5, 0.4));
          ctx.fillRect(x - unit * 0.04, floorY - unit * 0.08, unit * 0.08, unit * 0.08);
          for (let i = 0; i < 9; i++) {
            const a = -Math.PI / 2 + (i - 4) * 0.3;
            ctx.fillStyle = css(hsl(120 + i * 4, 0.45, dark ? 0.2 : 0.35));
            ctx.beginPath();
            ctx.ellipse(
              x + Math.cos(a) * unit * 0.08,
              floorY - unit * 0.1 + Math.sin(a) * unit * 0.09,
              unit * 0.06,
              unit * 0.02,
              a,
              0,
              Math.PI * 2,
            );
            ctx.fill();
          }
        }
      }
      if (room.has('glasshouse')) {
        // Glass walls: panes of sky behind a grid of white frames, plants all along.
        const sky = ctx.createLinearGradient(0, 0, 0, floorY);
        sky.addColorStop(0, css(mix(pal.skyTop, [255, 255, 255], 0.2)));
        sky.addColorStop(1, css(mix(pal.skyHorizon, [255, 255, 255], 0.3)));
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, W, floorY);
        ctx.strokeStyle = css([240, 240, 235]);
        ctx.lineWidth = unit * 0.01;
        for (let x = 0; x <= W; x += W / 6) {
          ctx.beginPath();
          ctx.moveTo(x, 0);
          ctx.lineTo(x, floorY);
          ctx.stroke();
        }
        for (let y = floorY / 3; y < floorY; y += floorY / 3) {
          ctx.beginPath();
          ctx.moveTo(0, y);
          ctx.lineTo(W, y);
          ctx.stroke();
        }
      }
      if (room.has('board')) {
        ctx.fillStyle = css(hsl(150, 0.3, dark ? 0.12 : 0.22));
        ctx.fillRect(W * 0.22, floorY * 0.18, W * 0.56, floorY * 0.45);
        ctx.strokeStyle = css(hsl(30, 0.4, 0.35));
        ctx.lineWidth = unit * 0.012;
        ctx.strokeRect(W * 0.22, floorY * 0.18, W * 0.56, floorY * 0.45);
        ctx.strokeStyle = css([235, 235, 225], 0.75);
        ctx.lineWidth = unit * 0.004;
        for (let i = 0; i < 4; i++) {
          ctx.beginPath();
          ctx.moveTo(W * 0.27, floorY * (0.26 + i * 0.09));
          ctx.lineTo(W * (0.45 + rng.range(0, 0.25)), floorY * (0.26 + i * 0.09));
          ctx.stroke();
        }
      }
      if (room.has('kitchen')) {
        // Wall cupboards, a counter with a hob and a tiled splashback.
        ctx.fillStyle = css(mix(hsl(wallHue + 180, 0.2, dark ? 0.25 : 0.8), wall, 0.3));
        for (let x = W * 0.02; x < W * 0.98; x += W * 0.16)
          ctx.fillRect(x, floorY * 0.08, W * 0.15, floorY * 0.3);
        ctx.fillStyle = css(mix(wall, [255, 255, 255], 0.35));
        ctx.fillRect(0, floorY * 0.72, W, floorY * 0.14);
        ctx.fillStyle = css(hsl(30, 0.1, dark ? 0.2 : 0.35));
        ctx.fillRect(0, floorY * 0.86, W, floorY * 0.05);
        ctx.fillStyle = css(hsl(wallHue + 180, 0.2, dark ? 0.22 : 0.72));
        ctx.fillRect(0, floorY * 0.91, W, floorY * 0.09);
        ctx.fillStyle = css([35, 35, 40]);
        for (const dx of [0.62, 0.72]) {
          ctx.beginPath();
          ctx.ellipse(W * dx, floorY * 0.885, unit * 0.035, unit * 0.01, 0, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      if (room.has('bed')) {
        const bx = W * (env.lightSide > 0 ? 0.45 : 0.05);
        const bw = W * 0.5;
        const by = floorY + (H - floorY) * 0.55;
        ctx.fillStyle = css(hsl(28, 0.4, dark ? 0.18 : 0.35));
        ctx.fillRect(bx, by - unit * 0.32, unit * 0.03, unit * 0.32);
        ctx.fillStyle = css(mix(hsl(pal.accentHue, 0.45, 0.55), pal.shadow, dark ? 0.5 : 0.1));
        ctx.fillRect(bx, by - unit * 0.14, bw, unit * 0.14);
        ctx.fillStyle = css(mix([245, 245, 240], pal.shadow, dark ? 0.5 : 0));
        ctx.beginPath();
        ctx.ellipse(bx + unit * 0.12, by - unit * 0.16, unit * 0.09, unit * 0.04, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      if (room.has('sofa')) {
        const sx = W * (env.lightSide > 0 ? 0.08 : 0.5);
        const sw = W * 0.42;
        const sy = floorY + (H - floorY) * 0.35;
        ctx.fillStyle = css(mix(hsl(pal.accentHue, 0.4, 0.4), pal.shadow, dark ? 0.5 : 0.1));
        ctx.fillRect(sx, sy - unit * 0.22, sw, unit * 0.12);
        ctx.fillRect(sx, sy - unit * 0.12, sw, unit * 0.1);
        ctx.fillRect(sx - unit * 0.03, sy - unit * 0.16, unit * 0.05, unit * 0.14);
        ctx.fillRect(sx + sw - unit * 0.02, sy - unit * 0.16, unit * 0.05, unit * 0.14);
      }
      if (neon) {
        ctx.save();
        ctx.shadowColor = css(pal.accent);
        ctx.shadowBlur = unit * 0.04;
        ctx.strokeStyle = css(mix(pal.accent, [255, 255, 255], 0.4));
        ctx.lineWidth = unit * 0.008;
        ctx.strokeRect(W * 0.1, floorY * 0.08, W * 0.8, floorY * 0.84);
        ctx.restore();
      }
      // Floor, or a table top when small things stand on it.
      const table = room.has('table') || room.has('desk') || room.has('computer');
      const wood = hsl(28, 0.45, dark ? 0.2 : 0.4);
      const floor = table ? wood : mix(hsl(30, 0.3, dark ? 0.15 : 0.45), wall, 0.2);
      const fg = ctx.createLinearGradient(0, floorY, 0, H);
      fg.addColorStop(0, css(mix(floor, pal.light, 0.1)));
      fg.addColorStop(1, css(scale(floor, 0.6)));
      ctx.fillStyle = fg;
      ctx.fillRect(0, floorY, W, H - floorY);
      if (table) {
        ctx.strokeStyle = css(scale(wood, 0.7), 0.4);
        ctx.lineWidth = unit * 0.003;
        for (let i = 0; i < 10; i++) {
          const y = floorY + (H - floorY) * (i / 10) ** 1.5;
          ctx.beginPath();
          ctx.moveTo(0, y);
          ctx.lineTo(W, y + rng.range(-1, 1) * unit * 0.01);
          ctx.stroke();
        }
        ctx.fillStyle = css(mix(wood, [255, 255, 255], 0.2));
        ctx.fillRect(0, floorY - unit * 0.004, W, unit * 0.008);
      }
      if (room.has('computer')) {
        // A monitor on the desk, its screen lit.
        const mx = W * 0.5;
        const my = floorY - unit * 0.01;
        ctx.fillStyle = css([40, 40, 45]);
        ctx.fillRect(mx - unit * 0.02, my - unit * 0.08, unit * 0.04, unit * 0.08);
        ctx.fillRect(mx - unit * 0.2, my - unit * 0.34, unit * 0.4, unit * 0.26);
        const screen = ctx.createLinearGradient(0, my - unit * 0.32, 0, my - unit * 0.1);
        screen.addColorStop(0, css(hsl(pal.accentHue, 0.6, 0.6)));
        screen.addColorStop(1, css(hsl(pal.accentHue + 40, 0.6, 0.35)));
        ctx.fillStyle = screen;
        ctx.fillRect(mx - unit * 0.185, my - unit * 0.325, unit * 0.37, unit * 0.23);
        ctx.fillStyle = css([60, 60, 65]);
        ctx.fillRect(mx - unit * 0.16, my + unit * 0.05, unit * 0.32, unit * 0.04);
      }
      if (room.has('plants') && room.has('glasshouse')) {
        for (let i = 0; i < 7; i++) {
          const x = W * (0.07 + i * 0.145);
          const y = floorY + (H - floorY) * (0.3 + (i % 2) * 0.25);
          ctx.fillStyle = css(hsl(20, 0.5, 0.4));
          ctx.fillRect(x - unit * 0.035, y - unit * 0.06, unit * 0.07, unit * 0.06);
          for (let j = 0; j < 8; j++) {
            const a = -Math.PI / 2 + (j - 3.5) * 0.33;
            ctx.fillStyle = css(hsl(110 + j * 5, 0.5, dark ? 0.2 : 0.33));
            ctx.beginPath();
            ctx.ellipse(
              x + Math.cos(a) * unit * 0.07,
              y - unit * 0.07 + Math.sin(a) * unit * 0.07,
              unit * 0.055,
              unit * 0.018,
              a,
              0,
              Math.PI * 2,
            );
            ctx.fill();
          }
        }
      }
    },
    animate(ctx, t) {
      if (!room.has('fireplace')) return;
      // The fire flickers.
      const fx = W * (env.lightSide > 0 ? 0.58 : 0.12) + W * 0.15;
      const fy = floorY - floorY * 0.02;
      for (let i = 0; i < 5; i++) {
        const h = unit * (0.1 + 0.04 * Math.sin(t * 9 + i * 1.7));
        ctx.fillStyle = css(hsl(20 + i * 8, 1, 0.55), 0.8);
        ctx.beginPath();
        ctx.ellipse(fx + (i - 2) * unit * 0.03, fy - h / 2, unit * 0.025, h / 2, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      const glow = ctx.createRadialGradient(fx, fy, 0, fx, fy, unit * 0.5);
      glow.addColorStop(0, css(hsl(30, 1, 0.6), 0.3));
      glow.addColorStop(1, css(hsl(30, 1, 0.6), 0));
      ctx.fillStyle = glow;
      ctx.fillRect(0, 0, W, H);
    },
  };
}

/** A pond seen from straight above: water filling the frame, lily pads, koi swimming round. */
export function pondFromAboveLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal } = env;
  const rng = env.rng('pond');
  const pads = Array.from({ length: 9 }, () => ({
    x: rng.range(0, W),
    y: rng.range(0, H),
    r: unit * rng.range(0.04, 0.08),
    a: rng.range(0, 6),
  }));
  const fish = Array.from({ length: 5 }, (_, i) => ({
    cx: W * rng.range(0.25, 0.75),
    cy: H * rng.range(0.25, 0.75),
    r: unit * rng.range(0.12, 0.3),
    phase: rng.range(0, 6),
    speed: rng.range(0.15, 0.3) * (i % 2 ? 1 : -1),
    white: rng.chance(0.5),
  }));
  const thing = env.spec.things.find((t) => t.kind === 'fish');
  const koi = thing?.hue != null ? hsl(thing.hue, 0.85, 0.55) : hsl(22, 0.95, 0.55);
  return {
    name: 'pond-from-above',
    depth: 0.8,
    draw(ctx) {
      const g = ctx.createRadialGradient(W / 2, H / 2, 0, W / 2, H / 2, Math.max(W, H) * 0.7);
      g.addColorStop(0, css(mix(pal.waterDeep, hsl(170, 0.4, 0.25), 0.5)));
      g.addColorStop(1, css(scale(mix(pal.waterDeep, hsl(160, 0.4, 0.15), 0.5), 0.7)));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, W, H);
    },
    animate(ctx, t) {
      for (const f of fish) {
        const a = f.phase + t * f.speed;
        const x = f.cx + Math.cos(a) * f.r;
        const y = f.cy + Math.sin(a) * f.r;
        const heading = a + (f.speed > 0 ? Math.PI / 2 : -Math.PI / 2);
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(heading);
        const L = unit * 0.09;
        ctx.fillStyle = css(koi);
        ctx.beginPath();
        ctx.ellipse(0, 0, L, L * 0.32, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.beginPath();
        ctx.moveTo(-L * 0.9, 0);
        ctx.lineTo(-L * 1.5, -L * 0.35 + Math.sin(t * 6 + f.phase) * L * 0.1);
        ctx.lineTo(-L * 1.5, L * 0.35 + Math.sin(t * 6 + f.phase) * L * 0.1);
        ctx.closePath();
        ctx.fill();
        if (f.white) {
          ctx.fillStyle = css([245, 242, 235]);
          ctx.beginPath();
          ctx.ellipse(L * 0.2, 0, L * 0.35, L * 0.2, 0, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.restore();
      }
      for (const p of pads) {
        ctx.fillStyle = css(hsl(110, 0.45, 0.32));
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.arc(p.x, p.y, p.r, p.a + 0.35, p.a + Math.PI * 2);
        ctx.closePath();
        ctx.fill();
      }
      // Surface glints move with the light breeze.
      ctx.strokeStyle = css([255, 255, 255], 0.18);
      ctx.lineWidth = unit * 0.003;
      for (let i = 0; i < 6; i++) {
        ctx.beginPath();
        ctx.ellipse(
          W * ((i * 0.37 + t * 0.01) % 1),
          H * ((i * 0.61) % 1),
          unit * 0.06,
          unit * 0.02,
          0,
          0,
          Math.PI * 2,
        );
        ctx.stroke();
      }
    },
  };
}

let fontFamily: string | null | undefined;

/** The OFL font shipped with the project (@fontsource/dm-sans), registered once; null if missing. */
export function logoFont(): string | null {
  if (fontFamily !== undefined) return fontFamily;
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@fontsource/dm-sans/files/dm-sans-latin-700-normal.woff2');
    fontFamily = GlobalFonts.registerFromPath(file, 'Kaleido DM Sans') ? 'Kaleido DM Sans' : null;
  } catch {
    fontFamily = null;
  }
  return fontFamily;
}

/** A logo or icon: flat background, a round badge holding the mark drawn flat, the name set below. */
export function logoLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal, spec } = env;
  const name = spec.logo?.name ?? null;
  const keyHue = spec.hues[0] ?? pal.accentHue;
  const ink = hsl(keyHue, 0.6, 0.28);
  const paper = spec.moods.includes('dark') || pal.night ? hsl(keyHue, 0.25, 0.12) : hsl(keyHue, 0.25, 0.95);
  const badge = hsl(keyHue, 0.65, 0.5);
  const first = spec.things[0];
  return {
    name: 'logo',
    depth: 0.5,
    draw(ctx) {
      ctx.fillStyle = css(paper);
      ctx.fillRect(0, 0, W, H);
      const r = unit * (name ? 0.26 : 0.34);
      const cx = W / 2;
      const cy = H / 2 - (name ? unit * 0.1 : 0);
      ctx.fillStyle = css(badge);
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = css(ink);
      ctx.lineWidth = unit * 0.012;
      ctx.beginPath();
      ctx.arc(cx, cy, r * 0.9, 0, Math.PI * 2);
      ctx.stroke();
      const markColour = luminance(badge) > 0.6 ? ink : ([250, 248, 240] as Rgb);
      if (first) {
        const size = r * 1.05;
        const half = (THING_HALF_WIDTH[first.kind] ?? 0.45) * size;
        const fit = Math.min(1, (r * 1.35) / (2 * half));
        const p: PlacedThing = {
          thing: { ...first, count: 1, placement: 'ground' },
          x: cx,
          y: cy + size * fit * 0.5,
          size: size * fit,
          facing: 1,
          variant: 0,
          box: boxOf(first.kind, cx, cy, size),
        };
        drawThing(ctx, env, p, 0, markColour);
      } else {
        // No drawable noun: a mark made of the scenery (peaks, waves) or the name's initial.
        ctx.fillStyle = css(markColour);
        if (spec.subjects.includes('mountains')) {
          ctx.beginPath();
          ctx.moveTo(cx - r * 0.65, cy + r * 0.4);
          ctx.lineTo(cx - r * 0.15, cy - r * 0.45);
          ctx.lineTo(cx + r * 0.1, cy - r * 0.05);
          ctx.lineTo(cx + r * 0.3, cy - r * 0.3);
          ctx.lineTo(cx + r * 0.65, cy + r * 0.4);
          ctx.closePath();
          ctx.fill();
        } else {
          const font = logoFont() ?? 'sans-serif';
          ctx.font = `700 ${Math.round(r * 1.1)}px "${font}"`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText((name ?? spec.unrecognized[0] ?? 'K').charAt(0).toUpperCase(), cx, cy + r * 0.05);
        }
      }
      if (name) {
        const font = logoFont() ?? 'sans-serif';
        let px = Math.round(unit * 0.11);
        ctx.font = `700 ${px}px "${font}"`;
        while (ctx.measureText(name).width > W * 0.86 && px > 8) {
          px -= 2;
          ctx.font = `700 ${px}px "${font}"`;
        }
        ctx.fillStyle = css(
          pal.night || spec.moods.includes('dark') ? mix(badge, [255, 255, 255], 0.5) : ink,
        );
        ctx.textAlign = 'center';
        ctx.textBaseline = 'alphabetic';
        ctx.fillText(name, W / 2, cy + r + unit * 0.17);
      }
    },
  };
}

/** Autumn leaves drifting down in front of the scene (they fall and sway in videos). */
export function fallingLeavesLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal } = env;
  const rng = env.rng('leaves');
  const hue = pal.targetHues.forest ?? 28;
  const leaves = Array.from({ length: Math.round(40 * env.detail.density) }, () => ({
    x: rng.range(0, W),
    y: rng.range(0, H),
    r: unit * rng.range(0.008, 0.016),
    speed: unit * rng.range(0.03, 0.07),
    phase: rng.range(0, 6.3),
    color: hsl(hue + rng.range(-15, 15), 0.8, rng.range(0.4, 0.55)),
  }));
  return {
    name: 'falling-leaves',
    depth: 0.95,
    animate(ctx, t) {
      for (const leaf of leaves) {
        const y = (leaf.y + leaf.speed * t) % (H + leaf.r * 4);
        const x = leaf.x + Math.sin(leaf.phase + t * 1.4) * unit * 0.02;
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(leaf.phase + t * 1.1);
        ctx.fillStyle = css(litBy(env, leaf.color));
        ctx.beginPath();
        ctx.ellipse(0, 0, leaf.r * 1.6, leaf.r * 0.8, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.restore();
      }
    },
  };
}
