/**
 * Procedural drawings of the things Sketch knows (things.ts). Each is drawn in a local frame: origin
 * at the middle of its base, 1 unit = its height, y up is negative, facing right. The caller scales,
 * mirrors and places it; `kit.fill` shades every part with the scene's key light.
 */
import { css, hsl, mix, type Rgb, scale } from './color.js';
import type { Rng } from './random.js';
import type { Ctx } from './scene-types.js';
import type { Prop, ThingKind } from './things.js';

export interface ThingKit {
  ctx: Ctx;
  /** Main colour (the prompt's colour word, else the kind's own). */
  base: Rgb;
  /** Second colour: roofs, sails, flames, trims. */
  alt: Rgb;
  /** 0, 1 or 2: the variant chosen by seed. */
  v: number;
  rng: Rng;
  /** Seconds (0 for stills): wings flap, flames flicker. */
  t: number;
  night: boolean;
  /** Sets a fill shaded from the lit side to the shadow side between x0 and x1. */
  fill(color: Rgb, x0?: number, x1?: number): void;
  /** A lit accent colour (windows at night, glowing things). */
  glow: Rgb;
  ink: Rgb;
  wearing: readonly Prop[];
  helmet: boolean;
  eyes: Rgb | null;
  /** Flower colour for vases. */
  bloom: number;
}

type Draw = (k: ThingKit) => void;

function poly(ctx: Ctx, ...pts: number[]): void {
  ctx.beginPath();
  ctx.moveTo(pts[0] as number, pts[1] as number);
  for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i] as number, pts[i + 1] as number);
  ctx.closePath();
}

function ell(ctx: Ctx, x: number, y: number, rx: number, ry: number, rot = 0): void {
  ctx.beginPath();
  ctx.ellipse(x, y, Math.abs(rx), Math.abs(ry), rot, 0, Math.PI * 2);
}

function box(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  ctx.beginPath();
  ctx.rect(x, y, w, h);
}

function stroke(k: ThingKit, color: Rgb, width: number): void {
  k.ctx.strokeStyle = css(color);
  k.ctx.lineWidth = width;
  k.ctx.lineCap = 'round';
  k.ctx.lineJoin = 'round';
  k.ctx.stroke();
}

const WHITE: Rgb = [245, 242, 235];
const GOLD: Rgb = hsl(45, 0.85, 0.55);

/** A lit window: warm glow at night, sky reflection by day. */
function windowAt(k: ThingKit, x: number, y: number, w: number, h: number): void {
  box(k.ctx, x, y, w, h);
  k.ctx.fillStyle = css(k.night ? k.glow : mix(hsl(205, 0.35, 0.7), WHITE, 0.2));
  k.ctx.fill();
  stroke(k, scale(k.base, 0.4), 0.01);
}

function eye(k: ThingKit, x: number, y: number, r: number): void {
  ell(k.ctx, x, y, r, r);
  k.ctx.fillStyle = css(k.eyes ?? [30, 25, 20]);
  k.ctx.fill();
  ell(k.ctx, x + r * 0.3, y - r * 0.3, r * 0.3, r * 0.3);
  k.ctx.fillStyle = css(WHITE);
  k.ctx.fill();
}

/** What an animal wears: a space helmet, sunglasses. Drawn around a head at (x, y) of radius r. */
function headwear(k: ThingKit, x: number, y: number, r: number): void {
  const { ctx } = k;
  if (k.wearing.includes('sunglasses')) {
    ctx.fillStyle = css([15, 15, 20]);
    ell(ctx, x + r * 0.25, y - r * 0.1, r * 0.32, r * 0.2);
    ctx.fill();
    ell(ctx, x + r * 0.85, y - r * 0.1, r * 0.28, r * 0.2);
    ctx.fill();
  }
  if (k.helmet) {
    ell(ctx, x, y, r * 1.55, r * 1.45);
    ctx.fillStyle = css(hsl(200, 0.5, 0.8), 0.25);
    ctx.fill();
    stroke(k, mix(WHITE, k.glow, 0.2), r * 0.12);
    ell(ctx, x - r * 0.5, y - r * 0.6, r * 0.35, r * 0.18, -0.6);
    ctx.fillStyle = css(WHITE, 0.6);
    ctx.fill();
  }
  if (k.wearing.includes('helmet') && !k.helmet) {
    ctx.beginPath();
    ctx.arc(x, y - r * 0.1, r * 1.05, Math.PI, 0);
    ctx.closePath();
    k.fill(hsl(210, 0.08, 0.6), x - r, x + r);
    ctx.fill();
  }
}

const cat: Draw = (k) => {
  const { ctx } = k;
  const sit = k.v !== 1;
  if (sit) {
    // Sitting: pear body, head on top, tail curled round.
    ctx.beginPath();
    ctx.moveTo(-0.3, 0);
    ctx.bezierCurveTo(-0.36, -0.35, -0.2, -0.62, 0.02, -0.62);
    ctx.bezierCurveTo(0.22, -0.62, 0.34, -0.35, 0.3, 0);
    ctx.closePath();
    k.fill(k.base, -0.3, 0.3);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(-0.28, -0.02);
    ctx.bezierCurveTo(-0.6, 0, -0.62, -0.3, -0.45, -0.42);
    stroke(k, scale(k.base, 0.8), 0.07);
    const hx = 0.04;
    const hy = -0.74;
    poly(ctx, hx - 0.2, hy - 0.02, hx - 0.17, hy - 0.28, hx - 0.04, hy - 0.14);
    k.fill(k.base);
    ctx.fill();
    poly(ctx, hx + 0.2, hy - 0.02, hx + 0.17, hy - 0.28, hx + 0.04, hy - 0.14);
    ctx.fill();
    ell(ctx, hx, hy, 0.21, 0.18);
    k.fill(k.base, hx - 0.2, hx + 0.2);
    ctx.fill();
    eye(k, hx - 0.08, hy - 0.02, 0.035);
    eye(k, hx + 0.08, hy - 0.02, 0.035);
    poly(ctx, hx - 0.025, hy + 0.05, hx + 0.025, hy + 0.05, hx, hy + 0.08);
    ctx.fillStyle = css(hsl(350, 0.5, 0.65));
    ctx.fill();
    ctx.beginPath();
    for (const s of [-1, 1]) {
      ctx.moveTo(hx + s * 0.06, hy + 0.07);
      ctx.lineTo(hx + s * 0.3, hy + 0.04);
      ctx.moveTo(hx + s * 0.06, hy + 0.09);
      ctx.lineTo(hx + s * 0.3, hy + 0.12);
    }
    stroke(k, mix(k.base, WHITE, 0.6), 0.008);
    headwear(k, hx, hy, 0.2);
    return;
  }
  // Lying down / sleeping: long loaf with a curled tail.
  ell(ctx, 0, -0.22, 0.55, 0.22);
  k.fill(k.base, -0.55, 0.55);
  ctx.fill();
  ell(ctx, 0.5, -0.34, 0.2, 0.17);
  ctx.fill();
  poly(ctx, 0.36, -0.42, 0.38, -0.62, 0.48, -0.48);
  ctx.fill();
  poly(ctx, 0.64, -0.42, 0.62, -0.62, 0.52, -0.48);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.52, -0.12);
  ctx.bezierCurveTo(-0.75, -0.05, -0.6, 0.02, -0.2, 0);
  stroke(k, scale(k.base, 0.8), 0.07);
  ctx.beginPath();
  ctx.arc(0.44, -0.34, 0.035, 0.2, Math.PI - 0.2);
  ctx.arc(0.56, -0.34, 0.035, 0.2, Math.PI - 0.2);
  stroke(k, [30, 25, 25], 0.012);
  headwear(k, 0.5, -0.34, 0.18);
};

