import { type Canvas, createCanvas } from '@napi-rs/canvas';
import {
  drawStretched,
  ellipse,
  hiddenTexels,
  radialGlow,
  shadeCanvas,
  type TexelShader,
  verticalGradient,
} from './canvas-kit.js';
import { css, hsl, mix, type Rgb, scale } from './color.js';
import { clamp01, createNoise2, type Noise2, smoothstep } from './noise.js';
import type { Rng } from './random.js';
import type { Ctx, Layer, Occlusion, SceneEnv } from './scene-types.js';

interface Star {
  x: number;
  y: number;
  r: number;
  a: number;
  color: Rgb;
  twinkle: number;
}

/** A field of stars over [0, W] × [0, bottom], denser where `density(x, y)` is high. */
export function makeStars(
  env: SceneEnv,
  rng: Rng,
  count: number,
  bottom: number,
  fade: (y: number) => number = () => 1,
): Star[] {
  const stars: Star[] = [];
  const px = env.unit / 1000;
  for (let i = 0; i < count; i++) {
    const y = rng.next() * bottom;
    const f = fade(y);
    if (f <= 0.02) continue;
    const mag = rng.next() ** 3;
    const tint = rng.next();
    stars.push({
      x: rng.next() * env.width,
      y,
      r: (0.45 + mag * 1.9) * px * 1.3,
      a: (0.25 + 0.75 * rng.next() ** 0.7) * f,
      color: tint < 0.15 ? [255, 210, 170] : tint < 0.35 ? [190, 210, 255] : [255, 255, 250],
      twinkle: rng.next() * Math.PI * 2,
    });
  }
  return stars;
}

export function drawStars(ctx: Ctx, stars: readonly Star[], t = 0, twinkle = 0): void {
  for (const star of stars) {
    const flicker = twinkle > 0 ? 1 - twinkle * (0.5 + 0.5 * Math.sin(t * 2.3 + star.twinkle * 7)) : 1;
    const alpha = star.a * flicker;
    if (star.r > 1.6) {
      radialGlow(ctx, star.x, star.y, star.r * 5, star.color, alpha * 0.35);
      if (star.r > 2.1) {
        // Diffraction spikes on the brightest stars.
        ctx.strokeStyle = css(star.color, alpha * 0.5);
        ctx.lineWidth = Math.max(0.6, star.r * 0.25);
        ctx.beginPath();
        ctx.moveTo(star.x - star.r * 7, star.y);
        ctx.lineTo(star.x + star.r * 7, star.y);
        ctx.moveTo(star.x, star.y - star.r * 7);
        ctx.lineTo(star.x, star.y + star.r * 7);
        ctx.stroke();
      }
    }
    ctx.fillStyle = css(star.color, alpha);
    ellipse(ctx, star.x, star.y, star.r * 0.6, star.r * 0.6);
    ctx.fill();
  }
}

/** The Milky Way: a diagonal band of glow with dark dust lanes and dense faint stars. */
function milkyWay(env: SceneEnv): Layer {
  const { width: W, horizon } = env;
  const rng = env.rng('milky-way');
  const noise = createNoise2(rng);
  const angle = rng.range(-0.9, -0.35) * env.lightSide;
  const cx = W * rng.range(0.35, 0.65);
  const cy = horizon * rng.range(0.35, 0.6);
  const nx = -Math.sin(angle);
  const ny = Math.cos(angle);
  const bandWidth = env.unit * 0.16;
  const tint = mix(env.palette.accent, [255, 240, 220], 0.55);
  let texture: Canvas | null = null;
  const stars = makeStars(env, rng, Math.round(2600 * env.detail.density * (W / env.unit)), horizon, (y) =>
    smoothstep(horizon, horizon * 0.7, y),
  ).filter((star) => {
    const d = Math.abs((star.x - cx) * nx + (star.y - cy) * ny) / bandWidth;
    return rng.next() < Math.exp(-d * d * 1.2);
  });
  for (const star of stars) {
    star.r *= 0.55;
    star.a *= 0.8;
  }
  return {
    name: 'milky-way',
    depth: 0.01,
    draw(ctx) {
      if (!texture) {
        const tw = Math.min(420, Math.ceil(W * env.detail.textureScale));
        const s = W / tw;
        texture = shadeCanvas(tw, Math.ceil(horizon / s), (x, y, out) => {
          const px = x * s;
          const py = y * s;
          const d = ((px - cx) * nx + (py - cy) * ny) / bandWidth;
          const along = ((px - cx) * ny - (py - cy) * nx) / env.unit;
          const glow = Math.exp(-d * d * 0.9) * (0.55 + 0.45 * noise.fbm(along * 3, d * 0.7, 4));
          const dust =
            smoothstep(0.45, 0.8, noise.ridged(along * 2.2 + 3, d * 1.3, 4)) * Math.exp(-d * d * 2.5);
          const core = Math.exp(-along * along * 2.5);
          const v = clamp01(glow * (0.8 + core * 0.7) - dust * 0.35);
          const c = mix(tint, [255, 214, 170], core * 0.5);
          out[0] = c[0];
          out[1] = c[1];
          out[2] = c[2];
          out[3] = v * 0.85 * smoothstep(horizon, horizon * 0.75, py);
        });
      }
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      drawStretched(ctx, texture, 0, 0, W, horizon);
      ctx.restore();
      drawStars(ctx, stars);
    },
  };
}

