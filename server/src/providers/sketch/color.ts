/** Colours as [r, g, b] in 0–255 (floats allowed), with the few operations the renderer needs. */
export type Rgb = readonly [number, number, number];

export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.max(0, Math.min(1, saturation));
  const l = Math.max(0, Math.min(1, lightness));
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

function toHsl(color: Rgb): [number, number, number] {
  const r = color[0] / 255;
  const g = color[1] / 255;
  const b = color[2] / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scale(color: Rgb, factor: number): Rgb {
  return [color[0] * factor, color[1] * factor, color[2] * factor];
}

/**
 * Pulls a colour toward `hue` by `amount` (0–1), keeping its lightness. Mixing in RGB (rather than
 * rotating the hue) never passes through unrelated hues: orange pulled to blue greys out, not greens.
 */
export function tintToward(color: Rgb, hue: number, amount: number): Rgb {
  const [, s, l] = toHsl(color);
  return mix(color, hsl(hue, Math.max(s, 0.55), l), amount);
}

export function saturate(color: Rgb, factor: number): Rgb {
  const [h, s, l] = toHsl(color);
  return hsl(h, s * factor, l);
}

const byte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

const cssCache = new Map<number, string>();

/** A CSS colour string for canvas styles (memoised: per-frame drawing asks for the same few often). */
export function css(color: Rgb, alpha = 1): string {
  const a = alpha < 0 ? 0 : alpha > 1 ? 1 : Math.round(alpha * 1000) / 1000;
  const r = byte(color[0]);
  const g = byte(color[1]);
  const b = byte(color[2]);
  const key = ((r * 256 + g) * 256 + b) * 1001 + Math.round(a * 1000);
  let text = cssCache.get(key);
  if (text === undefined) {
    if (cssCache.size > 20000) cssCache.clear();
    text = `rgba(${r},${g},${b},${a})`;
    cssCache.set(key, text);
  }
  return text;
}

export function luminance(color: Rgb): number {
  return (0.2126 * color[0] + 0.7152 * color[1] + 0.0722 * color[2]) / 255;
}
