import { hsl, mix, type Rgb, saturate, scale, tintToward } from './color.js';
import type { NamedHue, SceneSpec, Subject, TimeOfDay } from './interpret.js';

/** Every colour a scene uses, derived from time of day, colour words and moods. */
export interface Palette {
  skyTop: Rgb;
  skyMid: Rgb;
  skyHorizon: Rgb;
  /** The sun's (or moon's) disc and its glow. */
  sun: Rgb;
  glow: Rgb;
  /** Colour of distant air: far layers fade toward it. */
  haze: Rgb;
  /** Key light and shadow tint. */
  light: Rgb;
  shadow: Rgb;
  cloudLit: Rgb;
  cloudShade: Rgb;
  rock: Rgb;
  snow: Rgb;
  grass: Rgb;
  foliage: Rgb;
  sand: Rgb;
  water: Rgb;
  waterDeep: Rgb;
  /** The key colour word (or the time's natural key). */
  key: Rgb;
  /** The second colour word, or a complementary accent. */
  accent: Rgb;
  accentHue: number;
  keyHue: number;
  /** Hues said of particular subjects ("green hills" → mountains: 125). */
  targetHues: Partial<Record<Subject, number>>;
  /** Lit windows and street lights. */
  windows: Rgb;
  night: boolean;
  /** 0 (midnight) … 1 (noon): scales light-dependent effects. */
  daylight: number;
}

interface Base {
  top: Rgb;
  mid: Rgb;
  horizon: Rgb;
  sun: Rgb;
  glow: Rgb;
  haze: Rgb;
  light: Rgb;
  shadow: Rgb;
  daylight: number;
}

const BASES: Record<TimeOfDay, Base> = {
  day: {
    top: hsl(214, 0.62, 0.4),
    mid: hsl(206, 0.62, 0.62),
    horizon: hsl(200, 0.45, 0.85),
    sun: hsl(48, 1, 0.94),
    glow: hsl(45, 0.9, 0.8),
    haze: hsl(205, 0.35, 0.8),
    light: hsl(45, 0.6, 0.95),
    shadow: hsl(220, 0.4, 0.3),
    daylight: 1,
  },
  'golden-hour': {
    top: hsl(212, 0.5, 0.45),
    mid: hsl(35, 0.55, 0.7),
    horizon: hsl(38, 0.9, 0.72),
    sun: hsl(44, 1, 0.8),
    glow: hsl(36, 1, 0.65),
    haze: hsl(32, 0.55, 0.72),
    light: hsl(38, 0.9, 0.75),
    shadow: hsl(240, 0.3, 0.3),
    daylight: 0.8,
  },
  sunset: {
    top: hsl(248, 0.45, 0.22),
    mid: hsl(328, 0.5, 0.48),
    horizon: hsl(24, 0.95, 0.6),
    sun: hsl(38, 1, 0.72),
    glow: hsl(20, 1, 0.58),
    haze: hsl(12, 0.55, 0.55),
    light: hsl(25, 0.95, 0.62),
    shadow: hsl(260, 0.4, 0.22),
    daylight: 0.5,
  },
  sunrise: {
    top: hsl(218, 0.48, 0.36),
    mid: hsl(338, 0.45, 0.7),
    horizon: hsl(38, 0.9, 0.76),
    sun: hsl(45, 1, 0.82),
    glow: hsl(32, 1, 0.68),
    haze: hsl(330, 0.35, 0.75),
    light: hsl(35, 0.9, 0.75),
    shadow: hsl(240, 0.35, 0.32),
    daylight: 0.6,
  },
  dusk: {
    top: hsl(236, 0.5, 0.16),
    mid: hsl(258, 0.35, 0.32),
    horizon: hsl(18, 0.6, 0.52),
    sun: hsl(28, 1, 0.62),
    glow: hsl(14, 0.9, 0.45),
    haze: hsl(250, 0.25, 0.4),
    light: hsl(265, 0.35, 0.55),
    shadow: hsl(245, 0.45, 0.15),
    daylight: 0.28,
  },
  night: {
    top: hsl(228, 0.6, 0.045),
    mid: hsl(226, 0.5, 0.11),
    horizon: hsl(218, 0.42, 0.24),
    sun: hsl(48, 0.35, 0.9),
    glow: hsl(215, 0.5, 0.55),
    haze: hsl(222, 0.35, 0.2),
    light: hsl(215, 0.45, 0.7),
    shadow: hsl(230, 0.55, 0.06),
    daylight: 0.08,
  },
};