/** What the colour of a cloud texel depends on, fixed per scene. */
interface CloudTexels {
  noise: Noise2;
  /** Per texel column, the row after which nearer layers hide everything (hiddenTexels). */
  hiddenFrom: Float32Array;
  s: number;
  W: number;
  H: number;
  horizon: number;
  unit: number;
  stretch: number;
  ox: number;
  oz: number;
  threshold: number;
  warp: number;
  octaves: number;
  storm: boolean;
  lightX: number;
  lightY: number;
  shadeR: number;
  shadeG: number;
  shadeB: number;
  litR: number;
  litG: number;
  litB: number;
  glowR: number;
  glowG: number;
  glowB: number;
  lowR: number;
  lowG: number;
  lowB: number;
}

/**
 * Cloud texels as the methods of one class rather than closures per scene, so the optimiser
 * compiles them once per process (see TerrainShader). Colours are scalars: no arrays per texel.
 */
class CloudShader implements TexelShader {
  constructor(private readonly t: CloudTexels) {}

  density(X: number, Z: number): number {
    const { noise, warp } = this.t;
    const qx = noise.fbm(X * 0.7, Z * 0.7, 2);
    const qz = noise.fbm(X * 0.7 + 5.2, Z * 0.7 + 1.3, 2);
    const base = noise.fbm(X * 1.9 + qx * warp, Z * 1.9 + qz * warp, this.t.octaves);
    // Billows: folded noise adds rounded, cauliflower detail on top of the broad shapes.
    const billow = 1 - Math.abs(noise.at(X * 5.1 + 3.3, Z * 5.1 - 1.7));
    return base * 0.5 + 0.5 + (billow - 0.6) * 0.12;
  }

  shade(x: number, y: number, out: Float32Array): void {
    const t = this.t;
    // Behind the mountains (stills): never seen.
    if (y > (t.hiddenFrom[x] as number)) {
      out[3] = 0;
      return;
    }
    const { s, W, H, horizon, threshold } = t;
    const sx = x * s;
    const sy = y * s;
    const dy = (horizon - sy) / H + 0.05;
    const X = ((sx - W / 2) / H / dy) * 0.35 * t.stretch + t.ox;
    const Z = (1 / dy) * 0.32 + t.oz;
    const d = this.density(X, Z);
    const alpha = smoothstep(threshold, threshold + 0.2, d) * smoothstep(0.05, 0.16, dy);
    if (alpha <= 0.003) {
      out[3] = 0;
      return;
    }
    const lx = t.lightX - sx;
    const ly = t.lightY - sy;
    const dist = Math.hypot(lx, ly) + 1e-3;
    const d2 = this.density(X + (lx / dist) * 0.06, Z - (ly / dist) * 0.05);
    const lightness = clamp01(0.55 + (d - d2) * 7) * (1 - clamp01((d - threshold) * 1.1) * 0.45);
    let cr = t.shadeR + (t.litR - t.shadeR) * lightness;
    let cg = t.shadeG + (t.litG - t.shadeG) * lightness;
    let cb = t.shadeB + (t.litB - t.shadeB) * lightness;
    const rim = Math.exp((-dist / t.unit) * 2.8) * (1 - alpha * 0.5);
    if (!t.storm) {
      const w = clamp01(rim * 1.1);
      cr += (t.glowR - cr) * w;
      cg += (t.glowG - cg) * w;
      cb += (t.glowB - cb) * w;
    }
    // Low clouds take the horizon's colour.
    const low = (1 - smoothstep(0.05, 0.4, dy)) * 0.45;
    out[0] = cr + (t.lowR - cr) * low;
    out[1] = cg + (t.lowG - cg) * low;
    out[2] = cb + (t.lowB - cb) * low;
    out[3] = alpha * (t.storm ? 0.97 : 0.92);
  }
}