const dog: Draw = (k) => {
  const { ctx } = k;
  const ear = k.v === 0 ? 'flop' : 'up';
  // Body, legs, tail.
  ell(ctx, -0.05, -0.42, 0.42, 0.2);
  k.fill(k.base, -0.45, 0.4);
  ctx.fill();
  for (const x of [-0.35, -0.2, 0.1, 0.25]) {
    box(ctx, x, -0.4, 0.09, 0.4);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(-0.42, -0.5);
  ctx.quadraticCurveTo(-0.62, -0.7 - Math.sin(k.t * 9) * 0.05, -0.55, -0.82);
  stroke(k, k.base, 0.07);
  // Neck and head with a muzzle.
  poly(ctx, 0.18, -0.5, 0.3, -0.78, 0.45, -0.72, 0.36, -0.42);
  k.fill(k.base, 0.2, 0.45);
  ctx.fill();
  ell(ctx, 0.42, -0.82, 0.17, 0.15);
  ctx.fill();
  ell(ctx, 0.6, -0.76, 0.11, 0.07);
  k.fill(mix(k.base, WHITE, 0.25), 0.5, 0.7);
  ctx.fill();
  ell(ctx, 0.7, -0.79, 0.03, 0.025);
  ctx.fillStyle = css([25, 20, 20]);
  ctx.fill();
  if (ear === 'flop') ell(ctx, 0.32, -0.78, 0.06, 0.13, 0.3);
  else poly(ctx, 0.3, -0.9, 0.33, -1.06, 0.42, -0.94);
  k.fill(scale(k.base, 0.7));
  ctx.fill();
  eye(k, 0.47, -0.86, 0.025);
  headwear(k, 0.45, -0.84, 0.16);
};

const bird: Draw = (k) => {
  const { ctx } = k;
  const flap = Math.sin(k.t * 7 + k.v) * 0.35;
  ell(ctx, 0, -0.5, 0.32, 0.2, -0.15);
  k.fill(k.base, -0.3, 0.3);
  ctx.fill();
  ell(ctx, 0.28, -0.68, 0.15, 0.14);
  ctx.fill();
  poly(ctx, 0.4, -0.72, 0.55, -0.66, 0.4, -0.62);
  ctx.fillStyle = css(hsl(40, 0.8, 0.55));
  ctx.fill();
  poly(ctx, -0.28, -0.5, -0.6, -0.62, -0.6, -0.4);
  k.fill(scale(k.base, 0.75));
  ctx.fill();
  // Wing: raised by the flap.
  ctx.beginPath();
  ctx.moveTo(-0.1, -0.55);
  ctx.quadraticCurveTo(-0.05, -0.95 - flap, -0.35, -1 - flap);
  ctx.quadraticCurveTo(-0.25, -0.7, 0.12, -0.52);
  ctx.closePath();
  k.fill(scale(k.base, 0.8), -0.35, 0.1);
  ctx.fill();
  ell(ctx, 0.3, -0.43, 0.12, 0.1);
  k.fill(mix(k.base, WHITE, 0.35));
  ctx.fill();
  eye(k, 0.32, -0.71, 0.025);
};

const fish: Draw = (k) => {
  const { ctx } = k;
  const wag = Math.sin(k.t * 5) * 0.06;
  ctx.beginPath();
  ctx.moveTo(0.5, -0.5);
  ctx.bezierCurveTo(0.3, -0.85, -0.3, -0.8, -0.35, -0.5);
  ctx.bezierCurveTo(-0.3, -0.2, 0.3, -0.15, 0.5, -0.5);
  k.fill(k.base, -0.35, 0.5);
  ctx.fill();
  poly(ctx, -0.3, -0.5, -0.6, -0.75 + wag, -0.55, -0.5, -0.6, -0.25 + wag);
  k.fill(mix(k.base, k.alt, 0.4));
  ctx.fill();
  poly(ctx, 0.05, -0.74, -0.12, -0.92, -0.18, -0.72);
  ctx.fill();
  if (k.v === 1) {
    ell(ctx, 0.05, -0.55, 0.1, 0.08);
    ctx.fillStyle = css(WHITE, 0.8);
    ctx.fill();
  }
  eye(k, 0.34, -0.55, 0.035);
};

const horse: Draw = (k) => {
  const { ctx } = k;
  const gallop = k.v === 2 ? Math.sin(k.t * 8) * 0.12 : 0;
  ell(ctx, 0, -0.55, 0.42, 0.17);
  k.fill(k.base, -0.42, 0.42);
  ctx.fill();
  for (const [x, a] of [
    [-0.32, 1],
    [-0.2, -1],
    [0.2, 1],
    [0.32, -1],
  ] as const) {
    ctx.save();
    ctx.translate(x, -0.5);
    ctx.rotate(gallop * a + (k.v === 2 ? a * 0.25 : 0));
    box(ctx, -0.04, 0, 0.08, 0.5);
    ctx.fill();
    ctx.restore();
  }
  // Neck and head.
  poly(ctx, 0.22, -0.6, 0.4, -1.0, 0.52, -0.98, 0.42, -0.52);
  k.fill(k.base, 0.22, 0.52);
  ctx.fill();
  poly(ctx, 0.38, -1.02, 0.5, -1.06, 0.72, -0.84, 0.66, -0.78, 0.44, -0.88);
  ctx.fill();
  poly(ctx, 0.42, -1.02, 0.45, -1.14, 0.49, -1.02);
  ctx.fill();
  // Mane and tail.
  ctx.beginPath();
  ctx.moveTo(0.4, -1.02);
  ctx.quadraticCurveTo(0.28, -0.8, 0.2, -0.62);
  stroke(k, k.alt, 0.06);
  ctx.beginPath();
  ctx.moveTo(-0.4, -0.62);
  ctx.quadraticCurveTo(-0.62, -0.5, -0.58, -0.2);
  stroke(k, k.alt, 0.07);
  eye(k, 0.52, -0.96, 0.018);
  headwear(k, 0.55, -0.94, 0.12);
};

const unicorn: Draw = (k) => {
  horse(k);
  poly(k.ctx, 0.47, -1.05, 0.56, -1.3, 0.52, -1.03);
  k.ctx.fillStyle = css(GOLD);
  k.ctx.fill();
};

const dragon: Draw = (k) => {
  const { ctx } = k;
  const flap = Math.sin(k.t * 3.2) * 0.25;
  // Wings (membrane with ribs), behind the body.
  for (const [side, shade] of [
    [-1, 0.65],
    [1, 0.85],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(-0.05, -0.55);
    ctx.lineTo(-0.15 + side * 0.05, -1.15 - flap * side);
    ctx.lineTo(-0.7, -1.0 - flap * side * 0.6);
    ctx.quadraticCurveTo(-0.55, -0.85, -0.6, -0.7);
    ctx.quadraticCurveTo(-0.4, -0.65, -0.35, -0.55);
    ctx.closePath();
    k.fill(scale(mix(k.base, k.alt, 0.25), shade), -0.7, 0);
    ctx.fill();
  }
  // Body, tail, neck, head.
  ell(ctx, -0.1, -0.5, 0.32, 0.14, -0.1);
  k.fill(k.base, -0.4, 0.25);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.38, -0.48);
  ctx.bezierCurveTo(-0.7, -0.4, -0.8, -0.2, -1.0, -0.3);
  stroke(k, k.base, 0.07);
  poly(ctx, -1.02, -0.34, -1.12, -0.26, -0.98, -0.22);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(0.15, -0.55);
  ctx.quadraticCurveTo(0.35, -0.65, 0.42, -0.85);
  stroke(k, k.base, 0.1);
  poly(ctx, 0.35, -0.92, 0.6, -0.86, 0.66, -0.8, 0.42, -0.76);
  k.fill(k.base, 0.35, 0.66);
  ctx.fill();
  poly(ctx, 0.38, -0.9, 0.3, -1.02, 0.44, -0.9);
  ctx.fillStyle = css(scale(k.alt, 0.8));
  ctx.fill();
  eye(k, 0.47, -0.86, 0.02);
  // Fire breath on the third variant (and when flames are asked for, by the caller's alt colour).
  if (k.v === 2) {
    ctx.beginPath();
    ctx.moveTo(0.66, -0.8);
    ctx.quadraticCurveTo(0.95, -0.9 + Math.sin(k.t * 20) * 0.03, 1.2, -0.75);
    ctx.quadraticCurveTo(0.95, -0.7, 0.66, -0.78);
    ctx.fillStyle = css(hsl(30, 1, 0.6), 0.9);
    ctx.fill();
  }
  // Legs tucked under.
  for (const x of [-0.25, 0.05]) {
    box(ctx, x, -0.42, 0.06, 0.18);
    k.fill(scale(k.base, 0.7));
    ctx.fill();
  }
};

const phoenix: Draw = (k) => {
  const { ctx } = k;
  const flap = Math.sin(k.t * 4) * 0.2;
  for (let i = 0; i < 5; i++) {
    ctx.beginPath();
    ctx.moveTo(0, -0.5);
    ctx.quadraticCurveTo(-0.3 - i * 0.1, -0.9 - flap - i * 0.05, -0.8 + i * 0.05, -1.05 - flap + i * 0.12);
    ctx.quadraticCurveTo(-0.3, -0.6, 0, -0.45);
    ctx.fillStyle = css(hsl(10 + i * 10, 1, 0.5 + i * 0.05), 0.85);
    ctx.fill();
    ctx.save();
    ctx.scale(-1, 1);
    ctx.fill();
    ctx.restore();
  }
  ell(ctx, 0, -0.5, 0.1, 0.22);
  ctx.fillStyle = css(hsl(40, 1, 0.6));
  ctx.fill();
  for (let i = 0; i < 4; i++) {
    ctx.beginPath();
    ctx.moveTo(0, -0.3);
    ctx.quadraticCurveTo((i - 1.5) * 0.15, -0.1, (i - 1.5) * 0.25, 0.1);
    stroke(k, hsl(20 + i * 8, 1, 0.55), 0.04);
  }
};

const ghost: Draw = (k) => {
  const { ctx } = k;
  const sway = Math.sin(k.t * 2) * 0.04;
  ctx.beginPath();
  ctx.moveTo(-0.3, -0.1);
  ctx.bezierCurveTo(-0.35, -1.05, 0.35, -1.05, 0.3, -0.1);
  for (let i = 0; i < 4; i++) ctx.quadraticCurveTo(0.225 - i * 0.15 + sway, 0.02, 0.15 - i * 0.15, -0.1);
  ctx.closePath();
  ctx.fillStyle = css(mix(WHITE, k.glow, 0.15), 0.92);
  ctx.fill();
  ell(ctx, -0.09, -0.62, 0.04, 0.06);
  ctx.fillStyle = css([30, 30, 40]);
  ctx.fill();
  ell(ctx, 0.09, -0.62, 0.04, 0.06);
  ctx.fill();
  ell(ctx, 0, -0.45, 0.05, 0.04);
  ctx.fill();
};

const monster: Draw = (k) => {
  const { ctx } = k;
  ctx.beginPath();
  ctx.moveTo(-0.38, 0);
  ctx.bezierCurveTo(-0.5, -0.7, -0.3, -0.95, 0, -0.95);
  ctx.bezierCurveTo(0.3, -0.95, 0.5, -0.7, 0.38, 0);
  ctx.closePath();
  k.fill(k.base, -0.45, 0.45);
  ctx.fill();
  poly(ctx, -0.25, -0.88, -0.32, -1.08, -0.15, -0.92);
  k.fill(k.alt);
  ctx.fill();
  poly(ctx, 0.25, -0.88, 0.32, -1.08, 0.15, -0.92);
  ctx.fill();
  const eyes = k.v === 0 ? [0] : [-0.12, 0.12];
  for (const x of eyes) {
    ell(ctx, x, -0.62, 0.1, 0.1);
    ctx.fillStyle = css(WHITE);
    ctx.fill();
    ell(ctx, x + 0.02, -0.62, 0.045, 0.045);
    ctx.fillStyle = css([20, 20, 30]);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(0, -0.4, 0.16, 0.15, Math.PI - 0.15);
  ctx.fillStyle = css([40, 10, 20]);
  ctx.fill();
  poly(ctx, -0.08, -0.36, -0.04, -0.28, 0, -0.36);
  ctx.fillStyle = css(WHITE);
  ctx.fill();
};

const robot: Draw = (k) => {
  const { ctx } = k;
  const metal = k.base;
  for (const x of [-0.16, 0.06]) {
    box(ctx, x, -0.35, 0.1, 0.35);
    k.fill(scale(metal, 0.8));
    ctx.fill();
  }
  box(ctx, -0.25, -0.78, 0.5, 0.45);
  k.fill(metal, -0.25, 0.25);
  ctx.fill();
  box(ctx, -0.36, -0.76, 0.09, 0.36);
  k.fill(scale(metal, 0.8));
  ctx.fill();
  box(ctx, 0.27, -0.76, 0.09, 0.36);
  ctx.fill();
  box(ctx, -0.16, -1.0, 0.32, 0.2);
  k.fill(metal, -0.16, 0.16);
  ctx.fill();
  for (const x of [-0.08, 0.08]) {
    ell(ctx, x, -0.9, 0.035, 0.035);
    ctx.fillStyle = css(k.glow);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(0, -1.0);
  ctx.lineTo(0, -1.08);
  stroke(k, scale(metal, 0.6), 0.015);
  ell(ctx, 0, -1.09, 0.025, 0.025);
  ctx.fillStyle = css(hsl(0, 0.9, 0.55));
  ctx.fill();
  box(ctx, -0.12, -0.66, 0.24, 0.12);
  ctx.fillStyle = css(scale(k.glow, 0.8), 0.8);
  ctx.fill();
};

const car: Draw = (k) => {
  const { ctx } = k;
  const L = 1.25;
  // Body with a cabin; a boxier cab on variant 2 (taxi/jeep).
  ctx.beginPath();
  ctx.moveTo(-L, -0.15);
  ctx.lineTo(-L, -0.42);
  ctx.quadraticCurveTo(-L + 0.05, -0.5, -L + 0.3, -0.5);
  if (k.v === 2) {
    ctx.lineTo(-0.6, -0.95);
    ctx.lineTo(0.45, -0.95);
  } else {
    ctx.lineTo(-0.55, -0.88);
    ctx.quadraticCurveTo(-0.1, -0.98, 0.3, -0.88);
  }
  ctx.lineTo(0.65, -0.52);
  ctx.quadraticCurveTo(L, -0.5, L, -0.3);
  ctx.lineTo(L, -0.15);
  ctx.closePath();
  k.fill(k.base, -L, L);
  ctx.fill();
  // Windows.
  poly(ctx, -0.5, -0.52, -0.42, -0.8, -0.08, -0.84, -0.08, -0.52);
  ctx.fillStyle = css(mix(hsl(205, 0.3, 0.3), k.glow, k.night ? 0.2 : 0));
  ctx.fill();
  poly(ctx, 0.02, -0.52, 0.02, -0.84, 0.28, -0.8, 0.52, -0.52);
  ctx.fill();
  // Lights and wheels.
  ell(ctx, L - 0.04, -0.38, 0.05, 0.06);
  ctx.fillStyle = css(k.night ? [255, 240, 190] : [240, 235, 210]);
  ctx.fill();
  for (const x of [-0.75, 0.75]) {
    ell(ctx, x, -0.15, 0.2, 0.2);
    ctx.fillStyle = css([25, 25, 28]);
    ctx.fill();
    ell(ctx, x, -0.15, 0.09, 0.09);
    ctx.fillStyle = css([170, 170, 175]);
    ctx.fill();
  }
};

const boat: Draw = (k) => {
  const { ctx } = k;
  const hull = k.base;
  poly(ctx, -0.7, -0.2, 0.75, -0.2, 0.55, 0.05, -0.55, 0.05);
  k.fill(hull, -0.7, 0.75);
  ctx.fill();
  box(ctx, -0.7, -0.24, 1.45, 0.05);
  ctx.fillStyle = css(scale(k.alt, 0.9));
  ctx.fill();
  if (k.v === 2) {
    // A fishing boat: wheelhouse and a mast.
    box(ctx, -0.35, -0.55, 0.4, 0.32);
    k.fill(WHITE, -0.35, 0.05);
    ctx.fill();
    windowAt(k, -0.28, -0.48, 0.12, 0.1);
    windowAt(k, -0.1, -0.48, 0.12, 0.1);
    ctx.beginPath();
    ctx.moveTo(0.3, -0.22);
    ctx.lineTo(0.3, -0.95);
    ctx.lineTo(0.65, -0.22);
    stroke(k, scale(hull, 0.5), 0.02);
    return;
  }
  ctx.beginPath();
  ctx.moveTo(0, -0.22);
  ctx.lineTo(0, -1.05);
  stroke(k, [80, 60, 45], 0.025);
  poly(ctx, 0.03, -1.0, 0.55, -0.28, 0.03, -0.28);
  k.fill(mix(WHITE, k.alt, k.v === 1 ? 0.5 : 0.05), 0, 0.55);
  ctx.fill();
  poly(ctx, -0.03, -0.85, -0.45, -0.28, -0.03, -0.28);
  k.fill(mix(WHITE, k.alt, 0.1), -0.45, 0);
  ctx.fill();
};

const plane: Draw = (k) => {
  const { ctx } = k;
  ctx.beginPath();
  ctx.moveTo(-1.2, -0.55);
  ctx.quadraticCurveTo(-1.2, -0.72, -0.9, -0.72);
  ctx.lineTo(0.9, -0.72);
  ctx.quadraticCurveTo(1.3, -0.68, 1.3, -0.55);
  ctx.quadraticCurveTo(1.25, -0.42, 0.9, -0.4);
  ctx.lineTo(-0.9, -0.4);
  ctx.closePath();
  k.fill(k.base, -1.2, 1.3);
  ctx.fill();
  poly(ctx, -0.2, -0.5, 0.25, -0.5, -0.35, 0.05, -0.55, 0.05);
  k.fill(scale(k.base, 0.8));
  ctx.fill();
  poly(ctx, -0.1, -0.62, 0.2, -0.62, -0.2, -1.0, -0.35, -1.0);
  k.fill(scale(k.base, 0.65));
  ctx.fill();
  poly(ctx, -0.95, -0.7, -1.15, -1.1, -1.0, -1.1, -0.75, -0.7);
  k.fill(k.alt);
  ctx.fill();
  for (let i = 0; i < 8; i++) {
    ell(ctx, 0.8 - i * 0.17, -0.6, 0.03, 0.035);
    ctx.fillStyle = css(scale(hsl(205, 0.4, 0.35), 1));
    ctx.fill();
  }
};

const spaceship: Draw = (k) => {
  const { ctx } = k;
  // A rocket: nose cone, body, fins, flame.
  const flame = 0.25 + Math.sin(k.t * 25) * 0.04;
  poly(ctx, -0.1, -0.05, 0.1, -0.05, 0.06 + 0.02, 0.05 + flame, 0, 0.12 + flame * 1.3, -0.08, 0.05 + flame);
  ctx.fillStyle = css(hsl(35, 1, 0.6), 0.95);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.16, -0.08);
  ctx.lineTo(-0.16, -0.7);
  ctx.quadraticCurveTo(-0.14, -0.92, 0, -1.05);
  ctx.quadraticCurveTo(0.14, -0.92, 0.16, -0.7);
  ctx.lineTo(0.16, -0.08);
  ctx.closePath();
  k.fill(k.base, -0.16, 0.16);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.15, -0.78);
  ctx.quadraticCurveTo(0, -0.86, 0.15, -0.78);
  ctx.quadraticCurveTo(0.12, -0.95, 0, -1.05);
  ctx.quadraticCurveTo(-0.12, -0.95, -0.15, -0.78);
  k.fill(k.alt);
  ctx.fill();
  for (const s of [-1, 1]) {
    poly(ctx, s * 0.16, -0.4, s * 0.34, -0.12, s * 0.34, 0.0, s * 0.16, -0.1);
    ctx.fill();
  }
  ell(ctx, 0, -0.55, 0.075, 0.075);
  ctx.fillStyle = css(mix(hsl(200, 0.6, 0.5), k.glow, 0.2));
  ctx.fill();
  stroke(k, scale(k.base, 0.5), 0.02);
};

const ufo: Draw = (k) => {
  const { ctx } = k;
  ctx.beginPath();
  ctx.moveTo(-0.3, 0.1);
  ctx.lineTo(0.3, 0.1);
  ctx.lineTo(0.9, 1.6);
  ctx.lineTo(-0.9, 1.6);
  ctx.closePath();
  const beam = ctx.createLinearGradient(0, 0.1, 0, 1.6);
  beam.addColorStop(0, css(mix(k.glow, WHITE, 0.4), 0.45));
  beam.addColorStop(1, css(k.glow, 0));
  ctx.fillStyle = beam;
  ctx.fill();
  ell(ctx, 0, -0.55, 0.3, 0.3);
  ctx.fillStyle = css(mix(hsl(190, 0.6, 0.7), WHITE, 0.3), 0.85);
  ctx.fill();
  ell(ctx, 0, -0.3, 0.95, 0.22);
  k.fill(k.base, -0.95, 0.95);
  ctx.fill();
  for (let i = -3; i <= 3; i++) {
    ell(ctx, i * 0.25, -0.28, 0.05, 0.04);
    ctx.fillStyle = css(i % 2 ? k.glow : hsl(50, 1, 0.7));
    ctx.fill();
  }
};

const train: Draw = (k) => {
  const { ctx } = k;
  box(ctx, -1.2, -0.75, 1.0, 0.55);
  k.fill(k.base, -1.2, -0.2);
  ctx.fill();
  box(ctx, -1.28, -0.85, 1.16, 0.1);
  k.fill(scale(k.base, 0.6));
  ctx.fill();
  box(ctx, -0.2, -0.55, 1.0, 0.35);
  k.fill(scale(k.base, 0.85), -0.2, 0.8);
  ctx.fill();
  box(ctx, 0.35, -0.85, 0.14, 0.3);
  ctx.fillStyle = css([40, 40, 45]);
  ctx.fill();
  poly(ctx, 0.8, -0.2, 1.0, -0.2, 0.8, -0.5);
  ctx.fill();
  windowAt(k, -1.05, -0.65, 0.25, 0.2);
  windowAt(k, -0.65, -0.65, 0.25, 0.2);
  for (const x of [-1.0, -0.55, 0.05, 0.5]) {
    ell(ctx, x, -0.15, 0.15, 0.15);
    ctx.fillStyle = css([30, 28, 28]);
    ctx.fill();
  }
  // Steam.
  for (let i = 0; i < 4; i++) {
    const rise = (k.t * 0.3 + i * 0.25) % 1;
    ell(ctx, 0.42 - rise * 0.6, -0.95 - rise * 0.7, 0.1 + rise * 0.15, 0.08 + rise * 0.12);
    ctx.fillStyle = css(WHITE, 0.6 * (1 - rise));
    ctx.fill();
  }
};

const bicycle: Draw = (k) => {
  const { ctx } = k;
  for (const x of [-0.55, 0.55]) {
    ell(ctx, x, -0.32, 0.3, 0.3);
    stroke(k, [30, 30, 32], 0.04);
  }
  ctx.beginPath();
  ctx.moveTo(-0.55, -0.32);
  ctx.lineTo(-0.1, -0.32);
  ctx.lineTo(0.35, -0.72);
  ctx.lineTo(-0.25, -0.72);
  ctx.lineTo(-0.55, -0.32);
  ctx.moveTo(-0.1, -0.32);
  ctx.lineTo(-0.3, -0.8);
  ctx.moveTo(0.55, -0.32);
  ctx.lineTo(0.38, -0.88);
  stroke(k, k.base, 0.05);
  ctx.beginPath();
  ctx.moveTo(-0.4, -0.82);
  ctx.lineTo(-0.2, -0.82);
  ctx.moveTo(0.3, -0.9);
  ctx.lineTo(0.48, -0.92);
  stroke(k, [35, 30, 30], 0.06);
};

const balloon: Draw = (k) => {
  const { ctx } = k;
  ell(ctx, 0, -0.68, 0.32, 0.34);
  k.fill(k.base, -0.32, 0.32);
  ctx.fill();
  for (const x of [-0.16, 0.16]) {
    ell(ctx, x * 0.6, -0.68, Math.abs(x) * 0.5, 0.33);
    stroke(k, scale(k.alt, 0.9), 0.02);
  }
  ctx.beginPath();
  ctx.moveTo(-0.18, -0.4);
  ctx.lineTo(-0.08, -0.16);
  ctx.moveTo(0.18, -0.4);
  ctx.lineTo(0.08, -0.16);
  stroke(k, [60, 45, 35], 0.01);
  box(ctx, -0.09, -0.16, 0.18, 0.12);
  k.fill(hsl(30, 0.5, 0.35));
  ctx.fill();
};

/** A pitched roof over a box: the shared shape of houses, cabins and barns. */
function house(k: ThingKit, w: number, h: number, roofH: number, wall: Rgb, roof: Rgb, logs: boolean): void {
  const { ctx } = k;
  box(ctx, -w / 2, -h, w, h);
  k.fill(wall, -w / 2, w / 2);
  ctx.fill();
  if (logs) {
    ctx.beginPath();
    for (let y = -h + 0.06; y < 0; y += 0.07) {
      ctx.moveTo(-w / 2, y);
      ctx.lineTo(w / 2, y);
    }
    stroke(k, scale(wall, 0.6), 0.012);
  }
  poly(ctx, -w / 2 - 0.08, -h, 0, -h - roofH, w / 2 + 0.08, -h);
  k.fill(roof, -w / 2, w / 2);
  ctx.fill();
  box(ctx, -0.07, -0.3, 0.14, 0.3);
  ctx.fillStyle = css(scale(wall, 0.45));
  ctx.fill();
}

const houseDraw: Draw = (k) => {
  const { ctx } = k;
  house(k, 1.0, 0.55, 0.4, k.base, k.alt, false);
  box(ctx, 0.22, -1.02, 0.1, 0.25);
  k.fill(scale(k.alt, 0.8));
  ctx.fill();
  windowAt(k, -0.38, -0.42, 0.2, 0.17);
  windowAt(k, 0.18, -0.42, 0.2, 0.17);
};

const cabin: Draw = (k) => {
  house(k, 1.1, 0.5, 0.45, k.base, k.alt, true);
  windowAt(k, -0.42, -0.38, 0.2, 0.17);
  windowAt(k, 0.22, -0.38, 0.2, 0.17);
  // Chimney smoke rises.
  const { ctx } = k;
  box(ctx, 0.25, -0.95, 0.1, 0.25);
  k.fill(hsl(15, 0.2, 0.35));
  ctx.fill();
  for (let i = 0; i < 5; i++) {
    const rise = (k.t * 0.12 + i * 0.2) % 1;
    ell(ctx, 0.3 + rise * 0.25, -1.0 - rise * 0.6, 0.05 + rise * 0.1, 0.04 + rise * 0.08);
    ctx.fillStyle = css(mix(WHITE, [150, 150, 160], 0.4), 0.5 * (1 - rise));
    ctx.fill();
  }
};

const barn: Draw = (k) => {
  const { ctx } = k;
  house(k, 1.1, 0.6, 0.35, k.base, scale(k.base, 0.6), false);
  box(ctx, -0.22, -0.45, 0.44, 0.45);
  ctx.fillStyle = css(scale(k.base, 0.55));
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.22, -0.45);
  ctx.lineTo(0.22, 0);
  ctx.moveTo(0.22, -0.45);
  ctx.lineTo(-0.22, 0);
  ctx.rect(-0.22, -0.45, 0.44, 0.45);
  stroke(k, WHITE, 0.025);
};

