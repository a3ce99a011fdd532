import { ellipse, verticalGradient } from './canvas-kit.js';
import { css, hsl, mix, type Rgb, scale } from './color.js';
import { createNoise1 } from './noise.js';
import type { Rng } from './random.js';
import type { Ctx, Layer, SceneEnv } from './scene-types.js';

interface TreeStyle {
  body: Rgb;
  lit: Rgb;
  snow: boolean;
  lightSide: number;
}

/** A conifer as a jagged stack of drooping tiers, lit from one side. */
export function conifer(
  ctx: Ctx,
  rng: Rng,
  x: number,
  base: number,
  h: number,
  w: number,
  style: TreeStyle,
): void {
  const tiers = rng.int(7, 11);
  const top = base - h;
  const right: [number, number][] = [];
  const left: [number, number][] = [];
  for (let i = 1; i <= tiers; i++) {
    const f = i / tiers;
    const y = top + h * 0.9 * f;
    const spread = w * 0.5 * (0.12 + 0.88 * f ** 0.9);
    right.push([x + spread * rng.range(0.8, 1.1), y + h * 0.025 * rng.next()]);
    left.push([x - spread * rng.range(0.8, 1.1), y + h * 0.025 * rng.next()]);
    if (i < tiers) {
      right.push([x + spread * rng.range(0.3, 0.5), y - h * 0.015]);
      left.push([x - spread * rng.range(0.3, 0.5), y - h * 0.015]);
    }
  }
  const trunk = w * 0.06;
  ctx.beginPath();
  ctx.moveTo(x, top);
  for (const [px, py] of right) ctx.lineTo(px, py);
  ctx.lineTo(x + trunk, base - h * 0.1);
  ctx.lineTo(x + trunk, base);
  ctx.lineTo(x - trunk, base);
  ctx.lineTo(x - trunk, base - h * 0.1);
  for (let i = left.length - 1; i >= 0; i--) {
    const p = left[i] as [number, number];
    ctx.lineTo(p[0], p[1]);
  }
  ctx.closePath();
  const g = ctx.createLinearGradient(x - (w / 2) * style.lightSide, 0, x + (w / 2) * style.lightSide, 0);
  g.addColorStop(0, css(style.lit));
  g.addColorStop(0.45, css(mix(style.lit, style.body, 0.6)));
  g.addColorStop(1, css(style.body));
  ctx.fillStyle = g;
  ctx.fill();
  if (style.snow) {
    // Snow lies as thin slivers on top of each tier, thickest in the middle.
    ctx.fillStyle = css([236, 242, 252], 0.92);
    const thickness = h * 0.022;
    const sliver = (from: [number, number], to: [number, number]): void => {
      const mx = (from[0] + to[0]) / 2;
      const my = (from[1] + to[1]) / 2;
      ctx.beginPath();
      ctx.moveTo(from[0], from[1]);
      ctx.quadraticCurveTo(mx, my - thickness, to[0], to[1]);
      ctx.quadraticCurveTo(mx, my + thickness * 0.4, from[0], from[1]);
      ctx.fill();
    };
    for (let i = 0; i + 1 < right.length; i += 2) {
      if (rng.next() < 0.3) continue;
      sliver(right[i + 1] as [number, number], right[i] as [number, number]);
      sliver(left[i + 1] as [number, number], left[i] as [number, number]);
    }
  }
}

/** A broadleaf tree: a tapering trunk under a cluster of shaded leaf masses. */
export function broadleaf(ctx: Ctx, rng: Rng, x: number, base: number, h: number, style: TreeStyle): void {
  const trunkH = h * 0.42;
  const tw = h * 0.05;
  ctx.fillStyle = css(mix(scale(style.body, 0.7), [60, 40, 30], 0.5));
  ctx.beginPath();
  ctx.moveTo(x - tw, base);
  ctx.quadraticCurveTo(x - tw * 0.5, base - trunkH * 0.5, x - tw * 0.35, base - trunkH);
  ctx.lineTo(x + tw * 0.35, base - trunkH);
  ctx.quadraticCurveTo(x + tw * 0.5, base - trunkH * 0.5, x + tw, base);
  ctx.closePath();
  ctx.fill();
  const cx = x;
  const cy = base - h * 0.62;
  const r = h * 0.34;
  const blobs = rng.int(9, 15);
  const parts: [number, number, number][] = [];
  for (let i = 0; i < blobs; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0, 0.75) * r;
    parts.push([cx + Math.cos(a) * d * 1.15, cy + Math.sin(a) * d * 0.8, r * rng.range(0.35, 0.6)]);
  }
  parts.sort((a, b) => a[1] - b[1]);
  for (const [bx, by, br] of parts) {
    const g = ctx.createRadialGradient(bx - br * 0.4 * style.lightSide, by - br * 0.45, br * 0.1, bx, by, br);
    g.addColorStop(0, css(style.lit));
    g.addColorStop(1, css(style.body));
    ctx.fillStyle = g;
    ellipse(ctx, bx, by, br, br * 0.92);
    ctx.fill();
  }
}