function cloudLayer(env: SceneEnv): Layer | null {
  const { spec, width: W, height: H, horizon, palette: pal } = env;
  if (!env.has('clouds') || env.look.minimal) return null;
  const storm = spec.moods.includes('storm');
  let coverage = 0.42;
  if (spec.features.includes('clouds')) coverage = 0.6;
  if (spec.moods.includes('calm')) coverage -= 0.12;
  if (spec.time === 'night') coverage -= 0.12;
  if (
    spec.subjects.includes('space') ||
    spec.subjects.includes('aurora') ||
    spec.variants.includes('milky-way')
  )
    coverage -= 0.3;
  if (storm || spec.moods.includes('rain')) coverage = 0.95;
  if (spec.moods.includes('dark')) coverage += 0.1;
  if (coverage <= 0.05) return null;
  const rng = env.rng('clouds');
  const noise = createNoise2(rng);
  const stretch = spec.time === 'sunset' || spec.time === 'sunrise' || spec.time === 'dusk' ? 0.45 : 0.8;
  const span = env.video ? 1.3 : 1;
  const ox = rng.range(0, 50);
  const oz = rng.range(0, 50);
  const threshold = 0.62 - coverage * 0.42;
  const warp = storm ? 0.25 : 0.4;
  const lit: Rgb = storm ? scale(pal.cloudLit, 0.75) : pal.cloudLit;
  const shade: Rgb = storm ? scale(pal.cloudShade, 0.55) : pal.cloudShade;
  const glowColor = pal.night ? hsl(220, 0.3, 0.75) : pal.glow;
  let texture: Canvas | null = null;
  const build = (left: number, hidden: Occlusion | undefined): Canvas => {
    const tw = Math.ceil(Math.min(560, W * env.detail.textureScale) * span);
    const s = (W * span) / tw;
    const th = Math.ceil(horizon / s);
    return shadeCanvas(
      tw,
      th,
      new CloudShader({
        noise,
        hiddenFrom: hiddenTexels(hidden, tw, (W * span) / tw, 0, horizon / th, left),
        s,
        W,
        H,
        horizon,
        unit: env.unit,
        stretch,
        ox,
        oz,
        threshold,
        warp,
        octaves: env.detail.octaves,
        storm,
        lightX: env.light.x,
        lightY: env.light.y,
        shadeR: shade[0],
        shadeG: shade[1],
        shadeB: shade[2],
        litR: lit[0],
        litG: lit[1],
        litB: lit[2],
        glowR: glowColor[0],
        glowG: glowColor[1],
        glowB: glowColor[2],
        lowR: pal.skyHorizon[0],
        lowG: pal.skyHorizon[1],
        lowB: pal.skyHorizon[2],
      }),
    );
  };
  const speed = env.unit * (spec.moods.includes('calm') ? 0.006 : storm ? 0.02 : 0.011);
  return {
    name: 'clouds',
    depth: 0.06,
    animate(ctx, t, hidden) {
      // The texture is wider than the frame; it slides so that no edge ever shows.
      const x = env.lightSide > 0 ? -speed * t : -(span - 1) * W + speed * t;
      texture ??= build(x, hidden);
      drawStretched(ctx, texture, x, 0, W * span, horizon, env.video ? 'low' : 'high');
    },
  };
}

function skyGradient(env: SceneEnv): Layer {
  const { palette: pal, width: W, height: H, horizon } = env;
  const night = pal.night || env.spec.time === 'dusk';
  const rng = env.rng('stars');
  const starCount = night && env.has('stars') ? Math.round(900 * env.detail.density * (W / env.unit)) : 0;
  const stars = makeStars(env, rng, starCount, horizon, (y) => smoothstep(horizon, horizon * 0.55, y));
  if (env.spec.time === 'dusk') for (const star of stars) star.a *= 0.45;
  const twinklers = stars.filter((star) => star.r > 1.1).slice(0, 60);
  return {
    name: 'sky',
    depth: 0,
    draw(ctx) {
      ctx.fillStyle = verticalGradient(ctx, 0, Math.max(horizon, 1), [
        [0, pal.skyTop],
        [0.55, pal.skyMid],
        [1, pal.skyHorizon],
      ]);
      ctx.fillRect(0, 0, W, H);
      drawStars(ctx, stars);
    },
    animate(ctx, t) {
      if (!env.video || twinklers.length === 0) return;
      drawStars(ctx, twinklers, t, 0.6);
    },
  };
}

