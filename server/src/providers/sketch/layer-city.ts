import { radialGlow, verticalGradient } from './canvas-kit.js';
import { css, hsl, mix, type Rgb, scale } from './color.js';
import type { Rng } from './random.js';
import type { Ctx, Layer, SceneEnv } from './scene-types.js';

interface Window {
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgb;
  flicker: number;
}

interface Building {
  x: number;
  w: number;
  h: number;
  roof: 'flat' | 'stepped' | 'spire' | 'antenna' | 'dome';
  side: number;
  windows: Window[];
  neon: { x: number; y: number; w: number; h: number; color: Rgb; phase: number } | null;
  tone: Rgb;
}

function makeBuildings(env: SceneEnv, rng: Rng, row: number, rows: number, base: number): Building[] {
  const { width: W, unit, horizon, palette: pal, spec } = env;
  const t = rows === 1 ? 1 : row / (rows - 1);
  const cyber = spec.variants.includes('cyberpunk') || spec.variants.includes('futuristic');
  const night = pal.night || spec.time === 'dusk';
  const buildings: Building[] = [];
  const maxH = horizon * (cyber ? 0.75 : 0.5) * (1 - t * 0.35);
  let x = -unit * 0.05;
  while (x < W + unit * 0.05) {
    const w = unit * rng.range(0.035, 0.09) * (1 + t * 0.8);
    const tower = rng.chance(0.18);
    const h =
      maxH * (tower ? rng.range(0.75, 1) : rng.range(0.25, 0.7)) * (0.8 + 0.4 * Math.sin((x / W) * Math.PI));
    const roof = rng.pick([
      'flat',
      'flat',
      'stepped',
      tower ? 'spire' : 'antenna',
      'flat',
      cyber ? 'antenna' : 'dome',
    ] as const);
    const windows: Window[] = [];
    const cell = unit * (0.007 + t * 0.006);
    const cols = Math.max(1, Math.floor((w * 0.86) / cell));
    const floors = Math.max(1, Math.floor((h * 0.92) / (cell * 1.35)));
    const litShare = night ? (cyber ? 0.5 : 0.38) : 0;
    const warm = hsl(rng.range(35, 48), 0.9, 0.68);
    for (let f = 0; f < floors; f++) {
      const floorLit = rng.next() < 0.8;
      for (let c = 0; c < cols; c++) {
        const lit = floorLit && rng.next() < litShare;
        if (!lit && night) continue;
        const color = lit
          ? rng.chance(cyber ? 0.35 : 0.08)
            ? pal.accent
            : rng.chance(0.25)
              ? hsl(200, 0.35, 0.85)
              : warm
          : mix(pal.skyMid, [255, 255, 255], rng.range(0, 0.3));
        windows.push({
          x: x + w * 0.07 + c * cell + cell * 0.2,
          y: base - h + h * 0.05 + f * cell * 1.35,
          w: cell * 0.6,
          h: cell * 0.8,
          color,
          flicker: rng.chance(0.03) ? rng.range(0.5, 3) : 0,
        });
      }
    }
    const neon =
      night && (cyber || spec.variants.includes('neon')) && t > 0.4 && rng.chance(0.45)
        ? {
            x: x + w * rng.range(0.1, 0.7),
            y: base - h * rng.range(0.35, 0.8),
            w: w * rng.range(0.12, 0.22),
            h: h * rng.range(0.15, 0.35),
            color: rng.chance(0.6) ? pal.accent : hsl(spec.hues[0] ?? 190, 0.9, 0.6),
            phase: rng.range(0, 6),
          }
        : null;
    // Facades vary: glass, concrete, brick, sandstone.
    const tone = rng.pick([
      [212, 0.2, 0.5],
      [205, 0.28, 0.42],
      [20, 0.3, 0.42],
      [35, 0.25, 0.6],
      [0, 0, 0.55],
    ] as const);
    buildings.push({
      x,
      w,
      h,
      roof,
      side: x + w / 2 < W / 2 ? 1 : -1,
      windows,
      neon,
      tone: hsl(tone[0], tone[1], tone[2] * rng.range(0.85, 1.1)),
    });
    x += w * rng.range(0.85, 1.15);
  }
  return buildings;
}

