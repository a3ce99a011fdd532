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
    const unknown = interpretPrompt('a mermaid on a reef');
    expect(unknown.subjects).toEqual(['abstract']);
    expect(unknown.unrecognized).toEqual(['mermaid', 'reef']);
    expect(unknown.noSubject).toBe(true);
    // Cars are known now: the subject is drawn and only "sports" is reported.
    expect(interpretPrompt('a red sports car').unrecognized).toEqual(['sports']);
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

describe('interpretPrompt: things, people and placement', () => {
  const kinds = (prompt: string): string[] => interpretPrompt(prompt).things.map((t) => t.kind);

  it.each([
    ['a fluffy orange cat sleeping on a windowsill', ['cat']],
    ['cute puppy playing in the grass', ['dog']],
    ['goldfish swimming in a bowl', ['fish']],
    ['a white horse running through a field', ['horse']],
    ['a red sports car on a mountain road', ['car']],
    ['old sailboat on a calm lake', ['boat']],
    ['airplane flying above the clouds', ['plane']],
    ['a rocket launching into space', ['spaceship']],
    ['a lighthouse on a rocky coast', ['lighthouse']],
    ['cozy cabin in snowy mountains', ['cabin']],
    ['a bowl of ramen', ['bowl']],
    ['cup of coffee on a wooden table', ['cup']],
    ['a vase of sunflowers', ['vase']],
    ['treasure chest full of gold', ['chest']],
    ['a dragon flying over a castle', ['dragon', 'castle']],
    ['Kittens and puppies', ['cat', 'dog']],
  ])('finds the subject of "%s"', (prompt, expected) => {
    expect(kinds(prompt)).toEqual(expected);
  });

  it('places things: fliers over what they fly above, boats on water, small things on a table', () => {
    const dragon = interpretPrompt('a dragon flying over a castle');
    expect(dragon.things[0]).toMatchObject({ kind: 'dragon', placement: 'sky', over: 'castle' });
    expect(dragon.things[1]).toMatchObject({ kind: 'castle', placement: 'ground' });
    const boat = interpretPrompt('a fishing boat in a storm');
    expect(boat.things[0]?.placement).toBe('water');
    expect(boat.subjects).toContain('ocean');
    const ramen = interpretPrompt('a bowl of ramen');
    expect(ramen.subjects).toEqual(['interior']);
    expect(ramen.things[0]?.placement).toBe('table');
    const cabin = interpretPrompt('cozy cabin in snowy mountains');
    expect(cabin.subjects).toEqual(expect.arrayContaining(['snow', 'mountains']));
    expect(cabin.things[0]?.placement).toBe('ground');
    const asleep = interpretPrompt('green dragon sleeping on gold');
    expect(asleep.things[0]).toMatchObject({ kind: 'dragon', placement: 'ground' });
    expect(asleep.variants).toContain('sleeping');
    const pond = interpretPrompt('koi pond seen from above');
    expect(pond.view).toBe('top');
    expect(pond.things[0]).toMatchObject({ kind: 'fish', placement: 'water' });
    expect(pond.summary).toContain('seen from above');
  });

  it('binds a colour to the thing it qualifies, not to the sky', () => {
    const car = interpretPrompt('a red car under a blue sky');
    expect(car.things[0]?.hue).toBe(2);
    expect(car.colors.find((c) => c.word === 'red')?.thing).toBe('car');
    expect(car.hues).toEqual([215]);
    const cat = interpretPrompt('black cat with green eyes at night');
    expect(cat.things[0]).toMatchObject({ kind: 'cat', tone: 'black', eyes: 125 });
    expect(cat.subjects).not.toContain('portrait');
    const leaves = interpretPrompt('autumn forest with orange leaves');
    expect(leaves.colors.find((c) => c.word === 'orange')?.target).toBe('forest');
  });

  it('reads ages, gender presentation, roles and props', () => {
    const old = interpretPrompt('portrait of an old man with a white beard');
    expect(old.person).toMatchObject({ age: 'old', figure: 'masculine', beard: true });
    const girl = interpretPrompt('a little girl holding a red balloon');
    expect(girl.person).toMatchObject({ age: 'child', figure: 'feminine', props: ['balloon'] });
    expect(girl.person.propHues.balloon).toBe(2);
    expect(girl.things).toEqual([]);
    expect(girl.hues).toEqual([]);
    const fisherman = interpretPrompt('old fisherman with a cap on a boat');
    expect(fisherman.person).toMatchObject({ age: 'old', role: 'fisherman', props: ['cap'] });
    expect(fisherman.things[0]?.kind).toBe('boat');
    const knight = interpretPrompt('a knight with a sword and helmet, dramatic light');
    expect(knight.person.props).toEqual(expect.arrayContaining(['sword', 'helmet']));
    expect(knight.moods).toContain('dramatic');
    expect(interpretPrompt('a teenager with headphones').person).toMatchObject({
      age: 'young',
      props: ['headphones'],
    });
    expect(interpretPrompt('grandma knitting').person).toMatchObject({ age: 'old', figure: 'feminine' });
    expect(interpretPrompt('an old book on a desk').subjects).not.toContain('portrait');
  });

  it('keeps an animal an animal when it takes a role', () => {
    const cat = interpretPrompt('a cat astronaut in space');
    expect(cat.subjects).not.toContain('portrait');
    expect(cat.things[0]).toMatchObject({ kind: 'cat', helmet: true, placement: 'sky' });
    const dog = interpretPrompt('my dog wearing sunglasses');
    expect(dog.things[0]?.wearing).toEqual(['sunglasses']);
    // A person named beside the animal is still drawn.
    expect(interpretPrompt('an astronaut woman with her cat').subjects).toContain('portrait');
  });

  it('reads logos and their names', () => {
    const logo = interpretPrompt('logo for a coffee shop called Bean There');
    expect(logo.logo).toEqual({ name: 'Bean There' });
    expect(logo.things[0]?.kind).toBe('cup');
    expect(interpretPrompt('minimal logo with a mountain for Peak Outdoors').logo?.name).toBe(
      'Peak Outdoors',
    );
    expect(interpretPrompt('music app icon').logo).toEqual({ name: null });
  });

  it('is never silent: reports unknown words and says when no subject was recognised', () => {
    const mermaid = interpretPrompt('mermaid sitting on a rock');
    expect(mermaid.noSubject).toBe(true);
    expect(mermaid.summary).toContain('no subject recognised');
    expect(mermaid.unrecognized).toEqual(expect.arrayContaining(['mermaid', 'rock']));
    const cat = interpretPrompt('a fluffy cat');
    expect(cat.noSubject).toBe(false);
    expect(cat.unrecognized).toEqual(['fluffy']);
    expect(interpretPrompt('abstract swirls of blue and gold').noSubject).toBe(false);
  });
});
