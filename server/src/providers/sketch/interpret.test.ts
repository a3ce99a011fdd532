import { describe, expect, it } from 'vitest';
import { interpretPrompt } from './interpret.js';

describe('interpretPrompt', () => {
  it('finds subjects, time and colours in a landscape prompt', () => {
    const spec = interpretPrompt('golden sunset over the mountains');
    expect(spec.subjects).toEqual(['sunset', 'mountains']);
    expect(spec.time).toBe('sunset');
    expect(spec.colors.map((c) => c.word)).toEqual(['golden']);
    expect(spec.summary).toBe('sunset + mountains, golden');
  });

  it('orders colour words: the first is the key, the second the accent', () => {
    const spec = interpretPrompt('neon cyberpunk city at night, purple and pink');
    expect(spec.subjects).toEqual(['city']);
    expect(spec.variants).toEqual(expect.arrayContaining(['cyberpunk', 'neon']));
    expect(spec.time).toBe('night');
    expect(spec.hues).toEqual([282, 332]);
  });

  it('reads moods, camera words and named palettes', () => {
    const spec = interpretPrompt('close-up of flowers in a misty meadow, pastel, calm');
    expect(spec.subjects).toEqual(['flowers']);
    expect(spec.moods).toEqual(expect.arrayContaining(['fog', 'calm']));
    expect(spec.camera).toBe('close-up');
    expect(spec.palette).toBe('pastel');
    expect(interpretPrompt('a vast panorama of the desert dunes').camera).toBe('wide');
  });

  it('understands negation in the prompt and suppression from the negative prompt', () => {
    const noSun = interpretPrompt('a beach with no sun');
    expect(noSun.subjects).toEqual(['ocean']);
    expect(noSun.suppressed).toContain('sun');
    expect(noSun.summary).toContain('without sun');

    // "no sun" does not reach the ocean after it; "or" carries the negation to the next noun.
    expect(interpretPrompt('no sun over the ocean').subjects).toEqual(['ocean']);
    const list = interpretPrompt('a lake at dawn without trees or people');
    expect(list.suppressed).toEqual(expect.arrayContaining(['trees', 'people']));
    expect(list.subjects).not.toContain('forest');

    const negative = interpretPrompt('misty mountains and a forest by a lake', 'trees, fog');
    expect(negative.subjects).toEqual(['mountains', 'ocean']);
    expect(negative.moods).not.toContain('fog');
    expect(negative.suppressed).toEqual(expect.arrayContaining(['trees', 'fog']));
  });

  it('binds a colour to the subject it describes', () => {
    const spec = interpretPrompt('green hills under a pink sky');
    expect(spec.colors).toEqual([
      { word: 'green', hue: 125, target: 'mountains' },
      { word: 'pink', hue: 332, target: 'sky' },
    ]);
  });

  it('describes people: figure, hair, eyes and accessories', () => {
    const spec = interpretPrompt('portrait of a smiling man with red hair, blue eyes and glasses');
    expect(spec.subjects).toEqual(['portrait']);
    expect(spec.person).toMatchObject({
      figure: 'masculine',
      hair: 'red',
      eyes: 215,
      smile: true,
      glasses: true,
    });
    // Hair and eye colours are not scene colours.
    expect(spec.hues).toEqual([]);
  });

  it('infers night for space and falls back honestly for unknown words', () => {
    expect(interpretPrompt('a spiral galaxy').time).toBe('night');
    expect(interpretPrompt('a spiral galaxy').variants).toContain('galaxy');
    const unknown = interpretPrompt('a red sports car');
    expect(unknown.subjects).toEqual(['abstract']);
    expect(unknown.unrecognized).toEqual(['sports', 'car']);
    expect(interpretPrompt('a calm night').subjects).toEqual(['sky']);
  });

  it('handles plurals, adjectives and phrases', () => {
    expect(interpretPrompt('snowy peaks').subjects).toEqual(['snow', 'mountains']);
    expect(interpretPrompt('the milky way above the lakes').variants).toEqual(
      expect.arrayContaining(['milky-way', 'lake']),
    );
    expect(interpretPrompt('northern lights').subjects).toEqual(['aurora']);
    expect(interpretPrompt('golden hour in the city').time).toBe('golden-hour');
  });
});