export function buildPalette(spec: SceneSpec): Palette {
  const base = BASES[spec.time];
  let { top, mid, horizon, glow, haze } = base;
  let { light, shadow } = base;
  const night = spec.time === 'night';
  // The key colour paints the sky and the light unless it was said of a ground subject ("green hills").
  const skyish = (c: NamedHue): boolean =>
    !c.thing &&
    (!c.target ||
      c.target === 'sky' ||
      c.target === 'sunset' ||
      c.target === 'space' ||
      c.target === 'aurora');
  const keyColor = spec.colors.find(skyish);
  const keyHue = keyColor?.hue;
  const accentColor = spec.colors.find((c) => c !== keyColor);
  const analogous = spec.subjects.includes('space') || spec.subjects.includes('aurora');
  const accentHue =
    accentColor?.hue ??
    (keyHue !== undefined ? (keyHue + (analogous ? 50 : 150)) % 360 : defaultAccent(spec));
  const targetHues: Partial<Record<Subject, number>> = {};
  for (const c of spec.colors) if (c.target && !skyish(c)) targetHues[c.target] ??= c.hue;

  if (keyHue !== undefined) {
    // The key colour word paints the sky and the light; low suns keep part of their natural glow.
    const lowSun = spec.time === 'sunset' || spec.time === 'sunrise' || spec.time === 'golden-hour';
    const warmKey = keyHue < 65 || keyHue > 320;
    top = tintToward(top, keyHue, lowSun ? (warmKey ? 0.12 : 0.4) : 0.7);
    mid = tintToward(mid, keyHue, lowSun ? 0.55 : 0.75);
    horizon = tintToward(horizon, keyHue, lowSun ? 0.45 : night ? 0.65 : 0.5);
    glow = tintToward(glow, keyHue, 0.35);
    haze = tintToward(haze, keyHue, 0.55);
    light = tintToward(light, keyHue, 0.3);
    shadow = tintToward(shadow, keyHue, 0.3);
  }
  if (spec.moods.includes('storm')) {
    top = scale(saturate(top, 0.3), 0.55);
    mid = scale(saturate(mid, 0.3), 0.6);
    horizon = scale(saturate(horizon, 0.35), 0.7);
    haze = scale(saturate(haze, 0.3), 0.7);
    light = scale(saturate(light, 0.4), 0.75);
  }
  if (spec.moods.includes('dark')) {
    top = scale(top, 0.55);
    mid = scale(mid, 0.6);
    horizon = scale(horizon, 0.7);
    haze = scale(haze, 0.7);
  }
  if (spec.moods.includes('fog') || spec.moods.includes('dreamy')) {
    haze = mix(haze, horizon, 0.3);
  }
  if (spec.subjects.includes('desert') && !night) {
    haze = mix(haze, hsl(35, 0.5, 0.75), 0.45);
    horizon = mix(horizon, hsl(38, 0.55, 0.82), 0.35);
  }
  const snowy = spec.subjects.includes('snow');
  const daylight = base.daylight * (spec.moods.includes('storm') ? 0.6 : 1);
  const key = keyHue !== undefined ? hsl(keyHue, 0.8, 0.55) : mix(glow, horizon, 0.4);
  const accent = hsl(accentHue, 0.85, night ? 0.6 : 0.55);
  // Ground materials never go fully black at night: moonlight and skyglow keep forms readable.
  const groundLight = Math.max(daylight, night ? 0.3 : 0);
  const dim = (color: Rgb): Rgb =>
    mix(scale(color, 0.25 + 0.75 * groundLight), shadow, (1 - groundLight) * 0.35);

  const grassHue = targetHues.mountains ?? (keyHue !== undefined && isGreenish(keyHue) ? keyHue : 105);
  const tinted = (color: Rgb, hue: number | undefined, amount = 0.6): Rgb =>
    hue === undefined ? color : tintToward(color, hue, amount);
  return {
    skyTop: top,
    skyMid: mid,
    skyHorizon: horizon,
    sun: base.sun,
    glow,
    haze,
    light,
    shadow,
    cloudLit: night ? hsl(220, 0.2, 0.35) : mix(light, [255, 255, 255], 0.45),
    cloudShade: night ? hsl(228, 0.35, 0.1) : mix(shadow, mid, 0.45),
    rock: dim(tinted(mix(hsl(25, 0.12, 0.42), shadow, 0.25), targetHues.mountains, 0.5)),
    snow: dim(mix([248, 250, 255], light, 0.15)),
    grass: dim(snowy ? hsl(210, 0.15, 0.88) : hsl(grassHue, 0.5, 0.36)),
    foliage: dim(
      snowy ? hsl(160, 0.25, 0.2) : tinted(hsl(grassHue + 25, 0.45, 0.24), targetHues.forest, 0.7),
    ),
    sand: dim(tinted(mix(hsl(31, 0.68, 0.6), light, 0.2), targetHues.desert, 0.5)),
    water: tinted(mix(mid, hsl(200, 0.6, 0.35), 0.35), targetHues.ocean ?? targetHues.river, 0.6),
    waterDeep: mix(scale(top, 0.8), hsl(215, 0.7, 0.12), 0.5),
    key,
    accent,
    accentHue,
    keyHue: keyHue ?? 0,
    targetHues,
    windows: spec.variants.includes('neon') ? hsl(accentHue, 0.9, 0.7) : hsl(40, 0.95, 0.68),
    night,
    daylight,
  };
}

function isGreenish(hue: number): boolean {
  return hue > 70 && hue < 170;
}

function defaultAccent(spec: SceneSpec): number {
  if (spec.variants.includes('neon') || spec.variants.includes('cyberpunk')) return 315;
  if (spec.subjects.includes('space')) return 285;
  if (spec.subjects.includes('flowers')) return 335;
  if (spec.subjects.includes('aurora')) return 140;
  if (spec.time === 'sunset' || spec.time === 'sunrise') return 330;
  return 20;
}