const lighthouse: Draw = (k) => {
  const { ctx } = k;
  const stripes = k.v !== 1;
  poly(ctx, -0.14, 0, 0.14, 0, 0.09, -0.75, -0.09, -0.75);
  k.fill(WHITE, -0.14, 0.14);
  ctx.fill();
  if (stripes) {
    ctx.save();
    ctx.clip();
    for (let y = -0.12; y > -0.75; y -= 0.24) {
      box(ctx, -0.2, y - 0.12, 0.4, 0.12);
      k.fill(k.base, -0.14, 0.14);
      ctx.fill();
    }
    ctx.restore();
  }
  box(ctx, -0.12, -0.79, 0.24, 0.04);
  ctx.fillStyle = css([40, 40, 45]);
  ctx.fill();
  box(ctx, -0.07, -0.9, 0.14, 0.11);
  ctx.fillStyle = css(k.night ? hsl(50, 1, 0.75) : hsl(50, 0.6, 0.8));
  ctx.fill();
  poly(ctx, -0.1, -0.9, 0, -1.0, 0.1, -0.9);
  ctx.fillStyle = css(scale(k.base, 0.7));
  ctx.fill();
  if (k.night) {
    // The beam sweeps round (it turns in videos).
    const a = Math.sin(k.t * 0.9) * 0.5;
    ctx.save();
    ctx.translate(0, -0.85);
    ctx.rotate(a);
    poly(ctx, 0, -0.03, 2.2, -0.25, 2.2, 0.2, 0, 0.03);
    const beam = ctx.createLinearGradient(0, 0, 2.2, 0);
    beam.addColorStop(0, css(hsl(50, 1, 0.85), 0.55));
    beam.addColorStop(1, css(hsl(50, 1, 0.85), 0));
    ctx.fillStyle = beam;
    ctx.fill();
    ctx.restore();
  }
  // Rocks at the foot.
  for (const [x, r] of [
    [-0.25, 0.12],
    [0.2, 0.14],
    [0, 0.09],
  ] as const) {
    ell(ctx, x, 0, r * 1.4, r);
    k.fill(hsl(25, 0.08, 0.35), x - r, x + r);
    ctx.fill();
  }
};

