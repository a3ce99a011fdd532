/**
 * The things Sketch can draw as subjects (animals, vehicles, buildings, food, objects, creatures),
 * the words that name them, and the people words (ages, roles, props). Kept apart from the scenery
 * lexicon in interpret.ts so each family can grow without touching the scene grammar.
 */

export const THING_FAMILIES = {
  animal: ['cat', 'dog', 'bird', 'fish', 'horse'],
  creature: ['dragon', 'unicorn', 'phoenix', 'ghost', 'monster', 'robot'],
  vehicle: ['car', 'boat', 'plane', 'spaceship', 'ufo', 'train', 'bicycle', 'balloon'],
  building: ['house', 'cabin', 'barn', 'lighthouse', 'castle', 'tower', 'bridge', 'windmill', 'temple'],
  food: ['bowl', 'cup', 'cake', 'fruit', 'pizza', 'glass'],
  object: ['vase', 'chest', 'book', 'lamp', 'candle', 'clock', 'chair', 'guitar'],
} as const;

export type ThingFamily = keyof typeof THING_FAMILIES;
export type ThingKind = (typeof THING_FAMILIES)[ThingFamily][number];

export function familyOf(kind: ThingKind): ThingFamily {
  for (const [family, kinds] of Object.entries(THING_FAMILIES) as [ThingFamily, readonly ThingKind[]][]) {
    if (kinds.includes(kind)) return family;
  }
  return 'object';
}

/** Things that fly: placed in the sky, above what they are "over". */
export const FLIERS: ReadonlySet<ThingKind> = new Set([
  'bird',
  'dragon',
  'phoenix',
  'plane',
  'spaceship',
  'ufo',
  'balloon',
  'ghost',
]);
/** Things that float on water. */
export const FLOATERS: ReadonlySet<ThingKind> = new Set(['boat']);
/** Small things that stand on a table when no landscape is asked for. */
export const TABLETOP: ReadonlySet<ThingKind> = new Set([
  'bowl',
  'cup',
  'cake',
  'fruit',
  'pizza',
  'glass',
  'vase',
  'chest',
  'book',
  'lamp',
  'candle',
  'clock',
]);

/** Words naming a thing, plurals included (the lexicon also strips simple plural endings). */
export const THING_WORDS: Record<string, ThingKind> = {
  cat: 'cat',
  kitten: 'cat',
  kitty: 'cat',
  dog: 'dog',
  puppy: 'dog',
  doggo: 'dog',
  retriever: 'dog',
  labrador: 'dog',
  corgi: 'dog',
  bird: 'bird',
  sparrow: 'bird',
  robin: 'bird',
  cardinal: 'bird',
  parrot: 'bird',
  owl: 'bird',
  eagle: 'bird',
  crow: 'bird',
  fish: 'fish',
  goldfish: 'fish',
  koi: 'fish',
  horse: 'horse',
  pony: 'horse',
  stallion: 'horse',
  dragon: 'dragon',
  wyvern: 'dragon',
  unicorn: 'unicorn',
  phoenix: 'phoenix',
  ghost: 'ghost',
  spirit: 'ghost',
  monster: 'monster',
  creature: 'monster',
  robot: 'robot',
  mech: 'robot',
  android: 'robot',
  car: 'car',
  taxi: 'car',
  cab: 'car',
  truck: 'car',
  jeep: 'car',
  boat: 'boat',
  sailboat: 'boat',
  ship: 'boat',
  yacht: 'boat',
  gondola: 'boat',
  canoe: 'boat',
  plane: 'plane',
  airplane: 'plane',
  aeroplane: 'plane',
  jet: 'plane',
  aircraft: 'plane',
  spaceship: 'spaceship',
  spacecraft: 'spaceship',
  rocket: 'spaceship',
  starship: 'spaceship',
  ufo: 'ufo',
  saucer: 'ufo',
  train: 'train',
  locomotive: 'train',
  bicycle: 'bicycle',
  bike: 'bicycle',
  balloon: 'balloon',
  house: 'house',
  home: 'house',
  cottage: 'cabin',
  cabin: 'cabin',
  hut: 'cabin',
  chalet: 'cabin',
  barn: 'barn',
  farmhouse: 'barn',
  lighthouse: 'lighthouse',
  castle: 'castle',
  palace: 'castle',
  fortress: 'castle',
  tower: 'tower',
  bridge: 'bridge',
  windmill: 'windmill',
  temple: 'temple',
  pagoda: 'temple',
  shrine: 'temple',
  bowl: 'bowl',
  ramen: 'bowl',
  noodle: 'bowl',
  noodles: 'bowl',
  soup: 'bowl',
  pho: 'bowl',
  cup: 'cup',
  mug: 'cup',
  coffee: 'cup',
  tea: 'cup',
  latte: 'cup',
  cappuccino: 'cup',
  cake: 'cake',
  cupcake: 'cake',
  pie: 'cake',
  fruit: 'fruit',
  fruits: 'fruit',
  apple: 'fruit',
  pear: 'fruit',
  strawberry: 'fruit',
  cherries: 'fruit',
  banana: 'fruit',
  pizza: 'pizza',
  glass: 'glass',
  juice: 'glass',
  wine: 'glass',
  cocktail: 'glass',
  lemonade: 'glass',
  vase: 'vase',
  bouquet: 'vase',
  chest: 'chest',
  treasure: 'chest',
  book: 'book',
  books: 'book',
  lamp: 'lamp',
  lantern: 'lamp',
  candle: 'candle',
  candles: 'candle',
  clock: 'clock',
  chair: 'chair',
  armchair: 'chair',
  guitar: 'guitar',
};

