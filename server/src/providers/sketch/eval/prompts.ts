/**
 * The Sketch evaluation set: everyday prompts written the way people type them (not the way the
 * lexicon reads them), each with a style, grouped by category so a contact sheet can be scored
 * per category (0 = a stranger could not match image to prompt, 2 = clearly its subject and style).
 */

export const EVAL_CATEGORIES = [
  'animals',
  'people',
  'vehicles',
  'buildings',
  'food',
  'objects',
  'creatures',
  'logos',
  'interiors',
  'landscapes',
  'cities',
  'abstract',
] as const;
export type EvalCategory = (typeof EVAL_CATEGORIES)[number];

export interface EvalPrompt {
  category: EvalCategory;
  prompt: string;
  /** One of IMAGE_OPTIONS.styles. */
  style: string;
  /** One of IMAGE_OPTIONS.imageStyles. */
  imageStyle: string;
}

type Row = [prompt: string, style: string, imageStyle?: string];

const SET: Record<EvalCategory, Row[]> = {
  animals: [
    ['a fluffy orange cat sleeping on a windowsill', 'photographic'],
    ['cute puppy playing in the grass', 'cartoon'],
    ['a golden retriever on the beach at sunset', 'realistic'],
    ['black cat with green eyes at night', 'digital-art'],
    ['a red bird sitting on a branch in winter', 'watercolor'],
    ['goldfish swimming in a bowl', 'realistic'],
    ['koi pond seen from above', 'digital-art'],
    ['a white horse running through a field', 'oil-painting'],
    ['flock of birds flying over the sea', 'photographic'],
    ['my dog wearing sunglasses', 'cartoon'],
    ['a brown horse in a misty meadow at dawn', 'photographic'],
  ],
  people: [
    ['portrait of an old man with a white beard', 'photographic'],
    ['a little girl holding a red balloon', 'cartoon'],
    ['old fisherman with a cap on a boat', 'oil-painting'],
    ['a knight with a sword and helmet', 'digital-art', 'fantasy'],
    ['young woman reading a book in a cafe', 'watercolor'],
    ['grandma knitting by the fire', 'realistic'],
    ['a boy with a backpack going to school', 'cartoon'],
    ['chef holding a pan in a kitchen', 'photographic'],
    ['teenager with headphones, dramatic light', 'digital-art'],
    ['a wizard with a staff', 'oil-painting', 'fantasy'],
    ['astronaut floating in space', 'digital-art', 'sci-fi'],
  ],
  vehicles: [
    ['a red sports car on a mountain road', 'photographic'],
    ['old sailboat on a calm lake', 'watercolor'],
    ['airplane flying above the clouds', 'realistic'],
    ['a rocket spaceship launching into space', 'digital-art', 'sci-fi'],
    ['yellow taxi in new york at night', 'cinematic'],
    ['a fishing boat in a storm', 'oil-painting'],
    ['vintage blue car parked by the sea', 'realistic', 'vintage'],
    ['a steam train crossing a bridge', 'oil-painting'],
    ['bicycle leaning against a wall', 'photographic'],
    ['ufo over a field at night', 'cartoon'],
  ],
  buildings: [
    ['a lighthouse on a rocky coast', 'photographic'],
    ['cozy cabin in snowy mountains', 'realistic'],
    ['medieval castle on a hill', 'oil-painting', 'fantasy'],
    ['a red barn in the countryside', 'watercolor'],
    ['old stone bridge over a river', 'realistic'],
    ['a tall tower in the desert', 'digital-art'],
    ['little house with a garden', 'cartoon'],
    ['japanese temple in autumn', 'watercolor'],
    ['haunted house on a hill at night', 'digital-art'],
    ['windmill in a tulip field', 'photographic'],
  ],
  food: [
    ['a bowl of ramen', 'photographic'],
    ['cup of coffee on a wooden table', 'realistic'],
    ['birthday cake with candles', 'cartoon'],
    ['a basket of fresh fruit', 'oil-painting'],
    ['hot soup on a rainy day', 'watercolor'],
    ['a slice of pizza', 'cartoon'],
    ['red apple on a table', 'realistic'],
    ['cup of tea with steam', 'photographic'],
    ['strawberry cake', 'digital-art'],
    ['a glass of orange juice', 'photographic'],
  ],
  objects: [
    ['a vase of sunflowers', 'oil-painting'],
    ['treasure chest full of gold', 'digital-art', 'fantasy'],
    ['an old book on a desk', 'realistic'],
    ['a lamp glowing in the dark', 'photographic'],
    ['blue vase with roses', 'watercolor'],
    ['a wooden chair', 'realistic'],
    ['old clock on the wall', 'realistic', 'vintage'],
    ['candle on a table', 'photographic'],
    ['pile of books', 'cartoon'],
    ['a guitar leaning on a sofa', 'photographic'],
  ],
  creatures: [
    ['a dragon flying over a castle', 'digital-art', 'fantasy'],
    ['red dragon breathing fire', 'oil-painting'],
    ['a unicorn in a magical forest', 'cartoon'],
    ['cute monster under the bed', 'cartoon'],
    ['a cat astronaut in space', 'digital-art'],
    ['phoenix rising from the flames', 'digital-art'],
    ['giant robot in the city', 'realistic', 'sci-fi'],
    ['mermaid sitting on a rock', 'watercolor'],
    ['a friendly ghost', 'cartoon'],
    ['green dragon sleeping on gold', 'oil-painting', 'fantasy'],
  ],
  logos: [
    ['logo for a coffee shop called Bean There', 'digital-art', 'minimalist'],
    ['app icon of a rocket', 'digital-art', 'minimalist'],
    ['minimal logo with a mountain for Peak Outdoors', 'digital-art', 'minimalist'],
    ['icon of a cat', 'cartoon', 'minimalist'],
    ['bakery logo with a cake', 'cartoon'],
    ['logo for a tech startup named Nova', 'digital-art'],
    ['simple leaf icon, green', 'digital-art', 'minimalist'],
    ['fish logo for a sushi restaurant', 'cartoon', 'minimalist'],
    ['music app icon', 'digital-art'],
    ['logo of a lighthouse for Harbor Bank', 'digital-art', 'minimalist'],
  ],
  interiors: [
    ['cozy living room with a fireplace', 'realistic'],
    ['a modern kitchen', 'photographic'],
    ['bedroom with a big window at night', 'digital-art'],
    ['library full of books', 'oil-painting'],
    ['coffee shop interior', 'watercolor'],
    ['an empty classroom', 'photographic'],
    ['bathroom with plants', 'realistic'],
    ['gaming room with neon lights', 'digital-art'],
    ['a small office desk with a computer', 'cartoon'],
    ['greenhouse full of plants', 'watercolor'],
  ],
  landscapes: [
    ['golden sunset over the mountains', 'photographic'],
    ['misty pine forest in the morning', 'watercolor'],
    ['snowy mountains at sunrise', 'realistic', 'pixel-art'],
    ['tropical beach with palm trees', 'photographic'],
    ['desert dunes at noon', 'oil-painting'],
    ['autumn forest with orange leaves', 'oil-painting'],
    ['northern lights over a frozen lake', 'digital-art'],
    ['waterfall in the jungle', 'realistic'],
    ['a stormy sea with big waves', 'oil-painting'],
    ['field of sunflowers under a blue sky', 'cartoon'],
    ['dark forest at night', 'cartoon'],
  ],
  cities: [
    ['neon cyberpunk city at night, purple and pink', 'digital-art', 'anime'],
    ['paris street in the rain', 'watercolor'],
    ['new york skyline at sunset', 'photographic'],
    ['small european village', 'oil-painting'],
    ['tokyo at night', 'cinematic'],
    ['city park in spring', 'cartoon'],
    ['a busy market street', 'realistic'],
    ['futuristic city with flying cars', 'digital-art', 'sci-fi'],
    ['venice canal with gondolas', 'watercolor'],
    ['snowy town at christmas', 'cartoon'],
  ],
  abstract: [
    ['abstract swirls of blue and gold', 'abstract'],
    ['geometric shapes in pastel colors', 'digital-art', 'minimalist'],
    ['colorful fractal pattern', 'digital-art'],
    ['black and white abstract lines', 'abstract'],
    ['psychedelic rainbow waves', 'abstract', 'surreal'],
    ['calm abstract painting in earthy tones', 'oil-painting'],
    ['liquid marble texture, teal and gold', 'digital-art'],
    ['minimal circles, red and black', 'abstract', 'minimalist'],
    ['retro 80s synthwave grid', 'digital-art', 'sci-fi'],
    ['pixel art space invaders', 'cartoon', 'pixel-art'],
  ],
};

/** Every prompt of the set, in category order. */
export const EVAL_PROMPTS: readonly EvalPrompt[] = EVAL_CATEGORIES.flatMap((category) =>
  SET[category].map(([prompt, style, imageStyle]) => ({
    category,
    prompt,
    style,
    imageStyle: imageStyle ?? 'default',
  })),
);

/** A few prompts, one per subject family, small enough for CI (every family renders). */
export const EVAL_SMOKE: readonly string[] = [
  'a fluffy orange cat sleeping on a windowsill',
  'a lighthouse on a rocky coast',
  'a bowl of ramen',
  'a dragon flying over a castle',
  'logo for a coffee shop called Bean There',
  'portrait of an old man with a white beard',
];