/** A palm: a curved trunk and drooping fronds. */
export function palm(
  ctx: Ctx,
  rng: Rng,
  x: number,
  base: number,
  h: number,
  lean: number,
  color: Rgb,
  lit: Rgb,
  trunk: Rgb,
): void {
  const topX = x + lean * h * 0.35;
  const topY = base - h;
  ctx.strokeStyle = css(trunk);
  ctx.lineCap = 'round';
  const segments = 14;
  for (let i = 0; i < segments; i++) {
    const t0 = i / segments;
    const t1 = (i + 1) / segments;
    const px = (t: number): number => x + lean * h * 0.35 * t * t;
    ctx.lineWidth = h * (0.035 - t0 * 0.015);
    ctx.beginPath();
    ctx.moveTo(px(t0), base - h * t0);
    ctx.lineTo(px(t1), base - h * t1);
    ctx.stroke();
  }
  const fronds = rng.int(7, 10);
  for (let i = 0; i < fronds; i++) {
    const a = -Math.PI / 2 + (i / (fronds - 1) - 0.5) * Math.PI * 1.5 + rng.range(-0.15, 0.15);
    const len = h * rng.range(0.32, 0.45);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = topX + Math.cos(a) * len * 0.55;
    const my = topY + Math.sin(a) * len * 0.6 - len * 0.08;
    ctx.strokeStyle = css(i % 2 ? color : mix(color, lit, 0.4));
    ctx.lineWidth = h * 0.012;
    ctx.beginPath();
    ctx.moveTo(topX, topY);
    ctx.quadraticCurveTo(mx, my, ex, ey);
    ctx.stroke();
    // Leaflets along the frond.
    ctx.lineWidth = h * 0.006;
    for (let j = 2; j < 12; j++) {
      const t = j / 12;
      const qx = (1 - t) * (1 - t) * topX + 2 * (1 - t) * t * mx + t * t * ex;
      const qy = (1 - t) * (1 - t) * topY + 2 * (1 - t) * t * my + t * t * ey;
      const l = len * 0.16 * (1 - t * 0.6);
      ctx.beginPath();
      ctx.moveTo(qx, qy);
      ctx.lineTo(qx + Math.cos(a + 1.2) * l * 0.5, qy + l);
      ctx.moveTo(qx, qy);
      ctx.lineTo(qx + Math.cos(a - 1.2) * l * 0.5, qy + l);
      ctx.stroke();
    }
  }
}

function cactus(ctx: Ctx, rng: Rng, x: number, base: number, h: number, color: Rgb): void {
  const w = h * 0.13;
  ctx.fillStyle = css(color);
  const pill = (px: number, py: number, pw: number, ph: number): void => {
    ctx.beginPath();
    ctx.roundRect(px - pw / 2, py, pw, ph, pw / 2);
    ctx.fill();
  };
  pill(x, base - h, w, h);
  for (const side of [-1, 1]) {
    if (!rng.chance(0.8)) continue;
    const armY = base - h * rng.range(0.35, 0.6);
    const armH = h * rng.range(0.25, 0.4);
    const ax = x + side * w * 1.3;
    pill(ax, armY - armH, w * 0.8, armH + w * 0.4);
    ctx.beginPath();
    ctx.roundRect(Math.min(x, ax) - w * 0.1, armY - w * 0.2, Math.abs(ax - x) + w * 0.2, w * 0.7, w * 0.35);
    ctx.fill();
  }
}