const castle: Draw = (k) => {
  const { ctx } = k;
  const stone = k.base;
  const towers = k.v === 0 ? [-0.55, 0.55] : [-0.6, 0, 0.6];
  box(ctx, -0.6, -0.55, 1.2, 0.55);
  k.fill(stone, -0.6, 0.6);
  ctx.fill();
  for (let x = -0.6; x < 0.6; x += 0.12) {
    box(ctx, x, -0.61, 0.07, 0.07);
    ctx.fill();
  }
  for (const x of towers) {
    const h = x === 0 ? 0.95 : 0.78;
    box(ctx, x - 0.12, -h, 0.24, h);
    k.fill(stone, x - 0.12, x + 0.12);
    ctx.fill();
    poly(ctx, x - 0.15, -h, x, -h - 0.25, x + 0.15, -h);
    k.fill(k.alt, x - 0.15, x + 0.15);
    ctx.fill();
    windowAt(k, x - 0.03, -h + 0.15, 0.06, 0.1);
    ctx.beginPath();
    ctx.moveTo(x, -h - 0.25);
    ctx.lineTo(x, -h - 0.36);
    stroke(k, [60, 50, 40], 0.01);
    poly(ctx, x, -h - 0.36, x + 0.1 + Math.sin(k.t * 4 + x) * 0.02, -h - 0.33, x, -h - 0.3);
    ctx.fillStyle = css(k.alt);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(-0.12, 0);
  ctx.lineTo(-0.12, -0.22);
  ctx.arc(0, -0.22, 0.12, Math.PI, 0);
  ctx.lineTo(0.12, 0);
  ctx.closePath();
  ctx.fillStyle = css(scale(stone, 0.35));
  ctx.fill();
};

const tower: Draw = (k) => {
  const { ctx } = k;
  poly(ctx, -0.14, 0, 0.14, 0, 0.11, -0.85, -0.11, -0.85);
  k.fill(k.base, -0.14, 0.14);
  ctx.fill();
  box(ctx, -0.15, -0.92, 0.3, 0.08);
  ctx.fill();
  for (let x = -0.15; x < 0.15; x += 0.09) {
    box(ctx, x, -0.97, 0.05, 0.06);
    ctx.fill();
  }
  for (let y = -0.2; y > -0.8; y -= 0.18) windowAt(k, -0.025, y, 0.05, 0.08);
};

const bridge: Draw = (k) => {
  const { ctx } = k;
  const W = 1.6;
  ctx.beginPath();
  ctx.moveTo(-W, -0.55);
  ctx.lineTo(W, -0.55);
  ctx.lineTo(W, 0.1);
  const arches = k.v === 0 ? 3 : 2;
  const span = (2 * W) / arches;
  for (let i = arches - 1; i >= 0; i--) {
    const cx = -W + span * (i + 0.5);
    ctx.lineTo(cx + span * 0.42, 0.1);
    ctx.arc(cx, 0.1, span * 0.42, 0, Math.PI, true);
  }
  ctx.lineTo(-W, 0.1);
  ctx.closePath();
  k.fill(k.base, -W, W);
  ctx.fill();
  box(ctx, -W, -0.65, 2 * W, 0.1);
  k.fill(scale(k.base, 0.8), -W, W);
  ctx.fill();
};

const windmill: Draw = (k) => {
  const { ctx } = k;
  poly(ctx, -0.2, 0, 0.2, 0, 0.12, -0.7, -0.12, -0.7);
  k.fill(k.base, -0.2, 0.2);
  ctx.fill();
  poly(ctx, -0.15, -0.7, 0, -0.85, 0.15, -0.7);
  k.fill(k.alt);
  ctx.fill();
  const a = k.t * 0.8 + k.v;
  ctx.save();
  ctx.translate(0, -0.72);
  for (let i = 0; i < 4; i++) {
    ctx.rotate(Math.PI / 2);
    ctx.save();
    ctx.rotate(a);
    box(ctx, 0.03, -0.04, 0.5, 0.1);
    ctx.fillStyle = css(mix(WHITE, k.base, 0.3), 0.9);
    ctx.fill();
    stroke(k, scale(k.base, 0.5), 0.01);
    ctx.restore();
  }
  ctx.restore();
  box(ctx, -0.05, -0.18, 0.1, 0.18);
  ctx.fillStyle = css(scale(k.base, 0.4));
  ctx.fill();
};

const temple: Draw = (k) => {
  const { ctx } = k;
  const tiers = 3;
  for (let i = 0; i < tiers; i++) {
    const w = 0.5 - i * 0.12;
    const y = -i * 0.28;
    box(ctx, -w * 0.7, y - 0.22, w * 1.4, 0.22);
    k.fill(k.base, -w, w);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(-w - 0.12, y - 0.2);
    ctx.quadraticCurveTo(0, y - 0.32, w + 0.12, y - 0.2);
    ctx.lineTo(w - 0.05, y - 0.3);
    ctx.lineTo(-w + 0.05, y - 0.3);
    ctx.closePath();
    k.fill(k.alt, -w, w);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(0, -0.85);
  ctx.lineTo(0, -1.0);
  stroke(k, k.alt, 0.02);
};

const bowl: Draw = (k) => {
  const { ctx } = k;
  // Soup or noodles with steam rising.
  ell(ctx, 0, -0.62, 0.62, 0.14);
  ctx.fillStyle = css(k.v === 1 ? hsl(30, 0.6, 0.55) : hsl(35, 0.7, 0.62));
  ctx.fill();
  if (k.v !== 1) {
    ctx.save();
    ell(ctx, 0, -0.62, 0.58, 0.12);
    ctx.clip();
    for (let i = 0; i < 9; i++) {
      ctx.beginPath();
      ctx.moveTo(-0.55 + i * 0.05, -0.7);
      ctx.bezierCurveTo(-0.3 + i * 0.05, -0.5, 0 + i * 0.05, -0.75, 0.3 + i * 0.04, -0.55);
      stroke(k, hsl(48, 0.7, 0.78), 0.02);
    }
    ell(ctx, 0.2, -0.65, 0.12, 0.05);
    ctx.fillStyle = css(WHITE);
    ctx.fill();
    ell(ctx, 0.2, -0.65, 0.05, 0.025);
    ctx.fillStyle = css(hsl(40, 0.95, 0.55));
    ctx.fill();
    ell(ctx, -0.25, -0.6, 0.1, 0.04);
    ctx.fillStyle = css(hsl(120, 0.5, 0.35));
    ctx.fill();
    ctx.restore();
    ctx.beginPath();
    ctx.moveTo(0.35, -0.66);
    ctx.lineTo(0.85, -1.05);
    ctx.moveTo(0.42, -0.66);
    ctx.lineTo(0.9, -1.0);
    stroke(k, hsl(30, 0.4, 0.45), 0.025);
  }
  ctx.beginPath();
  ctx.moveTo(-0.64, -0.62);
  ctx.bezierCurveTo(-0.6, -0.15, -0.3, 0, 0, 0);
  ctx.bezierCurveTo(0.3, 0, 0.6, -0.15, 0.64, -0.62);
  ctx.quadraticCurveTo(0, -0.45, -0.64, -0.62);
  k.fill(k.base, -0.64, 0.64);
  ctx.fill();
  steam(k, 0, -0.75, 0.4);
};

function steam(k: ThingKit, x: number, y: number, w: number): void {
  const { ctx } = k;
  for (let i = 0; i < 3; i++) {
    const phase = (k.t * 0.35 + i / 3) % 1;
    ctx.beginPath();
    const sx = x + (i - 1) * w * 0.4;
    ctx.moveTo(sx, y - phase * 0.1);
    ctx.bezierCurveTo(
      sx + 0.08,
      y - 0.15 - phase * 0.1,
      sx - 0.08,
      y - 0.3 - phase * 0.1,
      sx + 0.04,
      y - 0.45 - phase * 0.1,
    );
    k.ctx.strokeStyle = css(WHITE, 0.45 * (1 - phase * 0.6));
    k.ctx.lineWidth = 0.03;
    k.ctx.lineCap = 'round';
    k.ctx.stroke();
  }
}

const cup: Draw = (k) => {
  const { ctx } = k;
  ell(ctx, 0, -0.02, 0.55, 0.1);
  k.fill(mix(k.base, WHITE, 0.3), -0.55, 0.55);
  ctx.fill();
  ell(ctx, 0.42, -0.42, 0.16, 0.17);
  stroke(k, k.base, 0.07);
  ctx.beginPath();
  ctx.moveTo(-0.38, -0.7);
  ctx.lineTo(-0.3, -0.08);
  ctx.quadraticCurveTo(0, 0.0, 0.3, -0.08);
  ctx.lineTo(0.38, -0.7);
  ctx.closePath();
  k.fill(k.base, -0.38, 0.38);
  ctx.fill();
  ell(ctx, 0, -0.7, 0.38, 0.08);
  ctx.fillStyle = css(hsl(25, 0.55, 0.25));
  ctx.fill();
  ell(ctx, 0, -0.7, 0.15, 0.035);
  ctx.fillStyle = css(hsl(35, 0.4, 0.75), 0.8);
  ctx.fill();
  steam(k, 0, -0.78, 0.35);
};

const cake: Draw = (k) => {
  const { ctx } = k;
  const layers = k.v === 0 ? 2 : 1;
  for (let i = 0; i < layers; i++) {
    const w = 0.6 - i * 0.18;
    const y = -i * 0.35;
    box(ctx, -w, y - 0.35, w * 2, 0.35);
    k.fill(k.base, -w, w);
    ctx.fill();
    ell(ctx, 0, y - 0.35, w, 0.1);
    k.fill(mix(k.alt, WHITE, 0.6), -w, w);
    ctx.fill();
    for (let x = -w + 0.08; x < w; x += 0.14) {
      ell(ctx, x, y - 0.3, 0.05, 0.07);
      ctx.fill();
    }
  }
  const top = -layers * 0.35;
  for (let i = 0; i < 3; i++) {
    const x = (i - 1) * 0.15;
    box(ctx, x - 0.02, top - 0.22, 0.04, 0.18);
    ctx.fillStyle = css(i % 2 ? hsl(200, 0.6, 0.7) : hsl(340, 0.6, 0.7));
    ctx.fill();
    ell(ctx, x, top - 0.26 + Math.sin(k.t * 12 + i) * 0.005, 0.025, 0.045);
    ctx.fillStyle = css(hsl(45, 1, 0.65));
    ctx.fill();
  }
  ell(ctx, 0.15, top - 0.04, 0.06, 0.05);
  ctx.fillStyle = css(hsl(355, 0.8, 0.45));
  ctx.fill();
};

const fruit: Draw = (k) => {
  const { ctx } = k;
  const hues = k.v === 0 ? [0] : [0, 30, 55, 100];
  const spots =
    hues.length === 1
      ? [[0, 0.5]]
      : [
          [-0.35, 0.35],
          [0.35, 0.35],
          [0, 0.42],
          [-0.05, 0.75],
        ];
  if (hues.length > 1) {
    // A basket under the heap.
    ctx.beginPath();
    ctx.moveTo(-0.75, -0.45);
    ctx.lineTo(-0.55, 0);
    ctx.lineTo(0.55, 0);
    ctx.lineTo(0.75, -0.45);
    ctx.closePath();
    k.fill(hsl(32, 0.5, 0.42), -0.75, 0.75);
    ctx.fill();
  }
  spots.forEach(([x, y], i) => {
    const r = hues.length === 1 ? 0.45 : 0.27;
    const hue = i === 0 && hues.length === 1 ? null : (hues[i] ?? 0);
    const color = hue === null ? k.base : hsl(hue, 0.75, 0.5);
    ell(ctx, x as number, -(y as number), r, r * 0.95);
    k.fill(color, (x as number) - r, (x as number) + r);
    ctx.fill();
  });
  if (hues.length === 1) {
    ctx.beginPath();
    ctx.moveTo(0, -0.9);
    ctx.lineTo(0.03, -1.05);
    stroke(k, hsl(30, 0.5, 0.25), 0.04);
    ell(ctx, 0.14, -1.0, 0.12, 0.05, -0.4);
    ctx.fillStyle = css(hsl(110, 0.55, 0.38));
    ctx.fill();
  }
};

const pizza: Draw = (k) => {
  const { ctx } = k;
  poly(ctx, -0.8, -0.15, 0.8, -0.15, 0, -1.0);
  k.fill(hsl(45, 0.85, 0.6), -0.8, 0.8);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.85, -0.12);
  ctx.quadraticCurveTo(0, -0.25, 0.85, -0.12);
  ctx.lineTo(0.8, 0);
  ctx.quadraticCurveTo(0, -0.1, -0.8, 0);
  ctx.closePath();
  k.fill(hsl(30, 0.6, 0.45));
  ctx.fill();
  for (const [x, y] of [
    [-0.3, -0.35],
    [0.25, -0.4],
    [0, -0.65],
  ]) {
    ell(ctx, x as number, y as number, 0.1, 0.07);
    ctx.fillStyle = css(hsl(5, 0.75, 0.42));
    ctx.fill();
  }
};

const glass: Draw = (k) => {
  const { ctx } = k;
  poly(ctx, -0.25, -1.0, 0.25, -1.0, 0.2, 0, -0.2, 0);
  ctx.fillStyle = css(mix(WHITE, k.glow, 0.1), 0.35);
  ctx.fill();
  poly(ctx, -0.235, -0.8, 0.235, -0.8, 0.2, 0, -0.2, 0);
  k.fill(k.base, -0.25, 0.25);
  ctx.fill();
  poly(ctx, -0.25, -1.0, 0.25, -1.0, 0.2, 0, -0.2, 0);
  stroke(k, mix(WHITE, k.base, 0.2), 0.02);
  box(ctx, -0.17, -0.95, 0.05, 0.85);
  ctx.fillStyle = css(WHITE, 0.35);
  ctx.fill();
  ell(ctx, 0.2, -0.98, 0.12, 0.12);
  ctx.fillStyle = css(hsl(50, 0.9, 0.6));
  ctx.fill();
};

const vase: Draw = (k) => {
  const { ctx } = k;
  // Stems and flowers first, then the vase in front.
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = (i / (n - 1) - 0.5) * 1.6;
    const fx = Math.sin(a) * 0.42;
    const fy = -0.55 - Math.cos(a) * 0.42 - (i % 2) * 0.06;
    ctx.beginPath();
    ctx.moveTo(0, -0.35);
    ctx.quadraticCurveTo(fx * 0.4, -0.55, fx, fy);
    stroke(k, hsl(110, 0.45, 0.3), 0.02);
    const petals = k.bloom === 50 ? 12 : 6;
    for (let p = 0; p < petals; p++) {
      const pa = (p / petals) * Math.PI * 2;
      ell(ctx, fx + Math.cos(pa) * 0.06, fy + Math.sin(pa) * 0.06, 0.06, 0.03, pa);
      ctx.fillStyle = css(hsl(k.bloom, 0.85, 0.55));
      ctx.fill();
    }
    ell(ctx, fx, fy, 0.04, 0.04);
    ctx.fillStyle = css(k.bloom === 50 ? hsl(25, 0.6, 0.22) : hsl(50, 0.9, 0.6));
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(-0.1, -0.48);
  ctx.quadraticCurveTo(-0.08, -0.38, -0.2, -0.28);
  ctx.quadraticCurveTo(-0.3, -0.1, -0.15, 0);
  ctx.lineTo(0.15, 0);
  ctx.quadraticCurveTo(0.3, -0.1, 0.2, -0.28);
  ctx.quadraticCurveTo(0.08, -0.38, 0.1, -0.48);
  ctx.closePath();
  k.fill(k.base, -0.25, 0.25);
  ctx.fill();
};

const chest: Draw = (k) => {
  const { ctx } = k;
  box(ctx, -0.6, -0.55, 1.2, 0.55);
  k.fill(k.base, -0.6, 0.6);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-0.6, -0.55);
  ctx.quadraticCurveTo(0, -1.0, 0.6, -0.55);
  ctx.closePath();
  k.fill(scale(k.base, 0.85), -0.6, 0.6);
  ctx.fill();
  // Gold spilling from under the lid.
  for (let i = 0; i < 9; i++) {
    ell(ctx, -0.5 + i * 0.12, -0.56 - (i % 3) * 0.03, 0.07, 0.04);
    ctx.fillStyle = css(i % 2 ? GOLD : hsl(48, 0.9, 0.7));
    ctx.fill();
  }
  for (const x of [-0.45, 0.45]) {
    box(ctx, x - 0.05, -0.85, 0.1, 0.85);
    ctx.fillStyle = css(scale(GOLD, 0.8));
    ctx.fill();
  }
  box(ctx, -0.07, -0.5, 0.14, 0.16);
  ctx.fillStyle = css(GOLD);
  ctx.fill();
};

