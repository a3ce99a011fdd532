import { ellipse, radialGlow } from './canvas-kit.js';
import { css, hsl, mix, type Rgb, scale } from './color.js';
import type { PersonTraits } from './interpret.js';
import type { Ctx, Layer, SceneEnv } from './scene-types.js';

const SKIN: Rgb[] = [
  hsl(27, 0.55, 0.8),
  hsl(25, 0.48, 0.7),
  hsl(24, 0.42, 0.58),
  hsl(22, 0.4, 0.45),
  hsl(20, 0.38, 0.33),
];

function hairColor(hair: PersonTraits['hair'], pick: number): Rgb {
  if (hair && typeof hair === 'object') return hsl(hair.hue, 0.65, 0.42);
  switch (hair ?? (['black', 'brown', 'brown', 'blonde', 'red'] as const)[pick] ?? 'brown') {
    case 'black':
      return hsl(25, 0.25, 0.1);
    case 'blonde':
      return hsl(42, 0.6, 0.6);
    case 'red':
      return hsl(14, 0.7, 0.38);
    case 'white':
      return hsl(220, 0.08, 0.84);
    default:
      return hsl(25, 0.45, 0.24);
  }
}

/** A stylised head-and-shoulders portrait, lit by the scene's key light with a rim from behind. */
export function portraitLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal, spec } = env;
  const person = spec.person;
  const rng = env.rng('portrait');
  const feminine = person.figure === 'feminine' || (person.figure === 'neutral' && rng.chance(0.55));
  const scaleByCamera = spec.camera === 'close-up' ? 1.45 : spec.camera === 'wide' ? 0.62 : 1;
  // A child is smaller in the frame (more shoulders, head lower); the old get lines and white hair.
  const R = unit * 0.16 * scaleByCamera * (person.age === 'child' ? 0.8 : 1);
  const cx = W / 2 + (spec.camera === 'wide' ? W * 0.12 * env.lightSide * -1 : 0);
  const landscape = W / H > 1.3;
  const cy =
    spec.camera === 'close-up'
      ? H * (landscape ? 0.52 : 0.47)
      : spec.camera === 'wide'
        ? H - R * 3.3
        : H * (landscape ? 0.5 : 0.44);
  const skin = SKIN[rng.int(0, SKIN.length - 1)] as Rgb;
  const hair = hairColor(person.hair, rng.int(0, 4));
  const eyeColor =
    person.eyes !== null
      ? hsl(person.eyes, 0.7, 0.45)
      : rng.pick([hsl(28, 0.55, 0.3), hsl(205, 0.5, 0.45), hsl(110, 0.35, 0.38), hsl(35, 0.5, 0.4)]);
  const cloth = person.helmet ? hsl(220, 0.08, 0.85) : mix(pal.accent, pal.shadow, 0.35);
  const longHair = feminine ? rng.chance(0.8) : rng.chance(0.1);
  const anime = env.look.cel;
  const side = env.lightSide; // the key light comes from this side
  const light = mix(pal.light, [255, 255, 255], 0.3);
  const shadowTint = mix(pal.shadow, scale(skin, 0.5), 0.5);
  const rim = pal.night ? mix(pal.accent, pal.glow, 0.3) : pal.glow;
  const lit = mix(mix(skin, [255, 238, 222], 0.28), light, 0.08);
  const dark = mix(scale(skin, 0.6), shadowTint, 0.25);
  const smile = person.smile || rng.chance(0.35);
  // A helmeted astronaut floats: a slow, wide drift instead of a breath's sway.
  const sway = (t: number): number =>
    env.video ? Math.sin(t * 0.8) * R * (person.helmet ? 0.18 : 0.015) : 0;

  const facePath = (ctx: Ctx, x: number, y: number): void => {
    const top = y - R * 1.22;
    const chin = y + R * 1.18;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.bezierCurveTo(x + R * 0.98, top, x + R * 1.05, y - R * 0.2, x + R * 0.92, y + R * 0.35);
    ctx.bezierCurveTo(x + R * 0.8, y + R * 0.85, x + R * 0.35, chin, x, chin);
    ctx.bezierCurveTo(x - R * 0.35, chin, x - R * 0.8, y + R * 0.85, x - R * 0.92, y + R * 0.35);
    ctx.bezierCurveTo(x - R * 1.05, y - R * 0.2, x - R * 0.98, top, x, top);
    ctx.closePath();
  };

  const eye = (ctx: Ctx, ex: number, ey: number, mirror: number): void => {
    const w = R * (anime ? 0.42 : 0.34);
    const h = R * (anime ? 0.24 : 0.13);
    const inner = ex - (w / 2) * mirror;
    const outer = ex + (w / 2) * mirror;
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(inner, ey);
    ctx.bezierCurveTo(
      inner + w * 0.25 * mirror,
      ey - h * 1.25,
      outer - w * 0.2 * mirror,
      ey - h * 1.2,
      outer,
      ey - h * 0.2,
    );
    ctx.bezierCurveTo(
      outer - w * 0.25 * mirror,
      ey + h * 0.9,
      inner + w * 0.25 * mirror,
      ey + h * 0.8,
      inner,
      ey,
    );
    ctx.closePath();
    ctx.fillStyle = css([245, 242, 238]);
    ctx.fill();
    ctx.clip();
    const ir = h * (anime ? 1.05 : 0.95);
    const g = ctx.createRadialGradient(ex, ey - h * 0.1, ir * 0.2, ex, ey - h * 0.1, ir);
    g.addColorStop(0, css(mix(eyeColor, [255, 255, 255], 0.25)));
    g.addColorStop(0.75, css(eyeColor));
    g.addColorStop(1, css(scale(eyeColor, 0.45)));
    ctx.fillStyle = g;
    ellipse(ctx, ex, ey - h * 0.1, ir, ir);
    ctx.fill();
    ctx.fillStyle = css([12, 10, 12]);
    ellipse(ctx, ex, ey - h * 0.1, ir * 0.45, ir * 0.45);
    ctx.fill();
    ctx.fillStyle = css([255, 255, 255], 0.9);
    ellipse(
      ctx,
      ex - ir * 0.35 * side,
      ey - h * 0.1 - ir * 0.35,
      ir * (anime ? 0.3 : 0.2),
      ir * (anime ? 0.3 : 0.2),
    );
    ctx.fill();
    // Upper lid shadow.
    ctx.fillStyle = css(scale(skin, 0.4), 0.35);
    ctx.fillRect(ex - w, ey - h * 1.4, w * 2, h * 0.55);
    ctx.restore();
    ctx.strokeStyle = css(scale(hair, 0.45), 0.95);
    ctx.lineWidth = R * (feminine || anime ? 0.035 : 0.022);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(inner, ey);
    ctx.bezierCurveTo(
      inner + w * 0.25 * mirror,
      ey - h * 1.25,
      outer - w * 0.2 * mirror,
      ey - h * 1.2,
      outer + w * 0.06 * mirror,
      ey - h * 0.3,
    );
    ctx.stroke();
    if (feminine || anime) {
      ctx.beginPath();
      ctx.moveTo(outer, ey - h * 0.25);
      ctx.lineTo(outer + w * 0.14 * mirror, ey - h * 0.75);
      ctx.stroke();
    }
    ctx.strokeStyle = css(scale(skin, 0.55), 0.4);
    ctx.lineWidth = R * 0.012;
    ctx.beginPath();
    ctx.moveTo(inner + w * 0.1 * mirror, ey - h * 1.35);
    ctx.quadraticCurveTo(ex, ey - h * 2.1, outer, ey - h * 1.1);
    ctx.stroke();
  };

  return {
    name: 'portrait',
    depth: 0.85,
    animate(ctx, t) {
      const x = cx + sway(t);
      const y = cy;
      // Long hair behind the shoulders.
      if (longHair) {
        ctx.fillStyle = css(scale(hair, 0.8));
        ctx.beginPath();
        ctx.moveTo(x - R * 1.05, y - R * 0.6);
        ctx.bezierCurveTo(x - R * 1.5, y + R * 0.8, x - R * 1.45, y + R * 2.1, x - R * 1.2, y + R * 2.6);
        ctx.lineTo(x + R * 1.2, y + R * 2.6);
        ctx.bezierCurveTo(x + R * 1.45, y + R * 2.1, x + R * 1.5, y + R * 0.8, x + R * 1.05, y - R * 0.6);
        ctx.closePath();
        ctx.fill();
      }
      // Shoulders and clothes.
      const neckY = y + R * 1.0;
      const shoulderY = y + R * 1.75;
      const bodyGradient = ctx.createLinearGradient(x - R * 2.6 * side, 0, x + R * 2.6 * side, 0);
      bodyGradient.addColorStop(0, css(mix(cloth, light, 0.25)));
      bodyGradient.addColorStop(1, css(scale(cloth, 0.55)));
      ctx.fillStyle = bodyGradient;
      ctx.beginPath();
      ctx.moveTo(x - R * 0.5, neckY + R * 0.5);
      ctx.bezierCurveTo(x - R * 1.6, shoulderY - R * 0.1, x - R * 2.4, shoulderY, x - R * 2.7, H + R);
      ctx.lineTo(x + R * 2.7, H + R);
      ctx.bezierCurveTo(
        x + R * 2.4,
        shoulderY,
        x + R * 1.6,
        shoulderY - R * 0.1,
        x + R * 0.5,
        neckY + R * 0.5,
      );
      ctx.closePath();
      ctx.fill();
      // Neck with the jaw's shadow.
      const neck = ctx.createLinearGradient(0, neckY - R * 0.3, 0, neckY + R * 0.9);
      neck.addColorStop(0, css(scale(dark, 0.85)));
      neck.addColorStop(1, css(mix(dark, lit, 0.5)));
      ctx.fillStyle = neck;
      ctx.beginPath();
      ctx.moveTo(x - R * 0.42, neckY - R * 0.4);
      ctx.lineTo(x - R * 0.45, neckY + R * 0.6);
      ctx.quadraticCurveTo(x, neckY + R * 1.2, x + R * 0.45, neckY + R * 0.6);
      ctx.lineTo(x + R * 0.42, neckY - R * 0.4);
      ctx.closePath();
      ctx.fill();
      // Neckline of the garment.
      ctx.strokeStyle = css(scale(cloth, 0.45));
      ctx.lineWidth = R * 0.05;
      ctx.beginPath();
      ctx.moveTo(x - R * 0.62, neckY + R * 0.5);
      ctx.quadraticCurveTo(x, neckY + R * (feminine ? 1.25 : 0.95), x + R * 0.62, neckY + R * 0.5);
      ctx.stroke();
      // Ears.
      ctx.fillStyle = css(mix(skin, dark, 0.3));
      ellipse(ctx, x - R * 0.95, y + R * 0.05, R * 0.14, R * 0.24);
      ctx.fill();
      ellipse(ctx, x + R * 0.95, y + R * 0.05, R * 0.14, R * 0.24);
      ctx.fill();
      // Face with key light, cheek warmth and a rim of back light.
      facePath(ctx, x, y);
      const faceGradient = ctx.createLinearGradient(x - R * side, y - R, x + R * side, y + R * 0.4);
      faceGradient.addColorStop(0, css(lit));
      faceGradient.addColorStop(0.55, css(mix(lit, skin, 0.6)));
      faceGradient.addColorStop(1, css(dark));
      ctx.fillStyle = faceGradient;
      ctx.fill();
      ctx.save();
      facePath(ctx, x, y);
      ctx.clip();
      radialGlow(ctx, x - R * 0.5, y + R * 0.45, R * 0.38, hsl(355, 0.6, 0.62), 0.22);
      radialGlow(ctx, x + R * 0.5, y + R * 0.45, R * 0.38, hsl(355, 0.6, 0.62), 0.22);
      radialGlow(ctx, x - R * 0.3 * side, y - R * 0.55, R * 0.6, light, 0.18);
      ctx.restore();
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      ctx.strokeStyle = css(rim, 0.55);
      ctx.lineWidth = R * 0.05;
      ctx.beginPath();
      ctx.arc(x, y, R * 1.02, side > 0 ? -0.4 : Math.PI - 0.9, side > 0 ? 0.9 : Math.PI + 0.4);
      ctx.stroke();
      ctx.restore();
      // Brows, eyes, nose, mouth.
      const eyeY = y + R * 0.02;
      const browColor = scale(hair, 0.6);
      for (const mirror of [-1, 1]) {
        const ex = x + mirror * R * 0.42;
        ctx.fillStyle = css(browColor, 0.9);
        ctx.beginPath();
        ctx.moveTo(ex - mirror * R * 0.2, eyeY - R * 0.26);
        ctx.quadraticCurveTo(ex, eyeY - R * (feminine ? 0.42 : 0.38), ex + mirror * R * 0.24, eyeY - R * 0.3);
        ctx.quadraticCurveTo(
          ex,
          eyeY - R * (feminine ? 0.36 : 0.3),
          ex - mirror * R * 0.2,
          eyeY - R * (feminine ? 0.2 : 0.17),
        );
        ctx.closePath();
        ctx.fill();
        eye(ctx, ex, eyeY, mirror);
      }
      ctx.strokeStyle = css(scale(dark, 0.8), 0.55);
      ctx.lineWidth = R * 0.028;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(x + R * 0.08 * -side, eyeY + R * 0.12);
      ctx.quadraticCurveTo(x + R * 0.12 * -side, eyeY + R * 0.32, x + R * 0.04 * -side, eyeY + R * 0.42);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x - R * 0.12, eyeY + R * 0.44);
      ctx.quadraticCurveTo(x, eyeY + R * 0.5, x + R * 0.12, eyeY + R * 0.44);
      ctx.stroke();
      if (person.beard) {
        ctx.fillStyle = css(scale(hair, 0.85), 0.92);
        ctx.beginPath();
        ctx.moveTo(x - R * 0.9, y + R * 0.3);
        ctx.bezierCurveTo(x - R * 0.8, y + R * 1.0, x - R * 0.4, y + R * 1.45, x, y + R * 1.5);
        ctx.bezierCurveTo(x + R * 0.4, y + R * 1.45, x + R * 0.8, y + R * 1.0, x + R * 0.9, y + R * 0.3);
        ctx.bezierCurveTo(x + R * 0.6, y + R * 0.55, x - R * 0.6, y + R * 0.55, x - R * 0.9, y + R * 0.3);
        ctx.fill();
      }
      const mouthY = y + R * 0.72;
      const lips = mix(skin, hsl(355, 0.55, 0.5), feminine ? 0.6 : 0.3);
      const curve = smile ? R * 0.08 : 0;
      ctx.fillStyle = css(lips);
      ctx.beginPath();
      ctx.moveTo(x - R * 0.26, mouthY - curve);
      ctx.quadraticCurveTo(x - R * 0.12, mouthY - R * 0.11, x, mouthY - R * 0.06);
      ctx.quadraticCurveTo(x + R * 0.12, mouthY - R * 0.11, x + R * 0.26, mouthY - curve);
      ctx.quadraticCurveTo(
        x,
        mouthY + R * (feminine ? 0.2 : 0.13) + curve * 0.5,
        x - R * 0.26,
        mouthY - curve,
      );
      ctx.fill();
      ctx.strokeStyle = css(scale(lips, 0.5), 0.8);
      ctx.lineWidth = R * 0.02;
      ctx.beginPath();
      ctx.moveTo(x - R * 0.25, mouthY - curve);
      ctx.quadraticCurveTo(x, mouthY + curve * 0.6, x + R * 0.25, mouthY - curve);
      ctx.stroke();
      // Hair on top: a crown with a side-swept fringe and strands.
      ctx.fillStyle = css(hair);
      ctx.beginPath();
      ctx.moveTo(x - R * 1.02, y + (longHair ? R * 0.9 : R * 0.05));
      ctx.bezierCurveTo(x - R * 1.25, y - R * 1.2, x - R * 0.6, y - R * 1.62, x + R * 0.1, y - R * 1.5);
      ctx.bezierCurveTo(
        x + R * 0.9,
        y - R * 1.45,
        x + R * 1.25,
        y - R * 0.9,
        x + R * 1.02,
        y + (longHair ? R * 0.9 : R * 0.05),
      );
      ctx.bezierCurveTo(x + R * 0.95, y - R * 0.3, x + R * 0.85, y - R * 0.75, x + R * 0.45, y - R * 0.9);
      ctx.bezierCurveTo(x + R * 0.1, y - R * 0.55, x - R * 0.35, y - R * 0.7, x - R * 0.55, y - R * 0.85);
      ctx.bezierCurveTo(
        x - R * 0.85,
        y - R * 0.6,
        x - R * 0.95,
        y - R * 0.2,
        x - R * 1.02,
        y + (longHair ? R * 0.9 : R * 0.05),
      );
      ctx.closePath();
      ctx.fill();
      ctx.save();
      ctx.clip();
      const strands = env.rng('hair');
      ctx.lineCap = 'round';
      for (let i = 0; i < 90 * env.detail.density; i++) {
        const a = strands.range(-1.4, 1.4);
        const sx = x + Math.sin(a) * R * 0.9;
        const sy = y - Math.cos(a) * R * 1.35;
        ctx.strokeStyle = css(strands.chance(0.5) ? mix(hair, light, 0.45) : scale(hair, 0.55), 0.35);
        ctx.lineWidth = R * strands.range(0.008, 0.02);
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.quadraticCurveTo(
          sx + Math.sin(a) * R * 0.4,
          sy + R * 0.4,
          sx + Math.sin(a) * R * 0.35,
          sy + R * 1.2,
        );
        ctx.stroke();
      }
      radialGlow(ctx, x - R * 0.35 * side, y - R * 1.2, R * 0.6, light, 0.3);
      ctx.restore();
      if (person.glasses) {
        ctx.strokeStyle = css([30, 30, 35], 0.9);
        ctx.lineWidth = R * 0.035;
        for (const mirror of [-1, 1]) {
          ctx.beginPath();
          ctx.roundRect(x + mirror * R * 0.42 - R * 0.26, eyeY - R * 0.19, R * 0.52, R * 0.36, R * 0.1);
          ctx.stroke();
        }
        ctx.beginPath();
        ctx.moveTo(x - R * 0.16, eyeY - R * 0.05);
        ctx.quadraticCurveTo(x, eyeY - R * 0.12, x + R * 0.16, eyeY - R * 0.05);
        ctx.stroke();
      }
      if (person.age === 'old') {
        ctx.strokeStyle = css(scale(dark, 0.85), 0.55);
        ctx.lineWidth = R * 0.025;
        ctx.lineCap = 'round';
        for (const dy of [0, 0.1, 0.2]) {
          ctx.beginPath();
          ctx.moveTo(x - R * 0.42, y - R * (0.78 - dy));
          ctx.quadraticCurveTo(x, y - R * (0.86 - dy), x + R * 0.42, y - R * (0.78 - dy));
          ctx.stroke();
        }
        for (const s of [-1, 1]) {
          ctx.beginPath();
          ctx.moveTo(x + s * R * 0.3, y + R * 0.3);
          ctx.quadraticCurveTo(x + s * R * 0.42, y + R * 0.55, x + s * R * 0.36, y + R * 0.72);
          ctx.stroke();
          ctx.beginPath();
          ctx.moveTo(x + s * R * 0.55, y - R * 0.12);
          ctx.lineTo(x + s * R * 0.7, y - R * 0.18);
          ctx.moveTo(x + s * R * 0.55, y - R * 0.02);
          ctx.lineTo(x + s * R * 0.7, y);
          ctx.stroke();
        }
      }
      drawProps(ctx, env, x, y, R, t);
      if (person.helmet) {
        ctx.save();
        ctx.globalCompositeOperation = 'screen';
        radialGlow(ctx, x - R * 0.6 * side, y - R * 0.8, R * 0.9, [255, 255, 255], 0.25);
        ctx.restore();
        ctx.strokeStyle = css([235, 238, 245]);
        ctx.lineWidth = R * 0.16;
        ellipse(ctx, x, y + R * 0.1, R * 1.65, R * 1.75);
        ctx.stroke();
        ctx.strokeStyle = css([255, 255, 255], 0.5);
        ctx.lineWidth = R * 0.05;
        ctx.beginPath();
        ctx.arc(x, y + R * 0.1, R * 1.4, Math.PI * 1.1, Math.PI * 1.45);
        ctx.stroke();
      }
    },
  };
}

