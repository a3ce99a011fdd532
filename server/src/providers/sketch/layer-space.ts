import type { Canvas } from '@napi-rs/canvas';
import { drawStretched, ellipse, radialGlow, shadeCanvas, verticalGradient } from './canvas-kit.js';
import { css, hsl, mix, type Rgb, scale } from './color.js';
import { drawStars, makeStars } from './layer-sky.js';
import { clamp01, createNoise2, smoothstep } from './noise.js';
import type { Ctx, Layer, SceneEnv } from './scene-types.js';

/** Glowing gas: domain-warped noise in the key and accent colours, with dark dust lanes. */
function nebulaLayer(env: SceneEnv, options: { bottom: number; strength: number }): Layer {
  const { width: W, unit, palette: pal, spec } = env;
  const rng = env.rng('nebula');
  const noise = createNoise2(rng);
  const key: Rgb =
    spec.hues[0] !== undefined
      ? hsl(spec.hues[0], 0.85, 0.55)
      : hsl(rng.pick([200, 265, 320, 175]), 0.8, 0.55);
  const accent = pal.accent;
  const cx = W * rng.range(0.3, 0.7);
  const cy = options.bottom * rng.range(0.3, 0.6);
  const angle = rng.range(0, Math.PI);
  const ox = rng.range(0, 40);
  const oy = rng.range(0, 40);
  let texture: Canvas | null = null;
  const bottom = options.bottom;
  return {
    name: 'nebula',
    depth: 0.02,
    draw(ctx) {
      if (!texture) {
        const s = Math.min(1, env.detail.textureScale);
        const octaves = env.detail.octaves + 1;
        texture = shadeCanvas(W * s, bottom * s, (x, y, out) => {
          const px = x / s;
          const py = y / s;
          const u = (px / unit) * 1.5 + ox;
          const v = (py / unit) * 1.5 + oy;
          const qx = noise.fbm(u, v, 3);
          const qy = noise.fbm(u + 5.2, v + 1.3, 3);
          const n = noise.fbm(u + qx * 1.6, v + qy * 1.6, octaves) * 0.5 + 0.5;
          const n2 = noise.fbm(u * 2 + qy * 2 + 3.1, v * 2 + qx * 2, octaves) * 0.5 + 0.5;
          const dust = smoothstep(0.55, 0.85, noise.ridged(u * 1.7 + 7, v * 1.7, 4));
          // Concentrate the cloud along a band through the composition's centre.
          const dx = (px - cx) / unit;
          const dy = (py - cy) / unit;
          const across = dx * Math.sin(angle) - dy * Math.cos(angle);
          const along = dx * Math.cos(angle) + dy * Math.sin(angle);
          const mask = Math.exp(-(across * across) * 3.5 - along * along * 0.35);
          const d = smoothstep(0.35, 0.9, n) * mask;
          const d2 = smoothstep(0.45, 0.95, n2) * mask;
          const core = smoothstep(0.75, 1, n) * mask;
          const fade = smoothstep(bottom, bottom * 0.7, py);
          const k = options.strength * fade * (1 - dust * 0.7);
          out[0] = (key[0] * d + accent[0] * d2 * 0.9 + 255 * core * 0.5) * k;
          out[1] = (key[1] * d + accent[1] * d2 * 0.9 + 240 * core * 0.5) * k;
          out[2] = (key[2] * d + accent[2] * d2 * 0.9 + 255 * core * 0.5) * k;
        });
      }
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      drawStretched(ctx, texture, 0, 0, W, bottom);
      ctx.restore();
    },
  };
}