const book: Draw = (k) => {
  const { ctx } = k;
  const count = k.v === 0 ? 1 : 3;
  for (let i = 0; i < count; i++) {
    const y = -i * 0.32;
    const x = (i % 2) * 0.08 - 0.04;
    const color = i === 0 ? k.base : hsl((i * 120 + 20) % 360, 0.5, 0.4);
    box(ctx, x - 0.75, y - 0.3, 1.5, 0.3);
    k.fill(color, x - 0.75, x + 0.75);
    ctx.fill();
    box(ctx, x - 0.72, y - 0.26, 1.38, 0.2);
    ctx.fillStyle = css(mix(WHITE, [230, 220, 190], 0.6));
    ctx.fill();
    box(ctx, x - 0.75, y - 0.3, 0.08, 0.3);
    ctx.fillStyle = css(scale(color, 0.6));
    ctx.fill();
  }
};

const lamp: Draw = (k) => {
  const { ctx } = k;
  const glowR = 0.9;
  const g = ctx.createRadialGradient(0, -0.75, 0.05, 0, -0.75, glowR);
  g.addColorStop(0, css(hsl(45, 1, 0.75), 0.55));
  g.addColorStop(1, css(hsl(45, 1, 0.6), 0));
  ctx.fillStyle = g;
  ell(ctx, 0, -0.75, glowR, glowR);
  ctx.fill();
  ell(ctx, 0, -0.03, 0.25, 0.05);
  k.fill(k.base, -0.25, 0.25);
  ctx.fill();
  box(ctx, -0.03, -0.62, 0.06, 0.6);
  ctx.fill();
  poly(ctx, -0.32, -0.55, 0.32, -0.55, 0.2, -0.95, -0.2, -0.95);
  ctx.fillStyle = css(mix(k.alt, hsl(45, 1, 0.8), 0.6));
  ctx.fill();
};

