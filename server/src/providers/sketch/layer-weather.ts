import type { Canvas } from '@napi-rs/canvas';
import { drawStretched, radialGlow, shadeCanvas, verticalGradient } from './canvas-kit.js';
import { css, hsl, mix, scale } from './color.js';
import { createNoise2, smoothstep } from './noise.js';
import type { Layer, SceneEnv } from './scene-types.js';

/** Drifting banks of fog low over the land. */
export function fogLayer(env: SceneEnv, strength: number): Layer {
  const { width: W, height: H, horizon, unit, palette: pal } = env;
  const noise = createNoise2(env.rng('fog'));
  const span = env.video ? 1.3 : 1;
  let texture: Canvas | null = null;
  const top = Math.max(0, Math.min(horizon, H) - H * 0.3);
  return {
    name: 'fog',
    depth: 0.6,
    animate(ctx, t) {
      texture ??= shadeCanvas(
        Math.min(400, W * env.detail.textureScale) * span,
        Math.min(400, W * env.detail.textureScale) * ((H - top) / W),
        (x, y, out) => {
          const u = (x / (Math.min(400, W * env.detail.textureScale) * span)) * span;
          const v = y / (Math.min(400, W * env.detail.textureScale) * ((H - top) / W));
          const n = noise.fbm(u * 3, v * 6, 4) * 0.5 + 0.5;
          const band = smoothstep(0, 0.35, v) * (1 - smoothstep(0.7, 1, v) * 0.4);
          out[0] = pal.haze[0];
          out[1] = pal.haze[1];
          out[2] = pal.haze[2];
          out[3] = smoothstep(0.3, 0.75, n) * band * strength;
        },
      );
      drawStretched(ctx, texture, -t * unit * 0.012, top, W * span, H - top, env.video ? 'low' : 'high');
      ctx.fillStyle = verticalGradient(ctx, top, H, [
        [0, pal.haze, 0],
        [0.4, pal.haze, 0.25 * strength],
        [1, pal.haze, 0.15 * strength],
      ]);
      ctx.fillRect(0, top, W, H - top);
    },
  };
}