/** Soft out-of-focus discs of light behind a portrait. */
export function bokehLayer(env: SceneEnv): Layer {
  const { width: W, height: H, unit, palette: pal } = env;
  const rng = env.rng('bokeh');
  const discs = Array.from({ length: Math.round(26 * env.detail.density) }, () => ({
    x: rng.next() * W,
    y: rng.next() * H * 0.8,
    r: unit * rng.range(0.02, 0.07),
    color: rng.chance(0.5) ? pal.accent : mix(pal.glow, pal.light, 0.5),
    a: rng.range(0.08, 0.25),
    phase: rng.range(0, 6),
  }));
  return {
    name: 'bokeh',
    depth: 0.4,
    animate(ctx, t) {
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      for (const d of discs) {
        const a = d.a * (env.video ? 0.75 + 0.25 * Math.sin(t * 0.9 + d.phase) : 1);
        radialGlow(ctx, d.x, d.y, d.r, d.color, a, [
          [0, 0.8],
          [0.8, 1],
          [0.92, 0.6],
          [1, 0],
        ]);
      }
      ctx.restore();
    },
  };
}

/** What a person wears and holds ("fisherman with a cap", "knight with a sword"), around a head at (x, y). */
function drawProps(ctx: Ctx, env: SceneEnv, x: number, y: number, R: number, t: number): void {
  const { person } = env.spec;
  const pal = env.palette;
  const props = new Set(person.props);
  const metal = mix(hsl(210, 0.08, 0.72), pal.light, 0.15);
  const dark = hsl(25, 0.3, 0.18);
  const top = y - R * 1.22;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (props.has('scarf')) {
    ctx.fillStyle = css(hsl(pal.accentHue, 0.55, 0.45));
    ellipse(ctx, x, y + R * 1.3, R * 0.95, R * 0.28);
    ctx.fill();
  }
  if (props.has('backpack')) {
    ctx.strokeStyle = css(hsl(pal.accentHue, 0.6, 0.35));
    ctx.lineWidth = R * 0.22;
    for (const s of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(x + s * R * 0.75, y + R * 1.5);
      ctx.lineTo(x + s * R * 0.95, y + R * 3.2);
      ctx.stroke();
    }
  }
  if (props.has('book')) {
    ctx.fillStyle = css(hsl(person.propHues.book ?? 5, 0.55, 0.38));
    ctx.beginPath();
    ctx.rect(x - R * 1.1, y + R * 2.0, R * 2.2, R * 1.3);
    ctx.fill();
    ctx.fillStyle = css([245, 240, 225]);
    ctx.fillRect(x - R * 1.0, y + R * 2.08, R * 0.95, R * 1.1);
    ctx.fillRect(x + R * 0.05, y + R * 2.08, R * 0.95, R * 1.1);
    ctx.strokeStyle = css([150, 140, 130], 0.6);
    ctx.lineWidth = R * 0.02;
    for (let i = 0; i < 5; i++) {
      const ly = y + R * (2.25 + i * 0.18);
      ctx.beginPath();
      ctx.moveTo(x - R * 0.9, ly);
      ctx.lineTo(x - R * 0.15, ly);
      ctx.moveTo(x + R * 0.15, ly);
      ctx.lineTo(x + R * 0.9, ly);
      ctx.stroke();
    }
  }
  if (props.has('sword')) {
    const sx = x + R * 1.9;
    ctx.fillStyle = css(metal);
    ctx.beginPath();
    ctx.moveTo(sx - R * 0.09, y + R * 2.2);
    ctx.lineTo(sx - R * 0.09, y - R * 1.6);
    ctx.lineTo(sx, y - R * 1.9);
    ctx.lineTo(sx + R * 0.09, y - R * 1.6);
    ctx.lineTo(sx + R * 0.09, y + R * 2.2);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = css(hsl(45, 0.7, 0.45));
    ctx.fillRect(sx - R * 0.45, y + R * 2.2, R * 0.9, R * 0.14);
    ctx.fillStyle = css(dark);
    ctx.fillRect(sx - R * 0.07, y + R * 2.34, R * 0.14, R * 0.6);
  }
  if (props.has('staff')) {
    const sx = x - R * 1.9;
    ctx.strokeStyle = css(hsl(28, 0.45, 0.3));
    ctx.lineWidth = R * 0.14;
    ctx.beginPath();
    ctx.moveTo(sx, y + R * 3.5);
    ctx.lineTo(sx + R * 0.1, y - R * 1.8);
    ctx.stroke();
    radialGlow(ctx, sx + R * 0.1, y - R * 1.95, R * (0.5 + 0.05 * Math.sin(t * 3)), hsl(190, 0.9, 0.7), 0.9);
  }
  if (props.has('pan')) {
    const px = x + R * 2.0;
    const py = y + R * 1.6;
    ctx.strokeStyle = css(dark);
    ctx.lineWidth = R * 0.14;
    ctx.beginPath();
    ctx.moveTo(px, py + R * 0.4);
    ctx.lineTo(px + R * 0.2, py + R * 1.6);
    ctx.stroke();
    ctx.fillStyle = css([45, 45, 50]);
    ellipse(ctx, px, py, R * 0.6, R * 0.45);
    ctx.fill();
  }
  if (props.has('balloon')) {
    const bx = x + R * 2.1;
    const by = y - R * 1.6 + Math.sin(t * 1.5) * R * 0.08;
    ctx.strokeStyle = css([235, 235, 235], 0.8);
    ctx.lineWidth = R * 0.025;
    ctx.beginPath();
    ctx.moveTo(x + R * 1.3, y + R * 2.6);
    ctx.quadraticCurveTo(bx - R * 0.4, y + R * 0.5, bx, by + R * 0.7);
    ctx.stroke();
    const hue = person.propHues.balloon ?? 2;
    const g = ctx.createRadialGradient(bx - R * 0.2, by - R * 0.25, R * 0.05, bx, by, R * 0.7);
    g.addColorStop(0, css(hsl(hue, 0.85, 0.72)));
    g.addColorStop(1, css(hsl(hue, 0.8, 0.42)));
    ctx.fillStyle = g;
    ellipse(ctx, bx, by, R * 0.55, R * 0.68);
    ctx.fill();
  }
  if (props.has('headphones')) {
    ctx.strokeStyle = css([30, 30, 35]);
    ctx.lineWidth = R * 0.12;
    ctx.beginPath();
    ctx.arc(x, y - R * 0.1, R * 1.12, Math.PI * 1.05, Math.PI * 1.95);
    ctx.stroke();
    ctx.fillStyle = css(hsl(pal.accentHue, 0.6, 0.45));
    for (const s of [-1, 1]) {
      ellipse(ctx, x + s * R * 1.08, y + R * 0.05, R * 0.22, R * 0.36);
      ctx.fill();
    }
  }
  if (props.has('sunglasses')) {
    ctx.fillStyle = css([15, 15, 20], 0.92);
    for (const s of [-1, 1]) {
      ellipse(ctx, x + s * R * 0.38, y - R * 0.12, R * 0.3, R * 0.18);
      ctx.fill();
    }
  }
  if (props.has('cap')) {
    ctx.fillStyle = css(hsl(pal.accentHue, 0.35, 0.3));
    ctx.beginPath();
    ctx.moveTo(x - R * 1.02, top + R * 0.45);
    ctx.bezierCurveTo(x - R * 1.0, top - R * 0.35, x + R * 1.0, top - R * 0.35, x + R * 1.02, top + R * 0.45);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = css(hsl(pal.accentHue, 0.35, 0.22));
    ellipse(ctx, x + R * 0.55, top + R * 0.45, R * 0.75, R * 0.12);
    ctx.fill();
  }
  if (props.has('helmet')) {
    const g = ctx.createLinearGradient(x - R, 0, x + R, 0);
    g.addColorStop(0, css(mix(metal, [255, 255, 255], 0.3)));
    g.addColorStop(1, css(scale(metal, 0.55)));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(x - R * 1.12, y + R * 0.2);
    ctx.lineTo(x - R * 1.12, top + R * 0.3);
    ctx.bezierCurveTo(x - R * 1.1, top - R * 0.45, x + R * 1.1, top - R * 0.45, x + R * 1.12, top + R * 0.3);
    ctx.lineTo(x + R * 1.12, y + R * 0.2);
    ctx.lineTo(x + R * 0.85, y + R * 0.2);
    ctx.lineTo(x + R * 0.85, y - R * 0.45);
    ctx.lineTo(x - R * 0.85, y - R * 0.45);
    ctx.lineTo(x - R * 0.85, y + R * 0.2);
    ctx.closePath();
    ctx.fill();
    ctx.fillRect(x - R * 0.08, y - R * 0.5, R * 0.16, R * 0.75);
  }
  if (props.has('wizard-hat')) {
    ctx.fillStyle = css(hsl(pal.accentHue, 0.5, 0.3));
    ctx.beginPath();
    ctx.moveTo(x - R * 0.95, top + R * 0.35);
    ctx.lineTo(x + R * 0.35, top - R * 1.9);
    ctx.lineTo(x + R * 0.95, top + R * 0.35);
    ctx.closePath();
    ctx.fill();
    ellipse(ctx, x, top + R * 0.38, R * 1.6, R * 0.22);
    ctx.fill();
    ctx.fillStyle = css(hsl(50, 0.9, 0.65));
    ellipse(ctx, x + R * 0.05, top - R * 0.5, R * 0.1, R * 0.1);
    ctx.fill();
  }
  if (props.has('chef-hat')) {
    ctx.fillStyle = css(mix([250, 250, 250], pal.light, 0.1));
    ctx.fillRect(x - R * 0.8, top - R * 0.3, R * 1.6, R * 0.6);
    for (const dx of [-0.55, 0, 0.55]) {
      ellipse(ctx, x + dx * R, top - R * 0.55, R * 0.5, R * 0.45);
      ctx.fill();
    }
  }
  if (props.has('crown')) {
    ctx.fillStyle = css(hsl(45, 0.85, 0.55));
    ctx.beginPath();
    ctx.moveTo(x - R * 0.7, top + R * 0.15);
    for (let i = 0; i <= 4; i++) {
      ctx.lineTo(x - R * 0.7 + i * R * 0.35, top - R * (i % 2 ? 0.1 : 0.45));
    }
    ctx.lineTo(x + R * 0.7, top + R * 0.15);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}