const candle: Draw = (k) => {
  const { ctx } = k;
  const g = ctx.createRadialGradient(0, -0.85, 0.02, 0, -0.85, 0.6);
  g.addColorStop(0, css(hsl(40, 1, 0.7), 0.5));
  g.addColorStop(1, css(hsl(40, 1, 0.6), 0));
  ctx.fillStyle = g;
  ell(ctx, 0, -0.85, 0.6, 0.6);
  ctx.fill();
  box(ctx, -0.14, -0.7, 0.28, 0.7);
  k.fill(mix(k.base, WHITE, 0.5), -0.14, 0.14);
  ctx.fill();
  const flick = Math.sin(k.t * 13) * 0.015;
  ell(ctx, flick, -0.82, 0.05, 0.1);
  ctx.fillStyle = css(hsl(42, 1, 0.65));
  ctx.fill();
  ell(ctx, flick, -0.79, 0.02, 0.04);
  ctx.fillStyle = css(WHITE);
  ctx.fill();
};

const clock: Draw = (k) => {
  const { ctx } = k;
  ell(ctx, 0, -0.5, 0.5, 0.5);
  k.fill(k.base, -0.5, 0.5);
  ctx.fill();
  ell(ctx, 0, -0.5, 0.42, 0.42);
  ctx.fillStyle = css(mix(WHITE, [240, 230, 200], 0.5));
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    ctx.moveTo(Math.sin(a) * 0.34, -0.5 - Math.cos(a) * 0.34);
    ctx.lineTo(Math.sin(a) * 0.39, -0.5 - Math.cos(a) * 0.39);
  }
  stroke(k, [40, 35, 30], 0.02);
  const minute = k.t * 0.5 + k.v;
  ctx.beginPath();
  ctx.moveTo(0, -0.5);
  ctx.lineTo(Math.sin(minute) * 0.32, -0.5 - Math.cos(minute) * 0.32);
  ctx.moveTo(0, -0.5);
  ctx.lineTo(Math.sin(minute / 12 + 2) * 0.2, -0.5 - Math.cos(minute / 12 + 2) * 0.2);
  stroke(k, [30, 25, 20], 0.03);
};