function galaxyLayer(env: SceneEnv, bottom: number): Layer {
  const { width: W, unit, palette: pal } = env;
  const rng = env.rng('galaxy');
  const cx = W * rng.range(0.35, 0.65);
  const cy = bottom * rng.range(0.35, 0.55);
  const R = unit * rng.range(0.4, 0.55);
  const tilt = rng.range(0.35, 0.6);
  const rot = rng.range(-0.6, 0.6);
  const arms = rng.pick([2, 2, 3]);
  const count = Math.round(26000 * env.detail.density);
  const armColor = mix(pal.accent, [170, 200, 255], 0.5);
  const points = Array.from({ length: count }, () => {
    const arm = rng.int(0, arms - 1);
    const t = 0.03 + rng.next() ** 1.35 * 0.97;
    // A logarithmic-ish spiral: arms wind outward and spread as they go.
    const theta = (arm / arms) * Math.PI * 2 + Math.log(1 + t * 12) * 2.4 + rng.gauss() * (0.22 + 0.2 * t);
    const r = t * R * (1 + rng.gauss() * 0.06);
    const x0 = Math.cos(theta) * r;
    const y0 = Math.sin(theta) * r * tilt;
    return {
      x: cx + x0 * Math.cos(rot) - y0 * Math.sin(rot),
      y: cy + x0 * Math.sin(rot) + y0 * Math.cos(rot),
      c: mix([255, 232, 200], armColor, smoothstep(0.05, 0.5, t)),
      a: rng.range(0.2, 0.8) * (1 - t * 0.45),
      s: rng.range(0.7, 2) * (unit / 1000),
    };
  });
  return {
    name: 'galaxy',
    depth: 0.03,
    draw(ctx) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      ctx.translate(cx, cy);
      ctx.rotate(rot);
      ctx.scale(1, tilt);
      radialGlow(ctx, 0, 0, R * 1.1, armColor, 0.45);
      radialGlow(ctx, 0, 0, R * 0.45, [255, 225, 190], 1);
      radialGlow(ctx, 0, 0, R * 0.12, [255, 250, 240], 1);
      ctx.restore();
      ctx.save();
      ctx.globalCompositeOperation = 'lighter';
      for (const p of points) {
        ctx.fillStyle = css(p.c, p.a);
        ctx.fillRect(p.x, p.y, p.s, p.s);
      }
      ctx.restore();
    },
  };
}