/** Rows of forest from the far treeline to trees that frame the foreground. */
export function forestLayers(env: SceneEnv, options: { watery: boolean; primary: boolean }): Layer[] {
  const { width: W, height: H, horizon, unit, palette: pal, spec } = env;
  const snow = spec.subjects.includes('snow');
  const jungle = spec.variants.includes('jungle');
  const rows = options.watery ? 2 : env.look.minimal ? 3 : options.primary ? 5 : 3;
  const fog = spec.moods.includes('fog') || spec.moods.includes('dreamy') ? 1 : 0.45;
  const layers: Layer[] = [];
  for (let r = 0; r < rows; r++) {
    const t = r / (rows - 1);
    const rng = env.rng(`forest-${r}`);
    const base = options.watery ? horizon + 1 : horizon + (H - horizon) * (t * t * 1.15 + 0.01);
    const treeH = unit * (options.watery ? 0.05 + t * 0.04 : 0.05 + t * t * (options.primary ? 0.6 : 0.3));
    const hazeAmount = options.watery ? 0.45 - t * 0.2 : 0.75 - t * 0.75;
    const body = mix(pal.foliage, pal.haze, hazeAmount);
    const lit = mix(mix(pal.foliage, pal.light, 0.35 * pal.daylight + 0.08), pal.haze, hazeAmount);
    const style: TreeStyle = { body, lit, snow: snow && t > 0.2, lightSide: env.lightSide };
    const nearest = r === rows - 1 && !options.watery && options.primary;
    const trees: { x: number; h: number; w: number; kind: 'conifer' | 'broadleaf' }[] = [];
    const spacing = treeH * (jungle ? 0.5 : 0.32) * (nearest ? 1.6 : 1);
    for (let x = -spacing; x < W + spacing; x += spacing * rng.range(0.6, 1.3)) {
      // The nearest row frames the picture: trees at the sides, a clearing in the middle.
      if (nearest && Math.abs(x - W / 2) < W * 0.22) continue;
      const h = treeH * rng.range(0.7, 1.25);
      const kind =
        jungle || (spec.variants.includes('pine') || snow ? false : rng.chance(0.15 * t))
          ? 'broadleaf'
          : 'conifer';
      trees.push({ x: x + rng.range(-0.3, 0.3) * spacing, h, w: h * rng.range(0.32, 0.42), kind });
    }
    const noise = createNoise1(rng);
    layers.push({
      name: `forest-${r}`,
      depth: 0.3 + t * 0.6,
      draw(ctx) {
        const treeRng = env.rng(`forest-trees-${r}`);
        // Ground under the row so gaps between trunks are not sky.
        if (!options.watery) {
          ctx.fillStyle = css(mix(scale(body, 0.85), pal.haze, 0.1));
          ctx.beginPath();
          ctx.moveTo(0, H);
          for (let x = 0; x <= W; x += W / 64)
            ctx.lineTo(x, base - treeH * 0.25 - noise.fbm((x / W) * 4, 2) * treeH * 0.1);
          ctx.lineTo(W, H);
          ctx.closePath();
          ctx.fill();
        }
        for (const tree of trees) {
          const b = base + treeRng.range(-0.05, 0.05) * treeH;
          if (tree.kind === 'conifer') conifer(ctx, treeRng, tree.x, b, tree.h, tree.w, style);
          else broadleaf(ctx, treeRng, tree.x, b, tree.h * 0.9, style);
        }
        // Mist pooling at the foot of the row.
        if (!options.watery && r < rows - 1) {
          ctx.fillStyle = verticalGradient(ctx, base - treeH * 0.9, base + (H - horizon) * 0.05, [
            [0, pal.haze, 0],
            [1, pal.haze, 0.55 * fog],
          ]);
          ctx.fillRect(0, base - treeH * 0.9, W, treeH * 0.9 + (H - horizon) * 0.05);
        }
      },
    });
  }
  return layers;
}