const chair: Draw = (k) => {
  const { ctx } = k;
  box(ctx, -0.3, -0.5, 0.6, 0.08);
  k.fill(k.base, -0.3, 0.3);
  ctx.fill();
  for (const x of [-0.28, 0.22]) {
    box(ctx, x, -0.45, 0.06, 0.45);
    ctx.fill();
  }
  box(ctx, -0.3, -1.0, 0.06, 0.55);
  ctx.fill();
  box(ctx, -0.3, -1.0, 0.1, 0.06);
  for (let y = -0.95; y < -0.55; y += 0.12) {
    box(ctx, -0.28, y, 0.06, 0.05);
  }
  box(ctx, -0.3, -0.98, 0.08, 0.5);
  ctx.fill();
  for (let y = -0.92; y < -0.55; y += 0.14) {
    box(ctx, -0.3, y, 0.1, 0.05);
    ctx.fill();
  }
};

const guitar: Draw = (k) => {
  const { ctx } = k;
  ctx.save();
  ctx.rotate(0.25);
  ell(ctx, 0, -0.22, 0.26, 0.22);
  k.fill(k.base, -0.26, 0.26);
  ctx.fill();
  ell(ctx, 0, -0.52, 0.19, 0.16);
  ctx.fill();
  ell(ctx, 0, -0.38, 0.07, 0.07);
  ctx.fillStyle = css([30, 20, 15]);
  ctx.fill();
  box(ctx, -0.035, -1.05, 0.07, 0.55);
  ctx.fillStyle = css(hsl(25, 0.4, 0.25));
  ctx.fill();
  box(ctx, -0.06, -1.15, 0.12, 0.12);
  ctx.fill();
  ctx.restore();
};