function planetLayer(env: SceneEnv, bottom: number): Layer {
  const { width: W, unit, palette: pal, spec } = env;
  const rng = env.rng('planet');
  const big = spec.subjects.length === 1;
  const r = unit * (big ? rng.range(0.2, 0.34) : rng.range(0.08, 0.14)) * (env.look.surreal ? 1.4 : 1);
  const cx = W * (rng.chance(0.5) ? rng.range(0.2, 0.35) : rng.range(0.65, 0.8));
  const cy = Math.min(bottom * 0.6, env.height * (big ? rng.range(0.45, 0.65) : rng.range(0.18, 0.3)));
  const gas = rng.chance(0.6);
  const rings = spec.variants.includes('rings') || (gas && rng.chance(0.45));
  const noise = createNoise2(rng);
  const hueA = spec.hues[1] ?? spec.hues[0] ?? rng.pick([25, 200, 35, 280, 15]);
  const hueB = (hueA + rng.range(20, 50)) % 360;
  const lx = -0.6 * env.lightSide;
  const ly = -0.45;
  const lz = Math.sqrt(1 - lx * lx - ly * ly);
  let texture: Canvas | null = null;
  const ringTilt = rng.range(0.2, 0.35);
  const ringRot = rng.range(-0.35, 0.35);
  const ring = (ctx: Ctx, front: boolean): void => {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(ringRot);
    ctx.scale(1, ringTilt);
    ctx.beginPath();
    ctx.rect(-r * 3, front ? 0 : -r * 3, r * 6, r * 3);
    ctx.clip();
    for (let i = 0; i < 26; i++) {
      const rr = r * (1.35 + i * 0.035);
      ctx.strokeStyle = css(
        mix(hsl(hueA, 0.35, 0.75), [255, 255, 255], (i % 3) * 0.15),
        0.1 + 0.25 * Math.abs(Math.sin(i * 1.7)),
      );
      ctx.lineWidth = r * 0.03;
      ellipse(ctx, 0, 0, rr, rr);
      ctx.stroke();
    }
    ctx.restore();
  };
  return {
    name: 'planet',
    depth: 0.1,
    draw(ctx) {
      if (rings) ring(ctx, false);
      if (!texture) {
        const size = Math.min(560, Math.ceil(r * 2));
        const s = size / (r * 2);
        texture = shadeCanvas(size, size, (x, y, out) => {
          const nx = (x / s - r) / r;
          const ny = (y / s - r) / r;
          const d2 = nx * nx + ny * ny;
          if (d2 > 1) {
            out[3] = 0;
            return;
          }
          const nz = Math.sqrt(1 - d2);
          let c: Rgb;
          if (gas) {
            const lat = ny * 6 + noise.fbm(nx * 2, ny * 9, 4) * 0.9;
            const band = 0.5 + 0.5 * Math.sin(lat * 3.1);
            c = mix(hsl(hueA, 0.55, 0.55), hsl(hueB, 0.45, 0.72), band);
          } else {
            const land = noise.fbm((nx * 2.5) / (nz + 0.3), (ny * 2.5) / (nz + 0.3), 5);
            c =
              land > 0.05
                ? mix(hsl(hueA, 0.4, 0.45), hsl(90, 0.3, 0.4), clamp01(land * 2))
                : hsl(215, 0.6, 0.35);
          }
          const lambert = clamp01(nx * lx + ny * ly + nz * lz);
          const shade = 0.06 + 0.94 * smoothstep(-0.05, 0.6, lambert);
          out[0] = c[0] * shade;
          out[1] = c[1] * shade;
          out[2] = c[2] * shade;
          out[3] = clamp01((1 - d2) * 60);
        });
      }
      // Atmosphere.
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      radialGlow(ctx, cx + lx * r * 0.15, cy + ly * r * 0.15, r * 1.25, hsl(hueB, 0.7, 0.6), 0.5, [
        [0, 0],
        [0.75, 0.1],
        [0.8, 0.8],
        [0.86, 0.25],
        [1, 0],
      ]);
      ctx.restore();
      drawStretched(ctx, texture, cx - r, cy - r, r * 2, r * 2);
      if (rings) ring(ctx, true);
      void pal;
    },
  };
}

/** Deep space filling the frame, or the space part of a night sky over a landscape. */
export function spaceLayers(env: SceneEnv, options: { backdrop: boolean }): Layer[] {
  const { width: W, height: H, palette: pal, spec } = env;
  const bottom = options.backdrop ? H : Math.min(H, env.horizon);
  const layers: Layer[] = [];
  if (options.backdrop) {
    const rng = env.rng('space-stars');
    const stars = makeStars(env, rng, Math.round(2200 * env.detail.density * (W / env.unit)), H);
    const deep = spec.hues[0] !== undefined ? hsl(spec.hues[0], 0.6, 0.06) : hsl(235, 0.55, 0.05);
    layers.push({
      name: 'space',
      depth: 0,
      draw(ctx) {
        ctx.fillStyle = verticalGradient(ctx, 0, H, [
          [0, scale(deep, 0.6)],
          [1, mix(deep, pal.accent, 0.08)],
        ]);
        ctx.fillRect(0, 0, W, H);
        drawStars(ctx, stars);
      },
      animate(ctx, t) {
        if (env.video) drawStars(ctx, stars.slice(0, 80), t, 0.5);
      },
    });
  }
  const galaxy = spec.variants.includes('galaxy');
  const wantsNebula = spec.variants.includes('nebula') || !galaxy || options.backdrop;
  if (wantsNebula && !env.look.minimal)
    layers.push(nebulaLayer(env, { bottom, strength: options.backdrop ? 1 : 0.55 }));
  if (galaxy) layers.push(galaxyLayer(env, bottom));
  const planet =
    spec.variants.includes('planet') ||
    (options.backdrop && !galaxy && env.rng('planet?').chance(0.6)) ||
    env.look.surreal;
  if (planet && env.has('planet')) layers.push(planetLayer(env, bottom));
  return layers;
}