/** Colour words that are also things ("orange") count as colours when a noun follows them. */
export const COLOUR_THINGS = new Set(['orange']);

export type Age = 'child' | 'young' | 'adult' | 'old';

export const AGE_WORDS: Record<string, Age> = {
  baby: 'child',
  toddler: 'child',
  child: 'child',
  children: 'child',
  kid: 'child',
  kids: 'child',
  little: 'child',
  young: 'young',
  teen: 'young',
  teenager: 'young',
  teenage: 'young',
  youth: 'young',
  adult: 'adult',
  'middle-aged': 'adult',
  old: 'old',
  elderly: 'old',
  aged: 'old',
  grandma: 'old',
  grandmother: 'old',
  granny: 'old',
  grandpa: 'old',
  grandfather: 'old',
  senior: 'old',
};

/** A role and the props it brings. Props are also words on their own ("with a sword"). */
export type Prop =
  | 'cap'
  | 'helmet'
  | 'sword'
  | 'wizard-hat'
  | 'chef-hat'
  | 'staff'
  | 'crown'
  | 'balloon'
  | 'book'
  | 'headphones'
  | 'backpack'
  | 'pan'
  | 'sunglasses'
  | 'scarf';

export interface Role {
  figure?: 'feminine' | 'masculine';
  age?: Age;
  props: Prop[];
  /** The person wears a space helmet (animals too: "a cat astronaut"). */
  helmet?: boolean;
}

export const ROLES: Record<string, Role> = {
  astronaut: { props: [], helmet: true },
  spaceman: { props: [], helmet: true, figure: 'masculine' },
  fisherman: { props: ['cap'], figure: 'masculine' },
  sailor: { props: ['cap'] },
  knight: { props: ['helmet', 'sword'], figure: 'masculine' },
  warrior: { props: ['sword'] },
  samurai: { props: ['sword'], figure: 'masculine' },
  soldier: { props: ['helmet'] },
  wizard: { props: ['wizard-hat', 'staff'], figure: 'masculine' },
  witch: { props: ['wizard-hat'], figure: 'feminine' },
  chef: { props: ['chef-hat', 'pan'] },
  cook: { props: ['chef-hat'] },
  king: { props: ['crown'], figure: 'masculine' },
  queen: { props: ['crown'], figure: 'feminine' },
  prince: { props: ['crown'], figure: 'masculine' },
  princess: { props: ['crown'], figure: 'feminine' },
  student: { props: ['backpack'], age: 'young' },
  schoolboy: { props: ['backpack'], figure: 'masculine', age: 'child' },
  schoolgirl: { props: ['backpack'], figure: 'feminine', age: 'child' },
  musician: { props: ['headphones'] },
  dj: { props: ['headphones'] },
  gamer: { props: ['headphones'] },
  grandma: { props: ['scarf'], figure: 'feminine', age: 'old' },
  grandmother: { props: ['scarf'], figure: 'feminine', age: 'old' },
  granny: { props: ['scarf'], figure: 'feminine', age: 'old' },
  grandpa: { props: [], figure: 'masculine', age: 'old' },
  grandfather: { props: [], figure: 'masculine', age: 'old' },
};

export const PROP_WORDS: Record<string, Prop> = {
  cap: 'cap',
  hat: 'cap',
  helmet: 'helmet',
  sword: 'sword',
  blade: 'sword',
  katana: 'sword',
  staff: 'staff',
  wand: 'staff',
  crown: 'crown',
  balloon: 'balloon',
  headphones: 'headphones',
  headset: 'headphones',
  backpack: 'backpack',
  schoolbag: 'backpack',
  pan: 'pan',
  sunglasses: 'sunglasses',
  shades: 'sunglasses',
  scarf: 'scarf',
};

/** Interior words: a room is drawn instead of a landscape. */
export type RoomFeature =
  | 'fireplace'
  | 'window'
  | 'books'
  | 'plants'
  | 'neon'
  | 'table'
  | 'desk'
  | 'bed'
  | 'kitchen'
  | 'board'
  | 'computer'
  | 'sofa'
  | 'glasshouse';

export const ROOM_WORDS: Record<string, RoomFeature[]> = {
  room: [],
  interior: [],
  indoors: [],
  inside: [],
  'living-room': ['fireplace', 'window', 'sofa'],
  livingroom: ['window'],
  bedroom: ['window', 'bed'],
  kitchen: ['kitchen', 'window'],
  bathroom: ['plants'],
  classroom: ['board', 'desk', 'window'],
  office: ['desk', 'computer', 'window'],
  library: ['books'],
  bookshelf: ['books'],
  cafe: ['table', 'window'],
  cafeteria: ['table'],
  restaurant: ['table'],
  greenhouse: ['plants', 'glasshouse'],
  fireplace: ['fireplace'],
  window: ['window'],
  windowsill: ['window'],
  table: ['table'],
  desk: ['desk'],
  sofa: ['sofa'],
  couch: ['sofa'],
  bed: ['bed'],
  shelf: ['books'],
  plants: ['plants'],
  computer: ['computer', 'desk'],
  laptop: ['computer', 'desk'],
  blackboard: ['board'],
  chalkboard: ['board'],
  houseplants: ['plants'],
};