export const THING_DRAWINGS: Record<ThingKind, Draw> = {
  cat,
  dog,
  bird,
  fish,
  horse,
  dragon,
  unicorn,
  phoenix,
  ghost,
  monster,
  robot,
  car,
  boat,
  plane,
  spaceship,
  ufo,
  train,
  bicycle,
  balloon,
  house: houseDraw,
  cabin,
  barn,
  lighthouse,
  castle,
  tower,
  bridge,
  windmill,
  temple,
  bowl,
  cup,
  cake,
  fruit,
  pizza,
  glass,
  vase,
  chest,
  book,
  lamp,
  candle,
  clock,
  chair,
  guitar,
};

/** Height of each thing as a fraction of the frame's short side (before placement scaling). */
export const THING_SIZE: Record<ThingKind, number> = {
  cat: 0.3,
  dog: 0.32,
  bird: 0.16,
  fish: 0.18,
  horse: 0.4,
  dragon: 0.36,
  unicorn: 0.4,
  phoenix: 0.36,
  ghost: 0.32,
  monster: 0.42,
  robot: 0.55,
  car: 0.17,
  boat: 0.3,
  plane: 0.16,
  spaceship: 0.42,
  ufo: 0.16,
  train: 0.2,
  bicycle: 0.24,
  balloon: 0.32,
  house: 0.36,
  cabin: 0.32,
  barn: 0.36,
  lighthouse: 0.6,
  castle: 0.42,
  tower: 0.6,
  bridge: 0.2,
  windmill: 0.5,
  temple: 0.48,
  bowl: 0.3,
  cup: 0.3,
  cake: 0.38,
  fruit: 0.26,
  pizza: 0.2,
  glass: 0.38,
  vase: 0.6,
  chest: 0.34,
  book: 0.2,
  lamp: 0.55,
  candle: 0.32,
  clock: 0.34,
  chair: 0.45,
  guitar: 0.55,
};

/** Half the width of each drawing in its own units (for layout and region checks). */
export const THING_HALF_WIDTH: Partial<Record<ThingKind, number>> = {
  cat: 0.6,
  dog: 0.7,
  horse: 0.75,
  dragon: 1.15,
  unicorn: 0.75,
  phoenix: 0.85,
  car: 1.25,
  boat: 0.75,
  plane: 1.3,
  ufo: 0.95,
  train: 1.3,
  bicycle: 0.85,
  house: 0.6,
  cabin: 0.65,
  barn: 0.65,
  castle: 0.75,
  bridge: 1.6,
  windmill: 0.6,
  temple: 0.65,
  bowl: 0.9,
  cup: 0.6,
  cake: 0.6,
  fruit: 0.75,
  pizza: 0.85,
  chest: 0.6,
  book: 0.8,
  lamp: 0.35,
  clock: 0.5,
  vase: 0.55,
};