/** A meadow: far dabs of colour, near flowers with petals, grass blades at the bottom edge. */
export function meadowLayer(env: SceneEnv): Layer {
  const { width: W, height: H, horizon, unit, palette: pal, spec } = env;
  const sunflowers = spec.variants.includes('sunflowers');
  const closeUp = spec.camera === 'close-up';
  const flowerHues =
    spec.palette === 'monochrome'
      ? [0]
      : [pal.targetHues.flowers ?? pal.accentHue, spec.hues[1] ?? (pal.accentHue + 40) % 360, 50, 0, 285];
  const rng = env.rng('meadow');
  const count = Math.round(2600 * env.detail.density * (W / unit));
  const flowers = Array.from({ length: count }, () => {
    const v = rng.next() ** 0.55;
    const hueIndex = rng.next();
    return {
      x: rng.next() * W,
      v,
      hue: flowerHues[
        hueIndex < 0.55 ? 0 : hueIndex < 0.75 ? 1 : hueIndex < 0.88 ? 2 : hueIndex < 0.95 ? 3 : 4
      ] as number,
      white: rng.chance(0.1),
      rot: rng.range(0, Math.PI),
      petals: rng.int(5, 7),
    };
  }).sort((a, b) => a.v - b.v);
  const blades = Math.round(1400 * env.detail.density * (W / unit));
  return {
    name: 'meadow',
    depth: 0.75,
    draw(ctx) {
      const g = env.rng('meadow-draw');
      for (const f of flowers) {
        const y = horizon + f.v * f.v * (H - horizon) * 1.02;
        const size =
          unit * (sunflowers ? 0.004 + f.v ** 2.5 * 0.05 : 0.0018 + f.v ** 2.5 * 0.02) * (closeUp ? 1.6 : 1);
        const petal = sunflowers ? hsl(46, 0.95, 0.55) : f.white ? hsl(50, 0.2, 0.93) : hsl(f.hue, 0.75, 0.6);
        const color = mix(scale(petal, 0.45 + 0.55 * pal.daylight), pal.haze, (1 - f.v) * 0.55);
        if (size < unit * 0.006) {
          ctx.fillStyle = css(color, 0.9);
          ellipse(ctx, f.x, y, size, size * 0.7);
          ctx.fill();
          continue;
        }
        ctx.strokeStyle = css(scale(pal.grass, 0.8));
        ctx.lineWidth = size * 0.12;
        ctx.beginPath();
        ctx.moveTo(f.x, y);
        ctx.lineTo(f.x + g.range(-0.3, 0.3) * size, y + size * 2.5);
        ctx.stroke();
        const petals = sunflowers ? 14 : f.petals;
        for (let p = 0; p < petals; p++) {
          const a = f.rot + (p / petals) * Math.PI * 2;
          ctx.fillStyle = css(mix(color, [255, 255, 255], (p % 2) * 0.08));
          ellipse(
            ctx,
            f.x + Math.cos(a) * size * 0.55,
            y + Math.sin(a) * size * 0.38,
            size * 0.5,
            size * 0.24,
            a,
          );
          ctx.fill();
        }
        ctx.fillStyle = css(sunflowers ? hsl(25, 0.6, 0.18) : hsl(45, 0.9, 0.55));
        ellipse(ctx, f.x, y, size * (sunflowers ? 0.45 : 0.22), size * (sunflowers ? 0.35 : 0.17));
        ctx.fill();
      }
      // Grass blades along the bottom edge.
      ctx.lineCap = 'round';
      for (let i = 0; i < blades; i++) {
        const x = g.next() * W;
        const y = H + unit * 0.01;
        const h = unit * g.range(0.03, 0.12) * (closeUp ? 1.8 : 1);
        const bend = g.range(-0.4, 0.4) * h;
        ctx.strokeStyle = css(
          mix(scale(pal.grass, g.range(0.55, 1.25)), pal.light, g.next() * 0.15 * pal.daylight),
        );
        ctx.lineWidth = Math.max(1, unit * 0.0025);
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.quadraticCurveTo(x + bend * 0.2, y - h * 0.6, x + bend, y - h);
        ctx.stroke();
      }
    },
  };
}

/** Palms, cacti or broadleaf trees standing in the foreground at the sides. */
export function foregroundPlants(env: SceneEnv, kind: 'palms' | 'cactus' | 'broadleaf'): Layer {
  const { width: W, height: H, horizon, unit, palette: pal } = env;
  const rng = env.rng(`foreground-${kind}`);
  const backlit =
    env.spec.time === 'sunset' || env.spec.time === 'sunrise' || env.spec.time === 'dusk' || pal.night;
  const color = backlit
    ? mix(scale(pal.shadow, 0.5), [10, 10, 16], 0.4)
    : kind === 'cactus'
      ? hsl(120, 0.3, 0.28)
      : pal.foliage;
  const lit = backlit ? mix(color, pal.glow, 0.15) : mix(color, pal.light, 0.4);
  const trunk = backlit ? color : mix(hsl(30, 0.35, 0.32), pal.light, 0.15);
  const side = rng.chance(0.5) ? 1 : -1;
  const plants = Array.from({ length: kind === 'cactus' ? rng.int(2, 4) : rng.int(1, 3) }, (_, i) => ({
    x: side > 0 ? W * (0.02 + i * 0.1 + rng.range(0, 0.05)) : W * (0.98 - i * 0.1 - rng.range(0, 0.05)),
    h: unit * (kind === 'cactus' ? rng.range(0.12, 0.3) : rng.range(0.45, 0.75)) * (i === 0 ? 1 : 0.75),
    base: kind === 'cactus' ? horizon + (H - horizon) * rng.range(0.35, 0.9) : H * rng.range(0.9, 1.02),
  }));
  return {
    name: `foreground-${kind}`,
    depth: 0.9,
    draw(ctx) {
      const g = env.rng(`foreground-${kind}-draw`);
      for (const p of plants) {
        if (kind === 'palms') palm(ctx, g, p.x, p.base, p.h, side * g.range(0.2, 0.6), color, lit, trunk);
        else if (kind === 'cactus') cactus(ctx, g, p.x, p.base, p.h, color);
        else broadleaf(ctx, g, p.x, p.base, p.h, { body: color, lit, snow: false, lightSide: env.lightSide });
      }
    },
  };
}