/** Rain streaks in three depths, falling with the wind. */
export function rainLayer(env: SceneEnv, heavy: boolean): Layer {
  const { width: W, height: H, unit, palette: pal } = env;
  const rng = env.rng('rain');
  const count = Math.round((heavy ? 1400 : 800) * env.detail.density * (W / unit));
  const drops = Array.from({ length: count }, () => ({ x: rng.next(), y: rng.next(), z: rng.next() }));
  const wind = 0.18 * (rng.chance(0.5) ? 1 : -1);
  const color = mix(pal.skyHorizon, [255, 255, 255], 0.5);
  return {
    name: 'rain',
    depth: 1,
    animate(ctx, t) {
      ctx.save();
      ctx.lineCap = 'round';
      ctx.fillStyle = css(pal.haze, 0.12);
      ctx.fillRect(0, 0, W, H);
      for (const d of drops) {
        const speed = H * (1.2 + d.z * 1.6);
        const len = unit * (0.015 + d.z * 0.04);
        const y = ((d.y * H + t * speed) % (H + len)) - len;
        const x = (d.x * W + (y + len) * wind) % W;
        ctx.strokeStyle = css(color, 0.12 + d.z * 0.25);
        ctx.lineWidth = Math.max(0.6, unit * 0.0012 * (0.5 + d.z));
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + len * wind, y + len);
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

export function snowfallLayer(env: SceneEnv, heavy: boolean): Layer {
  const { width: W, height: H, unit } = env;
  const rng = env.rng('snowfall');
  const count = Math.round((heavy ? 1200 : 500) * env.detail.density * (W / unit));
  const flakes = Array.from({ length: count }, () => ({
    x: rng.next(),
    y: rng.next(),
    z: rng.next() ** 2,
    p: rng.range(0, 6),
  }));
  return {
    name: 'snowfall',
    depth: 1,
    animate(ctx, t) {
      ctx.save();
      for (const f of flakes) {
        const r = unit * (0.0012 + f.z * 0.006);
        const y = ((f.y * H + t * H * (0.05 + f.z * 0.12)) % (H + r * 2)) - r;
        const x = f.x * W + Math.sin(t * 0.9 + f.p + y * 0.01) * unit * 0.015;
        if (f.z > 0.6) radialGlow(ctx, x, y, r * 1.6, [255, 255, 255], 0.55);
        else {
          ctx.fillStyle = css([255, 255, 255], 0.5 + f.z * 0.4);
          ctx.beginPath();
          ctx.arc(x, y, r, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      ctx.restore();
    },
  };
}

/** A lightning bolt that flashes a few times in a video (and once, faintly, in a still). */
export function lightningLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit } = env;
  const rng = env.rng('lightning');
  const x0 = W * rng.range(0.2, 0.8);
  const points: [number, number][] = [[x0, 0]];
  let x = x0;
  for (let y = 0; y < Math.min(horizon, H) * 0.95; y += unit * rng.range(0.02, 0.05)) {
    x += rng.gauss() * unit * 0.03;
    points.push([x, y]);
  }
  const flashes = [rng.range(0.15, 0.35), rng.range(0.55, 0.8)];
  return {
    name: 'lightning',
    depth: 0.1,
    animate(ctx, t) {
      const T = env.durationSeconds || 1;
      const phase = env.video ? t / T : (flashes[0] ?? 0);
      const strike = env.video ? flashes.some((f) => phase > f && phase < f + 0.03) : true;
      if (!strike) return;
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      ctx.fillStyle = css(hsl(230, 0.4, 0.75), env.video ? 0.25 : 0.08);
      ctx.fillRect(0, 0, W, H);
      for (const [width, alpha] of [
        [unit * 0.012, 0.15],
        [unit * 0.004, 0.9],
      ] as const) {
        ctx.strokeStyle = css([225, 230, 255], alpha);
        ctx.lineWidth = width;
        ctx.beginPath();
        points.forEach(([px, py], i) => {
          if (i) ctx.lineTo(px, py);
          else ctx.moveTo(px, py);
        });
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

/** Floating motes of light: fireflies, fairy dust, dust in sunbeams. */
export function sparklesLayer(env: SceneEnv, amount: number): Layer {
  const { width: W, height: H, unit, palette: pal } = env;
  const rng = env.rng('sparkles');
  const motes = Array.from({ length: Math.round(90 * amount * env.detail.density) }, () => ({
    x: rng.next() * W,
    y: (0.25 + 0.75 * rng.next()) * H,
    r: unit * rng.range(0.002, 0.008),
    p: rng.range(0, 6.28),
    color: rng.chance(0.6) ? mix(pal.accent, [255, 255, 255], 0.5) : hsl(50, 0.9, 0.75),
  }));
  return {
    name: 'sparkles',
    depth: 0.95,
    animate(ctx, t) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      for (const m of motes) {
        const x = m.x + Math.sin(t * 0.5 + m.p) * unit * 0.02;
        const y = m.y - t * unit * 0.01 + Math.cos(t * 0.7 + m.p) * unit * 0.01;
        const a = 0.5 + 0.5 * Math.sin(t * 2 + m.p * 3);
        radialGlow(ctx, x, y, m.r * 5, m.color, 0.5 * a);
        radialGlow(ctx, x, y, m.r, [255, 255, 255], 0.9 * a);
      }
      ctx.restore();
    },
  };
}

/** Crepuscular rays fanning out from a low sun. */
export function godRaysLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal, light } = env;
  const rng = env.rng('rays');
  const rays = Array.from({ length: 14 }, () => ({
    a: rng.range(0, Math.PI * 2),
    w: rng.range(0.02, 0.07),
    s: rng.range(0.3, 1),
  }));
  return {
    name: 'god-rays',
    depth: 0.05,
    animate(ctx, t) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      const reach = Math.hypot(W, H);
      for (const ray of rays) {
        const a = ray.a + t * 0.01;
        const g = ctx.createRadialGradient(light.x, light.y, 0, light.x, light.y, reach);
        g.addColorStop(0, css(pal.glow, 0.22 * ray.s));
        g.addColorStop(0.6, css(pal.glow, 0.04 * ray.s));
        g.addColorStop(1, css(pal.glow, 0));
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.moveTo(light.x, light.y);
        ctx.lineTo(light.x + Math.cos(a - ray.w) * reach, light.y + Math.sin(a - ray.w) * reach);
        ctx.lineTo(light.x + Math.cos(a + ray.w) * reach, light.y + Math.sin(a + ray.w) * reach);
        ctx.closePath();
        ctx.fill();
      }
      ctx.restore();
      void unit;
    },
  };
}

/** A faint holographic grid and horizon line for sci-fi scenes. */
export function scifiGridLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit } = env;
  const color = hsl(188, 0.9, 0.6);
  const ground = Math.min(horizon, H * 0.85);
  return {
    name: 'scifi-grid',
    depth: 0.8,
    animate(ctx, t) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      ctx.strokeStyle = css(color, 0.25);
      ctx.lineWidth = Math.max(1, unit * 0.0015);
      const lines = 22;
      for (let i = -lines; i <= lines; i++) {
        ctx.beginPath();
        ctx.moveTo(W / 2 + (i / lines) * W * 0.1, ground);
        ctx.lineTo(W / 2 + (i / lines) * W * 2.2, H);
        ctx.stroke();
      }
      for (let k = 0; k < 14; k++) {
        const v = ((k + t * 0.6) % 14) / 14;
        const y = ground + (H - ground) * v * v;
        ctx.strokeStyle = css(color, 0.12 + 0.2 * v);
        ctx.beginPath();
        ctx.moveTo(0, y);
        ctx.lineTo(W, y);
        ctx.stroke();
      }
      ctx.fillStyle = verticalGradient(ctx, ground - unit * 0.02, ground + unit * 0.02, [
        [0, color, 0],
        [0.5, color, 0.4],
        [1, color, 0],
      ]);
      ctx.fillRect(0, ground - unit * 0.02, W, unit * 0.04);
      ctx.restore();
      void scale;
    },
  };
}
