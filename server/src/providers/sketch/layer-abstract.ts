import type { Canvas } from '@napi-rs/canvas';
import { drawStretched, ellipse, radialGlow, shadeCanvas } from './canvas-kit.js';
import { css, hsl, mix, type Rgb } from './color.js';
import { createNoise2, smoothstep } from './noise.js';
import type { Layer, SceneEnv } from './scene-types.js';

function paletteFor(env: SceneEnv): Rgb[] {
  const { spec } = env;
  const rng = env.rng('abstract-palette');
  const key = spec.hues[0] ?? rng.range(0, 360);
  const accent = spec.hues[1] ?? (key + rng.pick([150, 180, 210, 60])) % 360;
  const dark = spec.moods.includes('dark') || env.palette.night;
  const keyColor = hsl(key, 0.75, dark ? 0.35 : 0.48);
  const accentColor = hsl(accent, 0.75, 0.55);
  return [
    hsl(key, 0.5, dark ? 0.07 : 0.14),
    keyColor,
    // The middle of the ramp mixes in RGB: hue averaging would invent a third colour (gold + teal → green).
    mix(mix(keyColor, accentColor, 0.5), [240, 235, 225], 0.35),
    accentColor,
    hsl(accent + 10, 0.5, 0.86),
  ];
}

function ramp(colors: readonly Rgb[], v: number): Rgb {
  const x = Math.max(0, Math.min(0.9999, v)) * (colors.length - 1);
  const i = Math.floor(x);
  return mix(colors[i] as Rgb, colors[i + 1] as Rgb, smoothstep(0, 1, x - i));
}

/** Flowing marbled colour fields with bold geometric shapes: the fallback for prompts the lexicon cannot place. */
export function abstractLayers(env: SceneEnv): Layer[] {
  const { width: W, height: H, unit } = env;
  const colors = paletteFor(env);
  const noise = createNoise2(env.rng('abstract'));
  const span = env.video ? 1.25 : 1;
  let texture: Canvas | null = null;
  const rng = env.rng('abstract-shapes');
  const shapes = Array.from({ length: env.look.minimal ? 3 : rng.int(5, 9) }, () => ({
    kind: rng.pick(['disc', 'ring', 'arc', 'band', 'dots'] as const),
    x: rng.range(0.1, 0.9) * W,
    y: rng.range(0.1, 0.9) * H,
    r: unit * rng.range(0.08, 0.35),
    color: colors[rng.int(1, colors.length - 1)] as Rgb,
    a: rng.range(0.35, 0.85),
    rot: rng.range(0, Math.PI * 2),
    spin: rng.range(-0.15, 0.15),
  }));
  return [
    {
      name: 'abstract-field',
      depth: 0.05,
      animate(ctx, t) {
        if (!texture) {
          const s = env.detail.textureScale * 0.8;
          texture = shadeCanvas(W * s * span, H * s, (x, y, out) => {
            const u = (x / s / unit) * 1.2;
            const v = (y / s / unit) * 1.2;
            const qx = noise.fbm(u, v, 4);
            const qy = noise.fbm(u + 5.2, v + 1.3, 4);
            const rx = noise.fbm(u + qx * 2 + 1.7, v + qy * 2 + 9.2, 4);
            const n = noise.fbm(u + rx * 2.2, v + qy * 2.2, env.detail.octaves) * 0.5 + 0.5;
            const c = ramp(colors, n * 1.15 - 0.05);
            out[0] = c[0];
            out[1] = c[1];
            out[2] = c[2];
          });
        }
        drawStretched(ctx, texture, -t * unit * 0.02, 0, W * span, H, env.video ? 'low' : 'high');
      },
    },
    {
      name: 'abstract-shapes',
      depth: 0.5,
      animate(ctx, t) {
        for (const s of shapes) {
          const rot = s.rot + s.spin * t;
          ctx.save();
          ctx.translate(s.x, s.y);
          ctx.rotate(rot);
          switch (s.kind) {
            case 'disc':
              ctx.globalCompositeOperation = 'screen';
              radialGlow(ctx, 0, 0, s.r, s.color, s.a, [
                [0, 0.9],
                [0.7, 0.8],
                [0.74, 0.3],
                [1, 0],
              ]);
              break;
            case 'ring':
              ctx.strokeStyle = css(s.color, s.a);
              ctx.lineWidth = s.r * 0.08;
              ellipse(ctx, 0, 0, s.r, s.r);
              ctx.stroke();
              break;
            case 'arc':
              ctx.strokeStyle = css(s.color, s.a);
              for (let i = 0; i < 6; i++) {
                ctx.lineWidth = s.r * 0.02;
                ctx.beginPath();
                ctx.arc(0, 0, s.r * (0.5 + i * 0.12), 0, Math.PI * 0.9);
                ctx.stroke();
              }
              break;
            case 'band':
              ctx.fillStyle = css(s.color, s.a * 0.6);
              ctx.fillRect(-W, -s.r * 0.12, W * 2, s.r * 0.24);
              break;
            default:
              ctx.fillStyle = css(s.color, s.a);
              for (let i = -4; i <= 4; i++)
                for (let j = -4; j <= 4; j++) {
                  ellipse(ctx, i * s.r * 0.16, j * s.r * 0.16, s.r * 0.025, s.r * 0.025);
                  ctx.fill();
                }
          }
          ctx.restore();
        }
      },
    },
  ];
}