/** Sun or moon, with the broad glow it throws across the sky. */
function lightLayer(env: SceneEnv): Layer {
  const { palette: pal, light, width: W, height: H, horizon } = env;
  const rng = env.rng('moon');
  const craters = Array.from({ length: 9 }, () => ({
    a: rng.range(0, Math.PI * 2),
    d: rng.range(0, 0.75),
    r: rng.range(0.12, 0.32),
    o: rng.range(0.05, 0.14),
  }));
  const setting = env.spec.time === 'sunset' || env.spec.time === 'dusk';
  return {
    name: 'sun',
    depth: 0.03,
    animate(ctx, t) {
      const drift = env.video
        ? (setting ? 1 : env.spec.time === 'sunrise' ? -1 : 0) * env.unit * 0.004 * t
        : 0;
      const x = light.x + (env.video ? env.unit * 0.002 * t * -env.lightSide : 0);
      const y = light.y + drift;
      const r = light.radius;
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      if (light.moon) {
        radialGlow(ctx, x, y, r * 9, pal.glow, 0.35);
      } else {
        const warm = env.spec.time !== 'day';
        radialGlow(ctx, x, y, Math.max(W, H) * (warm ? 0.95 : 0.6), pal.glow, warm ? 0.6 : 0.45, [
          [0, 1],
          [0.08, 0.7],
          [0.3, 0.28],
          [0.65, 0.08],
          [1, 0],
        ]);
        // A warm band along the horizon under a low sun.
        if (warm) {
          const band = ctx.createLinearGradient(0, horizon - H * 0.22, 0, horizon + 2);
          band.addColorStop(0, css(pal.glow, 0));
          band.addColorStop(1, css(pal.glow, 0.35));
          ctx.fillStyle = band;
          ctx.fillRect(0, horizon - H * 0.22, W, H * 0.22 + 2);
        }
      }
      ctx.restore();
      if (!light.visible) return;
      if (light.moon) {
        const g = ctx.createRadialGradient(x - r * 0.3, y - r * 0.3, r * 0.1, x, y, r);
        g.addColorStop(0, css([255, 252, 240]));
        g.addColorStop(1, css([214, 218, 226]));
        ctx.fillStyle = g;
        ellipse(ctx, x, y, r, r);
        ctx.fill();
        ctx.save();
        ellipse(ctx, x, y, r, r);
        ctx.clip();
        for (const c of craters) {
          ctx.fillStyle = css([120, 128, 145], c.o);
          ellipse(ctx, x + Math.cos(c.a) * c.d * r, y + Math.sin(c.a) * c.d * r, c.r * r, c.r * r * 0.85);
          ctx.fill();
        }
        // Gibbous shading on the side away from the (unseen) sun.
        const shadow = ctx.createRadialGradient(
          x + r * 0.9,
          y + r * 0.2,
          r * 0.2,
          x + r * 0.9,
          y + r * 0.2,
          r * 1.5,
        );
        shadow.addColorStop(0, css([20, 24, 40], 0.65));
        shadow.addColorStop(1, css([20, 24, 40], 0));
        ctx.fillStyle = shadow;
        ctx.fillRect(x - r, y - r, r * 2, r * 2);
        ctx.restore();
      } else {
        ctx.save();
        ctx.globalCompositeOperation = 'screen';
        radialGlow(ctx, x, y, r * 4.5, pal.sun, 0.55);
        ctx.restore();
        const g = ctx.createRadialGradient(x, y, 0, x, y, r);
        g.addColorStop(0, css([255, 255, 250]));
        g.addColorStop(0.7, css(mix(pal.sun, [255, 255, 255], 0.5)));
        g.addColorStop(1, css(pal.sun, 0.95));
        ctx.fillStyle = g;
        ellipse(ctx, x, y, r, r);
        ctx.fill();
      }
    },
  };
}

/** A vertical strip fading from transparent (top) through `color` to nothing: one aurora ray. */
function raySprite(color: Rgb): Canvas {
  const sprite = createCanvas(1, 128);
  const ctx = sprite.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, 0, 128);
  g.addColorStop(0, css(mix(color, [255, 80, 200], 0.35), 0));
  g.addColorStop(0.7, css(color, 0.9));
  g.addColorStop(0.92, css(mix(color, [255, 255, 255], 0.4), 0.6));
  g.addColorStop(1, css(color, 0));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 1, 128);
  return sprite;
}