function drawBuilding(ctx: Ctx, b: Building, base: number, body: Rgb, side: Rgb, roofColor: Rgb): void {
  const top = base - b.h;
  // Side face toward the vanishing point gives the block some depth.
  const depth = b.w * 0.22;
  ctx.fillStyle = css(side);
  ctx.beginPath();
  if (b.side > 0) {
    ctx.moveTo(b.x + b.w, top);
    ctx.lineTo(b.x + b.w + depth, top + depth * 0.35);
    ctx.lineTo(b.x + b.w + depth, base);
    ctx.lineTo(b.x + b.w, base);
  } else {
    ctx.moveTo(b.x, top);
    ctx.lineTo(b.x - depth, top + depth * 0.35);
    ctx.lineTo(b.x - depth, base);
    ctx.lineTo(b.x, base);
  }
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = css(body);
  ctx.fillRect(b.x, top, b.w, b.h + 1);
  ctx.fillStyle = css(roofColor);
  const cx = b.x + b.w / 2;
  switch (b.roof) {
    case 'stepped':
      ctx.fillRect(b.x + b.w * 0.15, top - b.h * 0.06, b.w * 0.7, b.h * 0.06 + 1);
      ctx.fillRect(b.x + b.w * 0.3, top - b.h * 0.1, b.w * 0.4, b.h * 0.04 + 1);
      break;
    case 'spire':
      ctx.beginPath();
      ctx.moveTo(b.x + b.w * 0.3, top);
      ctx.lineTo(cx, top - b.h * 0.22);
      ctx.lineTo(b.x + b.w * 0.7, top);
      ctx.closePath();
      ctx.fill();
      break;
    case 'antenna':
      ctx.fillRect(cx - b.w * 0.02, top - b.h * 0.15, Math.max(1, b.w * 0.04), b.h * 0.15);
      ctx.fillRect(b.x + b.w * 0.2, top - b.h * 0.03, b.w * 0.25, b.h * 0.03);
      break;
    case 'dome':
      ctx.beginPath();
      ctx.ellipse(cx, top, b.w * 0.3, b.w * 0.22, 0, Math.PI, 0);
      ctx.fill();
      break;
    default:
      break;
  }
}

