import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { drawStretched, shadeCanvas, verticalGradient } from './canvas-kit.js';
import { css, mix, type Rgb, scale } from './color.js';
import { clamp01, createNoise1, createNoise2, lerp, smoothstep } from './noise.js';
import { mix32, mulberry32 } from './random.js';
import type { Layer, SceneEnv } from './scene-types.js';

/** Open water from the horizon down: mirrored backdrop broken by waves, glitter under the sun. */
export function waterLayer(
  env: SceneEnv,
  options: { lake: boolean; street?: boolean; top?: number; bottom?: number },
): Layer {
  const { width: W, height: H, unit, palette: pal, spec } = env;
  // The mirror line: the horizon for open water, the foot of the buildings for a wet street.
  const horizon = Math.round(options.top ?? env.horizon);
  const street = options.street ?? false;
  const bottom = options.bottom ?? H;
  const calm = options.lake || spec.moods.includes('calm');
  const rough = spec.moods.includes('storm') || spec.variants.includes('waves');
  const rng = env.rng('water');
  const noise = createNoise1(rng);
  const waveCount = Math.round(
    (street ? 150 : calm ? 500 : 1300) * env.detail.density * (W / unit) * (env.video ? 0.55 : 1),
  );
  const waves = Array.from({ length: waveCount }, () => ({
    x: rng.next(),
    v: rng.next(),
    len: rng.range(0.4, 1.6),
    phase: rng.range(0, 6.28),
    bright: rng.next() < 0.45,
  }));
  let backdrop: Canvas | null = null;
  const near = (y: number): number => clamp01((y - horizon) / Math.max(1, bottom - horizon));
  const reflectAlpha = street ? 0.4 : options.lake ? 0.82 : rough ? 0.25 : 0.5;
  const highlight: Rgb = mix(pal.skyHorizon, [255, 255, 255], 0.35);
  const trough: Rgb = scale(pal.waterDeep, 0.8);
  let glints:
    | { x: number; y: number; len: number; a: number; h: number; phase: number; speed: number; n: number }[]
    | null = null;
  return {
    name: street ? 'wet-street' : options.lake ? 'lake' : 'ocean',
    depth: 0.45,
    readsBackdrop: true,
    animate(ctx, t) {
      if (horizon >= bottom) return;
      backdrop ??= createCanvas(W, Math.max(1, Math.ceil(horizon)));
      const bctx = backdrop.getContext('2d');
      bctx.clearRect(0, 0, W, horizon);
      bctx.drawImage(ctx.canvas, 0, 0, W, horizon, 0, 0, W, horizon);

      ctx.fillStyle = street
        ? verticalGradient(ctx, horizon, bottom, [
            [0, mix(pal.shadow, [20, 20, 26], 0.5)],
            [1, mix(pal.shadow, [8, 8, 12], 0.7)],
          ])
        : verticalGradient(ctx, horizon, bottom, [
            [0, mix(pal.skyHorizon, pal.water, 0.45)],
            [0.35, pal.water],
            [1, mix(pal.water, pal.waterDeep, 0.75)],
          ]);
      ctx.fillRect(0, horizon, W, bottom - horizon);

      // Mirror image in thin strips, each shifted by the waves under it.
      ctx.save();
      ctx.imageSmoothingEnabled = true;
      let y = horizon;
      while (y < bottom) {
        const n = near(y);
        const strip = Math.max(1, Math.round((unit / 900) * (1 + n * 5)));
        const src = horizon - (y - horizon) * 1.0 - strip;
        if (src < 0) break;
        const amp = (calm ? 0.004 : rough ? 0.03 : 0.012) * unit * (0.2 + n * 1.6);
        const dx = noise.at(y * 0.09 + t * 1.7) * amp + Math.sin(y * 0.31 + t * 2.1) * amp * 0.4;
        ctx.globalAlpha = reflectAlpha * (1 - n * 0.55);
        ctx.drawImage(backdrop, 0, src, W, strip, dx, y, W, strip);
        y += strip;
      }
      ctx.restore();

      // Wave strokes: thin and dense at the horizon, long and bold near us.
      ctx.save();
      ctx.lineCap = 'round';
      for (const w of waves) {
        const v = w.v * w.v;
        const yy = horizon + v * (bottom - horizon);
        const n = near(yy);
        const length = unit * (0.01 + n * 0.09) * w.len * (calm ? 0.6 : 1);
        const speed = unit * 0.01 * (0.3 + n);
        const x = (((w.x * W + t * speed * env.lightSide) % W) + W) % W;
        const pulse = 0.55 + 0.45 * Math.sin(w.phase + t * 1.8);
        ctx.strokeStyle = css(w.bright ? highlight : trough, (w.bright ? 0.22 : 0.28) * pulse * (0.4 + n));
        ctx.lineWidth = Math.max(0.7, unit * 0.0012 * (1 + n * 4));
        ctx.beginPath();
        ctx.moveTo(x - length / 2, yy);
        ctx.quadraticCurveTo(x, yy - ctx.lineWidth * 1.2, x + length / 2, yy);
        ctx.stroke();
      }
      ctx.restore();

      // Glitter path under the sun or the moon.
      if (!street && env.light.visible && env.light.y < horizon) {
        // One fixed set of glints that each fade in and out smoothly and drift a little: no
        // re-randomised sparkle every few frames (that read as a shimmer alternating frame to frame).
        const color = env.light.moon ? mix(pal.sun, [200, 215, 255], 0.4) : mix(pal.sun, pal.glow, 0.35);
        if (!glints) {
          const g = mulberry32(mix32(env.seed ^ 0x9e37));
          const dashes = Math.round(900 * env.detail.density * (calm ? 0.6 : 1) * (env.video ? 0.6 : 1));
          glints = [];
          for (let i = 0; i < dashes; i++) {
            const v = g.next();
            const yy = horizon + v * v * (bottom - horizon);
            const n = near(yy);
            const spread = unit * (0.02 + n * 0.16) * (env.light.moon ? 0.7 : 1);
            const x = env.light.x + g.gauss() * spread * 0.6;
            const len = unit * (0.004 + n * 0.035) * g.range(0.4, 1.2);
            const a = (0.25 + 0.6 * g.next()) * (1 - Math.abs(x - env.light.x) / (spread * 2.2));
            if (a <= 0) continue;
            glints.push({
              x,
              y: yy,
              len,
              a,
              h: Math.max(1, unit * 0.0015 * (1 + n * 2)),
              phase: g.range(0, 6.3),
              speed: g.range(0.8, 2.2),
              n,
            });
          }
        }
        ctx.save();
        ctx.globalCompositeOperation = 'screen';
        for (const glint of glints) {
          const a = glint.a * (t === 0 ? 1 : 0.55 + 0.45 * Math.sin(glint.phase + t * glint.speed));
          const dx = t === 0 ? 0 : Math.sin(glint.phase * 2 + t * 0.7) * glint.len * 0.4;
          ctx.fillStyle = css(color, a);
          ctx.fillRect(glint.x - glint.len / 2 + dx, glint.y, glint.len, glint.h);
        }
        ctx.restore();
      }
      if (street) return;
      // A soft haze line where water meets sky.
      ctx.fillStyle = verticalGradient(ctx, horizon - unit * 0.01, horizon + unit * 0.02, [
        [0, pal.haze, 0],
        [0.4, pal.haze, 0.35],
        [1, pal.haze, 0],
      ]);
      ctx.fillRect(0, horizon - unit * 0.01, W, unit * 0.03);
    },
  };
}