function auroraLayer(env: SceneEnv): Layer {
  const { width: W, horizon, palette: pal } = env;
  const rng = env.rng('aurora');
  const curtains = Array.from({ length: 3 }, (_, i) => ({
    y: horizon * rng.range(0.25, 0.55),
    height: horizon * rng.range(0.25, 0.45),
    phase: rng.range(0, 10),
    freq: rng.range(1.5, 3.2),
    amp: horizon * rng.range(0.05, 0.12),
    sprite: raySprite(hsl(i === 2 ? pal.accentHue : (env.spec.hues[0] ?? 135), 0.9, 0.55)),
  }));
  const rays = Math.round(W / Math.max(1.5, env.unit / 500));
  const width = (W / rays) * 1.8;
  return {
    name: 'aurora',
    depth: 0.02,
    animate(ctx, t) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      ctx.imageSmoothingEnabled = true;
      for (const c of curtains) {
        for (let i = 0; i < rays; i++) {
          const x = (i / rays) * W;
          const u = x / W;
          const y =
            c.y +
            Math.sin(u * c.freq * 6.28 + c.phase + t * 0.35) * c.amp +
            Math.sin(u * 17 + c.phase * 2 - t * 0.6) * c.amp * 0.2;
          const intensity = 0.5 + 0.5 * Math.sin(u * 40 + c.phase + t * 0.9) * Math.sin(u * 9 - t * 0.3);
          const h = c.height * (0.6 + 0.4 * intensity);
          ctx.globalAlpha = 0.25 * intensity + 0.05;
          ctx.drawImage(c.sprite, x, y - h, width, h * 1.1);
        }
      }
      ctx.restore();
    },
  };
}

function rainbowLayer(env: SceneEnv): Layer {
  const { width: W, horizon, unit } = env;
  const cx = W * (env.lightSide > 0 ? 0.62 : 0.38);
  const r = unit * 0.55;
  return {
    name: 'rainbow',
    depth: 0.05,
    draw(ctx) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      const bands = 7;
      for (let i = 0; i < bands; i++) {
        ctx.strokeStyle = css(hsl(i * 45, 0.9, 0.6), 0.22);
        ctx.lineWidth = unit * 0.012;
        ctx.beginPath();
        ctx.arc(cx, horizon, r - i * unit * 0.011, Math.PI, 0);
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

function birdsLayer(env: SceneEnv): Layer {
  const rng = env.rng('birds');
  const count = rng.int(4, 9);
  const cx = env.width * rng.range(0.25, 0.75);
  const cy = env.horizon * rng.range(0.3, 0.6);
  const flock = Array.from({ length: count }, () => ({
    x: cx + rng.gauss() * env.unit * 0.08,
    y: cy + rng.gauss() * env.unit * 0.04,
    s: env.unit * rng.range(0.008, 0.016),
    phase: rng.range(0, 6.28),
  }));
  const color = env.palette.night ? env.palette.skyHorizon : scale(env.palette.shadow, 0.6);
  return {
    name: 'birds',
    depth: 0.3,
    animate(ctx, t) {
      ctx.strokeStyle = css(color, 0.85);
      ctx.lineCap = 'round';
      for (const b of flock) {
        const x = b.x + t * env.unit * 0.025 * env.lightSide;
        const flap = Math.sin(b.phase + t * 7) * 0.5;
        ctx.lineWidth = Math.max(1, b.s * 0.22);
        ctx.beginPath();
        ctx.moveTo(x - b.s, b.y - b.s * (0.35 + flap * 0.5));
        ctx.quadraticCurveTo(x - b.s * 0.4, b.y - b.s * 0.45, x, b.y);
        ctx.quadraticCurveTo(x + b.s * 0.4, b.y - b.s * 0.45, x + b.s, b.y - b.s * (0.35 + flap * 0.5));
        ctx.stroke();
      }
    },
  };
}

export function skyLayers(env: SceneEnv): Layer[] {
  const { spec } = env;
  const layers: Layer[] = [skyGradient(env)];
  const night = env.palette.night;
  if (
    night &&
    env.has('stars') &&
    !env.look.minimal &&
    (spec.variants.includes('milky-way') ||
      spec.subjects.includes('space') ||
      env.rng('milky').chance(0.5)) &&
    !spec.moods.includes('storm')
  )
    layers.push(milkyWay(env));
  if (spec.subjects.includes('aurora')) layers.push(auroraLayer(env));
  layers.push(lightLayer(env));
  const clouds = cloudLayer(env);
  if (clouds) layers.push(clouds);
  if (spec.features.includes('rainbow') && env.has('rainbow')) layers.push(rainbowLayer(env));
  const birdsWanted =
    spec.features.includes('birds') ||
    (!night &&
      !spec.moods.includes('storm') &&
      (spec.subjects.includes('ocean') || spec.subjects.includes('sunset')) &&
      env.rng('birds?').chance(0.5));
  if (birdsWanted && env.has('birds')) layers.push(birdsLayer(env));
  return layers;
}