/** A few big flowers in sharp focus in front of a blurred meadow (close-up prompts). */
export function closeUpFlowersLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal, spec } = env;
  const rng = env.rng('close-up-flowers');
  const hue = pal.targetHues.flowers ?? pal.accentHue;
  const sunflowers = spec.variants.includes('sunflowers');
  const flowers = Array.from({ length: rng.int(3, 5) }, (_, i) => ({
    x: W * (0.12 + (i / 4) * 0.76 + rng.range(-0.06, 0.06)),
    y: H * rng.range(0.35, 0.7),
    r: unit * rng.range(0.07, 0.14) * (i % 2 ? 0.8 : 1.1),
    petals: sunflowers ? 18 : rng.int(5, 8),
    rot: rng.range(0, Math.PI),
    tilt: rng.range(0.55, 0.95),
    hue: hue + rng.range(-12, 12),
  })).sort((a, b) => a.r - b.r);
  return {
    name: 'close-up-flowers',
    depth: 0.95,
    draw(ctx) {
      for (const f of flowers) {
        const stem = mix(scale(pal.grass, 0.9), pal.light, 0.1);
        ctx.strokeStyle = css(stem);
        ctx.lineWidth = f.r * 0.09;
        ctx.lineCap = 'round';
        ctx.beginPath();
        ctx.moveTo(f.x, f.y);
        ctx.quadraticCurveTo(f.x + f.r * 0.6, (f.y + H) / 2, f.x - f.r * 0.2, H + 4);
        ctx.stroke();
        ctx.fillStyle = css(scale(stem, 0.85));
        ellipse(ctx, f.x + f.r * 0.45, f.y + (H - f.y) * 0.55, f.r * 0.45, f.r * 0.14, -0.6);
        ctx.fill();
        const petal = sunflowers ? hsl(46, 0.95, 0.55) : hsl(f.hue, 0.8, 0.55);
        for (let ring = 0; ring < 2; ring++) {
          for (let p = 0; p < f.petals; p++) {
            const a = f.rot + ((p + ring * 0.5) / f.petals) * Math.PI * 2;
            const len = f.r * (ring ? 0.75 : 1);
            const px = f.x + Math.cos(a) * len * 0.5;
            const py = f.y + Math.sin(a) * len * 0.5 * f.tilt;
            const g = ctx.createRadialGradient(f.x, f.y, 0, f.x, f.y, len);
            g.addColorStop(0, css(scale(petal, 0.55)));
            g.addColorStop(0.6, css(petal));
            g.addColorStop(1, css(mix(petal, pal.light, 0.35)));
            ctx.fillStyle = g;
            ellipse(ctx, px, py, len * 0.52, len * (sunflowers ? 0.12 : 0.3) * (0.6 + f.tilt * 0.4), a);
            ctx.fill();
          }
        }
        ctx.fillStyle = css(sunflowers ? hsl(25, 0.6, 0.16) : hsl(48, 0.9, 0.5));
        ellipse(ctx, f.x, f.y, f.r * (sunflowers ? 0.38 : 0.16), f.r * (sunflowers ? 0.38 : 0.16) * f.tilt);
        ctx.fill();
        ctx.fillStyle = css([20, 15, 10], 0.5);
        for (let d = 0; d < 14; d++) {
          const a = d * 2.4;
          const rr = Math.sqrt(d / 14) * f.r * (sunflowers ? 0.32 : 0.12);
          ellipse(ctx, f.x + Math.cos(a) * rr, f.y + Math.sin(a) * rr * f.tilt, f.r * 0.012, f.r * 0.012);
          ctx.fill();
        }
      }
    },
  };
}