/** Sand in the foreground with a foam line that washes in and out. */
export function beachLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit, palette: pal } = env;
  const noise = createNoise1(env.rng('beach'));
  const grain = createNoise2(env.rng('beach-grain'));
  const shore = (x: number): number =>
    horizon +
    (H - horizon) * (0.58 + 0.12 * noise.fbm((x / W) * 2.2, 3)) +
    (x / W - 0.5) * (H - horizon) * 0.25 * env.lightSide;
  let texture: Canvas | null = null;
  const sand = pal.sand;
  const wet = mix(scale(pal.sand, 0.7), pal.water, 0.3);
  return {
    name: 'beach',
    depth: 0.75,
    draw(ctx) {
      let top = H;
      for (let x = 0; x <= W; x += 8) top = Math.min(top, shore(x));
      top = Math.floor(top - unit * 0.02);
      texture ??= shadeCanvas(
        W * env.detail.textureScale,
        (H - top) * env.detail.textureScale,
        (x, y, out) => {
          const s = env.detail.textureScale;
          const sx = x / s;
          const sy = top + y / s;
          const d = (sy - shore(sx)) / (H - horizon);
          const wetness = 1 - smoothstep(0, 0.08, d);
          let c = mix(sand, wet, wetness);
          c = scale(c, 0.92 + 0.1 * grain.fbm((sx / unit) * 60, (sy / unit) * 90, 3) + d * 0.05);
          out[0] = c[0];
          out[1] = c[1];
          out[2] = c[2];
        },
      );
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(0, H);
      for (let x = 0; x <= W; x += 4) ctx.lineTo(x, shore(x));
      ctx.lineTo(W, H);
      ctx.closePath();
      ctx.clip();
      drawStretched(ctx, texture, 0, top, W, H - top);
      ctx.restore();
    },
    animate(ctx, t) {
      const wash = (Math.sin(t * 1.2) * 0.5 + 0.5) * unit * 0.02;
      ctx.save();
      for (let line = 0; line < 3; line++) {
        ctx.strokeStyle = css([255, 255, 255], 0.55 - line * 0.15);
        ctx.lineWidth = Math.max(1, unit * (0.004 - line * 0.001));
        ctx.beginPath();
        for (let x = 0; x <= W; x += 4) {
          const y = shore(x) + wash - line * unit * 0.012 + noise.at(x * 0.03 + line * 9 + t) * unit * 0.004;
          if (x === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

/** A river winding from the foreground to the horizon, reflecting the sky. */
export function riverLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit, palette: pal } = env;
  const noise = createNoise1(env.rng('river'));
  const start = W * (0.5 + env.rng('river-x').range(-0.2, 0.2));
  const center = (v: number): number =>
    start + noise.fbm(v * 2.2, 3) * W * 0.35 * v + (1 - v) * W * 0.04 * noise.at(9);
  // v: 0 at the horizon … 1 at the bottom edge.
  const halfWidth = (v: number): number => lerp(unit * 0.004, W * 0.32, v ** 1.6);
  const ripples = createNoise2(env.rng('river-ripples'));
  return {
    name: 'river',
    depth: 0.5,
    animate(ctx, t) {
      const steps = 120;
      const yAt = (v: number): number => horizon + v * (H - horizon) * 1.05;
      ctx.save();
      ctx.beginPath();
      for (let i = 0; i <= steps; i++) {
        const v = i / steps;
        const x = center(v) - halfWidth(v);
        if (i === 0) ctx.moveTo(x, yAt(v));
        else ctx.lineTo(x, yAt(v));
      }
      for (let i = steps; i >= 0; i--) {
        const v = i / steps;
        ctx.lineTo(center(v) + halfWidth(v), yAt(v));
      }
      ctx.closePath();
      // Banks: a darker rim first, then the water inside it.
      ctx.strokeStyle = css(scale(pal.grass, 0.5), 0.8);
      ctx.lineWidth = Math.max(1.5, unit * 0.006);
      ctx.stroke();
      ctx.clip();
      ctx.fillStyle = verticalGradient(ctx, horizon, H, [
        [0, mix(pal.skyHorizon, [255, 255, 255], 0.15)],
        [0.5, mix(pal.skyMid, pal.water, 0.3)],
        [1, mix(pal.skyTop, pal.water, 0.45)],
      ]);
      ctx.fillRect(0, horizon, W, H - horizon);
      ctx.lineCap = 'round';
      const count = Math.round(260 * env.detail.density);
      const rng = env.rng('river-strokes');
      for (let i = 0; i < count; i++) {
        const v = rng.next() ** 0.7;
        const y = yAt(v);
        const x = center(v) + (rng.next() * 2 - 1) * halfWidth(v);
        const len = unit * (0.006 + v * 0.05);
        const drift = Math.sin(t * 0.8 + i) * len * 0.15;
        const a = 0.2 + 0.2 * ripples.at(x * 0.05, y * 0.05 + t);
        ctx.strokeStyle = css([255, 255, 255], a * (0.4 + v));
        ctx.lineWidth = Math.max(0.7, unit * 0.002 * (0.5 + v * 2));
        ctx.beginPath();
        ctx.moveTo(x - len / 2 + drift, y);
        ctx.lineTo(x + len / 2 + drift, y);
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

/** Small sailing boats on open water. */
export function boatsLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit, palette: pal } = env;
  const rng = env.rng('boats');
  const boats = Array.from({ length: rng.int(1, 3) }, () => ({
    x: rng.range(0.1, 0.9) * W,
    v: rng.range(0.04, 0.3),
    phase: rng.range(0, 6),
  }));
  return {
    name: 'boats',
    depth: 0.5,
    animate(ctx, t) {
      for (const b of boats) {
        const y = horizon + b.v * (H - horizon);
        const s = unit * (0.02 + b.v * 0.12);
        const x = b.x + t * unit * 0.004;
        const bob = Math.sin(t * 1.5 + b.phase) * s * 0.03;
        const hull = scale(pal.shadow, 0.7);
        ctx.fillStyle = css(hull, 0.95);
        ctx.beginPath();
        ctx.moveTo(x - s * 0.5, y - s * 0.08 + bob);
        ctx.lineTo(x + s * 0.5, y - s * 0.08 + bob);
        ctx.lineTo(x + s * 0.38, y + s * 0.04 + bob);
        ctx.lineTo(x - s * 0.38, y + s * 0.04 + bob);
        ctx.closePath();
        ctx.fill();
        const sail = mix([250, 248, 240], pal.light, 0.3);
        ctx.fillStyle = css(pal.night ? scale(sail, 0.35) : sail, 0.95);
        ctx.beginPath();
        ctx.moveTo(x, y - s * 0.95 + bob);
        ctx.lineTo(x + s * 0.34, y - s * 0.14 + bob);
        ctx.lineTo(x, y - s * 0.14 + bob);
        ctx.closePath();
        ctx.fill();
        ctx.beginPath();
        ctx.moveTo(x - s * 0.03, y - s * 0.8 + bob);
        ctx.lineTo(x - s * 0.3, y - s * 0.14 + bob);
        ctx.lineTo(x - s * 0.03, y - s * 0.14 + bob);
        ctx.closePath();
        ctx.fill();
      }
    },
  };
}