/** A skyline in rows, hazier with distance, windows lit at night and neon in cyberpunk scenes. */
export function cityLayers(env: SceneEnv, options: { watery: boolean }): Layer[] {
  const { width: W, height: H, horizon, unit, palette: pal, spec } = env;
  const rows = env.look.minimal ? 2 : 3;
  const night = pal.night || spec.time === 'dusk';
  const cyber = spec.variants.includes('cyberpunk') || spec.variants.includes('neon');
  const layers: Layer[] = [];
  for (let r = 0; r < rows; r++) {
    const t = r / (rows - 1);
    const rng = env.rng(`city-${r}`);
    const base = options.watery ? horizon + 1 : horizon + (H - horizon) * t * 0.25;
    const buildings = makeBuildings(env, rng, r, rows, base);
    const facade = night ? hsl(232, 0.3, 0.09 + t * 0.03) : mix(hsl(215, 0.12, 0.5), pal.light, 0.15);
    const hazeAmount = (1 - t) * (night ? 0.45 : 0.6);
    const body = mix(facade, pal.haze, hazeAmount);
    const flickering = buildings.flatMap((b) => b.windows.filter((w) => w.flicker > 0));
    layers.push({
      name: `city-${r}`,
      depth: 0.2 + t * 0.4,
      draw(ctx) {
        if (!options.watery) {
          ctx.fillStyle = css(mix(scale(facade, 0.8), pal.haze, hazeAmount * 0.8));
          ctx.fillRect(0, base - 1, W, H - base + 1);
        }
        for (const b of buildings) {
          // By day each block keeps its own material; at night they all sink into the dark.
          const own = night ? facade : mix(b.tone, pal.light, 0.12);
          const bBody = mix(own, pal.haze, hazeAmount);
          const bLit = mix(mix(own, pal.light, night ? 0.05 : 0.3), pal.haze, hazeAmount);
          const bShade = mix(scale(own, night ? 0.7 : 0.62), pal.haze, hazeAmount);
          drawBuilding(ctx, b, base, b.side === env.lightSide ? bLit : bBody, bShade, scale(bBody, 0.85));
          for (const w of b.windows) {
            ctx.fillStyle = css(mix(w.color, pal.haze, hazeAmount * 0.6), night ? 0.95 : 0.35);
            ctx.fillRect(w.x, w.y, w.w, w.h);
          }
        }
        if (night) {
          ctx.save();
          ctx.globalCompositeOperation = 'screen';
          for (const b of buildings) {
            if (b.neon) {
              radialGlow(
                ctx,
                b.neon.x + b.neon.w / 2,
                b.neon.y + b.neon.h / 2,
                Math.max(b.neon.w, b.neon.h) * 1.4,
                b.neon.color,
                0.45,
              );
            }
          }
          // City glow hanging in the air above the streets.
          const glow = cyber ? pal.accent : hsl(35, 0.8, 0.55);
          ctx.fillStyle = verticalGradient(ctx, base - (H - horizon) * 0.5 - unit * 0.2, base, [
            [0, glow, 0],
            [1, glow, 0.22 * (1 - t * 0.5)],
          ]);
          ctx.fillRect(0, base - (H - horizon) * 0.5 - unit * 0.2, W, (H - horizon) * 0.5 + unit * 0.2);
          ctx.restore();
        }
      },
      animate(ctx, time) {
        if (night) {
          for (const b of buildings) {
            if (!b.neon) continue;
            const on =
              0.75 +
              0.25 *
                Math.sin(time * 6 + b.neon.phase) *
                (Math.sin(time * 1.3 + b.neon.phase) > 0.7 ? 1 : 0.2);
            ctx.fillStyle = css(mix(b.neon.color, [255, 255, 255], 0.35), on);
            ctx.fillRect(b.neon.x, b.neon.y, b.neon.w, b.neon.h);
            ctx.strokeStyle = css(b.neon.color, on);
            ctx.lineWidth = Math.max(1, b.neon.w * 0.12);
            ctx.strokeRect(
              b.neon.x - ctx.lineWidth,
              b.neon.y - ctx.lineWidth,
              b.neon.w + ctx.lineWidth * 2,
              b.neon.h + ctx.lineWidth * 2,
            );
          }
        }
        if (env.video) {
          for (const w of flickering) {
            const off = Math.sin(time * w.flicker * 3 + w.x) > 0.3;
            ctx.fillStyle = css(off ? scale(body, 0.9) : w.color, 1);
            ctx.fillRect(w.x, w.y, w.w, w.h);
          }
        }
      },
    });
  }
  if (cyber && night) {
    // Flying traffic: streaks of light crossing between the towers.
    const rng = env.rng('traffic');
    const cars = Array.from({ length: Math.round(14 * env.detail.density) }, () => ({
      y: horizon * rng.range(0.45, 0.95),
      x: rng.range(0, W),
      speed: unit * rng.range(0.04, 0.12) * (rng.chance(0.5) ? 1 : -1),
      color: rng.chance(0.5) ? hsl(0, 0.9, 0.6) : hsl(45, 0.6, 0.85),
    }));
    layers.push({
      name: 'traffic',
      depth: 0.5,
      animate(ctx, time) {
        ctx.save();
        ctx.globalCompositeOperation = 'screen';
        for (const c of cars) {
          const x = (((c.x + c.speed * time) % W) + W) % W;
          const len = Math.abs(c.speed) * 0.35;
          const g = ctx.createLinearGradient(x - len * Math.sign(c.speed), 0, x, 0);
          g.addColorStop(0, css(c.color, 0));
          g.addColorStop(1, css(c.color, 0.9));
          ctx.fillStyle = g;
          ctx.fillRect(Math.min(x, x - len * Math.sign(c.speed)), c.y, len, Math.max(1, unit * 0.002));
        }
        ctx.restore();
      },
    });
  }
  return layers;
}
