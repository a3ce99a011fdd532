/**
 * Prompt → scene spec through a hand-written lexicon (no ML). The result is shown to the user as
 * `details.interpretation`, so it must be honest about what was understood and what was not.
 */

import {
  AGE_WORDS,
  type Age,
  FLIERS,
  FLOATERS,
  familyOf,
  PROP_WORDS,
  type Prop,
  ROLES,
  ROOM_WORDS,
  type RoomFeature,
  TABLETOP,
  THING_WORDS,
  type ThingFamily,
  type ThingKind,
} from './things.js';

const SUBJECTS = [
  'sky',
  'sunset',
  'ocean',
  'forest',
  'mountains',
  'city',
  'space',
  'portrait',
  'desert',
  'snow',
  'flowers',
  'river',
  'aurora',
  'abstract',
  'interior',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export type TimeOfDay = 'day' | 'golden-hour' | 'sunrise' | 'sunset' | 'dusk' | 'night';
export type Mood =
  | 'storm'
  | 'rain'
  | 'fog'
  | 'dreamy'
  | 'snowfall'
  | 'vibrant'
  | 'calm'
  | 'dark'
  | 'dramatic';
/** Elements that can be asked for or suppressed ("no sun", "without trees") independently of subjects. */
export type Feature =
  | 'sun'
  | 'moon'
  | 'clouds'
  | 'stars'
  | 'birds'
  | 'rainbow'
  | 'trees'
  | 'water'
  | 'buildings'
  | 'mountains'
  | 'people'
  | 'flowers'
  | 'planet'
  | 'boats'
  | 'lights';
export type Camera = 'close-up' | 'normal' | 'wide';
export type NamedPalette = 'pastel' | 'neon' | 'monochrome' | 'sepia' | 'earthy';
export type Variant =
  | 'beach'
  | 'lake'
  | 'waves'
  | 'island'
  | 'cyberpunk'
  | 'neon'
  | 'galaxy'
  | 'nebula'
  | 'planet'
  | 'rings'
  | 'milky-way'
  | 'hills'
  | 'pine'
  | 'jungle'
  | 'palms'
  | 'cactus'
  | 'sunflowers'
  | 'futuristic'
  | 'fire'
  | 'sleeping';

export interface PersonTraits {
  figure: 'feminine' | 'masculine' | 'neutral';
  /** Hue of the hair when a colour was given ("red hair", "blonde"), else null. */
  hair: 'blonde' | 'brown' | 'black' | 'red' | 'white' | { hue: number } | null;
  eyes: number | null;
  smile: boolean;
  glasses: boolean;
  beard: boolean;
  /** A space helmet (astronauts). */
  helmet: boolean;
  age: Age;
  /** The role word that was understood ("fisherman", "knight"), if any. */
  role: string | null;
  props: Prop[];
  /** Colours said of props ("a red balloon"). */
  propHues: Partial<Record<Prop, number>>;
}

/** Colourless colour words: they only ever describe a thing ("black cat", "white horse"). */
export type Tone = 'black' | 'white' | 'brown' | 'grey';
const TONE_WORDS: Record<string, Tone> = {
  black: 'black',
  white: 'white',
  brown: 'brown',
  grey: 'grey',
  gray: 'grey',
  silver: 'grey',
};

/** Where a thing stands in the picture. */
export type Placement = 'ground' | 'sky' | 'water' | 'table';

/** A drawn subject other than scenery: an animal, a vehicle, a building, food, an object, a creature. */
export interface Thing {
  kind: ThingKind;
  family: ThingFamily;
  /** The prompt's word for it ("kitten", "ramen"). */
  word: string;
  /** The colour said of it ("red car"), as a hue, or null. */
  hue: number | null;
  /** A colourless colour said of it ("black cat"). */
  tone: Tone | null;
  placement: Placement;
  /** "a dragon over a castle": the thing this one is above. */
  over: ThingKind | null;
  /** Props an animal wears ("a cat astronaut": helmet). */
  wearing: Prop[];
  helmet: boolean;
  /** Eye colour said of an animal ("black cat with green eyes"). */
  eyes: number | null;
  /** 1, or 3 for a plural ("birds"). */
  count: number;
}

export interface NamedHue {
  word: string;
  hue: number;
  /** The subject the colour describes ("green hills" → mountains), when it precedes one. */
  target?: Subject;
  /** The thing the colour describes ("red car"): it tints that thing, not the sky. */
  thing?: ThingKind;
}

export interface SceneSpec {
  /** Subjects in order of appearance; never empty (falls back to abstract or sky). */
  subjects: Subject[];
  variants: Variant[];
  time: TimeOfDay;
  /** Whether the time came from the prompt (true) or was inferred from the subjects. */
  timeStated: boolean;
  /** Colour words in prompt order: the first is the key (sky, light), the second the accent. */
  colors: NamedHue[];
  hues: number[];
  moods: Mood[];
  camera: Camera;
  palette: NamedPalette | null;
  /** Features the prompt asked for explicitly. */
  features: Feature[];
  /** Subjects and features removed by negation ("no sun") or the negative prompt. */
  suppressed: string[];
  person: PersonTraits;
  /** Drawn subjects (animals, vehicles, buildings, food, objects, creatures), in prompt order. */
  things: Thing[];
  /** Furnishings of an interior scene. */
  room: RoomFeature[];
  /** "seen from above": a top-down view (ponds, tables). */
  view: 'front' | 'top';
  /** A logo or icon: a flat mark plus the name, when one was given ("called Bean There"). */
  logo: { name: string | null } | null;
  /** Nothing in the prompt named something Sketch can draw: it says so (and draws an abstract). */
  noSubject: boolean;
  /** Content words the lexicon did not know, so the UI can say what was ignored. */
  unrecognized: string[];
  /** e.g. "sunset + mountains, golden, calm". */
  summary: string;
}

type Effect =
  | { subject: Subject }
  | { time: TimeOfDay }
  | { mood: Mood }
  | { feature: Feature }
  | { variant: Variant }
  | { camera: Camera }
  | { palette: NamedPalette }
  | { person: Partial<PersonTraits> }
  | { hue: number }
  | { thing: ThingKind }
  | { age: Age }
  | { role: string }
  | { prop: Prop }
  | { room: RoomFeature[] }
  | { logo: true }
  | { view: 'top' }
  | { tone: Tone };

const S = (subject: Subject): Effect => ({ subject });
const T = (time: TimeOfDay): Effect => ({ time });
const M = (mood: Mood): Effect => ({ mood });
const F = (feature: Feature): Effect => ({ feature });
const V = (variant: Variant): Effect => ({ variant });
const H = (hue: number): Effect => ({ hue });

/** Colour words and their hues (degrees). */
const COLOR_WORDS: Record<string, number> = {
  red: 2,
  crimson: 348,
  scarlet: 6,
  ruby: 345,
  coral: 12,
  orange: 27,
  peach: 22,
  amber: 38,
  gold: 44,
  golden: 44,
  yellow: 54,
  lime: 88,
  green: 125,
  emerald: 145,
  jade: 150,
  mint: 155,
  teal: 176,
  turquoise: 172,
  aqua: 184,
  cyan: 188,
  azure: 205,
  blue: 215,
  cobalt: 222,
  sapphire: 222,
  navy: 228,
  indigo: 248,
  violet: 268,
  lavender: 262,
  purple: 282,
  lilac: 285,
  magenta: 308,
  fuchsia: 315,
  pink: 332,
  rose: 342,
};

const LEXICON: Record<string, Effect[]> = {
  // sky
  sky: [S('sky')],
  skies: [S('sky')],
  skyscape: [S('sky')],
  cloud: [S('sky'), F('clouds')],
  clouds: [S('sky'), F('clouds')],
  cloudy: [S('sky'), F('clouds')],
  sun: [F('sun')],
  sunny: [T('day'), F('sun')],
  sunshine: [T('day'), F('sun')],
  heaven: [S('sky'), F('clouds'), M('dreamy')],
  rainbow: [S('sky'), F('rainbow')],
  birds: [F('birds')],
  seagulls: [F('birds')],
  // sunset / sunrise
  sunset: [S('sunset'), T('sunset')],
  sundown: [S('sunset'), T('sunset')],
  sunrise: [S('sunset'), T('sunrise')],
  dawn: [S('sunset'), T('sunrise')],
  daybreak: [S('sunset'), T('sunrise')],
  // water
  ocean: [S('ocean')],
  oceans: [S('ocean')],
  sea: [S('ocean')],
  seas: [S('ocean')],
  seascape: [S('ocean')],
  seaside: [S('ocean'), V('beach')],
  beach: [S('ocean'), V('beach')],
  shore: [S('ocean'), V('beach')],
  coast: [S('ocean'), V('beach')],
  coastal: [S('ocean'), V('beach')],
  tropical: [S('ocean'), V('beach'), V('palms')],
  palm: [V('palms')],
  palms: [V('palms')],
  island: [S('ocean'), V('island')],
  waves: [S('ocean'), V('waves')],
  wave: [S('ocean'), V('waves')],
  surf: [S('ocean'), V('waves')],
  lake: [S('ocean'), V('lake')],
  lakes: [S('ocean'), V('lake')],
  pond: [S('ocean'), V('lake')],
  reflection: [V('lake')],
  reflections: [V('lake')],
  water: [F('water')],
  boats: [F('boats')],
  logo: [{ logo: true }],
  logos: [{ logo: true }],
  icon: [{ logo: true }],
  emblem: [{ logo: true }],
  badge: [{ logo: true }],
  'from-above': [{ view: 'top' }],
  fire: [V('fire')],
  sleeping: [V('sleeping')],
  asleep: [V('sleeping')],
  napping: [V('sleeping')],
  lying: [V('sleeping')],
  curled: [V('sleeping')],
  flames: [V('fire')],
  flame: [V('fire')],
  fiery: [V('fire')],
  burning: [V('fire')],
  leaves: [S('forest')],
  autumn: [S('forest')],
  autumnal: [S('forest')],
  // forest
  forest: [S('forest')],
  forests: [S('forest')],
  woods: [S('forest')],
  woodland: [S('forest')],
  tree: [S('forest'), F('trees')],
  trees: [S('forest'), F('trees')],
  pine: [S('forest'), V('pine')],
  pines: [S('forest'), V('pine')],
  conifer: [S('forest'), V('pine')],
  taiga: [S('forest'), V('pine')],
  jungle: [S('forest'), V('jungle')],
  rainforest: [S('forest'), V('jungle')],
  grove: [S('forest')],
  oak: [S('forest')],
  // mountains
  mountain: [S('mountains')],
  mountains: [S('mountains')],
  peak: [S('mountains')],
  peaks: [S('mountains')],
  alps: [S('mountains')],
  alpine: [S('mountains')],
  summit: [S('mountains')],
  range: [S('mountains')],
  cliff: [S('mountains')],
  cliffs: [S('mountains')],
  valley: [S('mountains'), V('hills')],
  hill: [S('mountains'), V('hills')],
  hills: [S('mountains'), V('hills')],
  hillside: [S('mountains'), V('hills')],
  countryside: [S('mountains'), V('hills'), S('flowers')],
  // city
  city: [S('city')],
  cities: [S('city')],
  skyline: [S('city')],
  skyscraper: [S('city')],
  skyscrapers: [S('city')],
  downtown: [S('city')],
  metropolis: [S('city')],
  urban: [S('city')],
  street: [S('city')],
  streets: [S('city')],
  building: [S('city'), F('buildings')],
  buildings: [S('city'), F('buildings')],
  town: [S('city')],
  village: [S('city')],
  market: [S('city')],
  paris: [S('city')],
  london: [S('city')],
  tokyo: [S('city'), T('night'), V('neon')],
  york: [S('city')],
  venice: [S('city'), S('river')],
  road: [S('mountains'), V('hills')],
  cyberpunk: [S('city'), V('cyberpunk'), V('neon')],
  neon: [V('neon'), F('lights')],
  futuristic: [V('futuristic')],
  lights: [F('lights')],
  // space
  space: [S('space')],
  'outer-space': [S('space')],
  galaxy: [S('space'), V('galaxy')],
  galaxies: [S('space'), V('galaxy')],
  nebula: [S('space'), V('nebula')],
  nebulae: [S('space'), V('nebula')],
  cosmos: [S('space'), V('nebula')],
  cosmic: [S('space'), V('nebula')],
  universe: [S('space'), V('nebula')],
  planet: [S('space'), V('planet'), F('planet')],
  planets: [S('space'), V('planet'), F('planet')],
  saturn: [S('space'), V('planet'), V('rings'), F('planet')],
  rings: [V('rings')],
  'milky-way': [V('milky-way'), F('stars')],
  star: [F('stars')],
  stars: [F('stars')],
  starry: [F('stars')],
  starfield: [S('space'), F('stars')],
  moon: [F('moon')],
  moons: [F('moon')],
  moonlit: [T('night'), F('moon')],
  moonlight: [T('night'), F('moon')],
  astronaut: [S('portrait'), S('space'), { person: { helmet: true } }],
  // portrait
  portrait: [S('portrait')],
  'self-portrait': [S('portrait')],
  person: [S('portrait'), F('people')],
  people: [S('portrait'), F('people')],
  face: [S('portrait'), { camera: 'close-up' }],
  character: [S('portrait')],
  figure: [S('portrait')],
  woman: [S('portrait'), { person: { figure: 'feminine' } }],
  women: [S('portrait'), { person: { figure: 'feminine' } }],
  girl: [S('portrait'), { person: { figure: 'feminine' } }],
  lady: [S('portrait'), { person: { figure: 'feminine' } }],
  queen: [S('portrait'), { person: { figure: 'feminine' } }],
  princess: [S('portrait'), { person: { figure: 'feminine' } }],
  witch: [S('portrait'), { person: { figure: 'feminine' } }, M('dreamy')],
  man: [S('portrait'), { person: { figure: 'masculine' } }],
  men: [S('portrait'), { person: { figure: 'masculine' } }],
  boy: [S('portrait'), { person: { figure: 'masculine' } }],
  guy: [S('portrait'), { person: { figure: 'masculine' } }],
  king: [S('portrait'), { person: { figure: 'masculine' } }],
  prince: [S('portrait'), { person: { figure: 'masculine' } }],
  warrior: [S('portrait'), { person: { figure: 'masculine' } }],
  knight: [S('portrait'), { person: { figure: 'masculine' } }],
  wizard: [S('portrait'), { person: { figure: 'masculine', beard: true } }, M('dreamy')],
  samurai: [S('portrait'), { person: { figure: 'masculine' } }],
  smiling: [{ person: { smile: true } }],
  smile: [{ person: { smile: true } }],
  happy: [{ person: { smile: true } }],
  glasses: [{ person: { glasses: true } }],
  spectacles: [{ person: { glasses: true } }],
  beard: [{ person: { beard: true, figure: 'masculine' } }],
  bearded: [{ person: { beard: true, figure: 'masculine' } }],
  blonde: [{ person: { hair: 'blonde' } }],
  blond: [{ person: { hair: 'blonde' } }],
  brunette: [{ person: { hair: 'brown' } }],
  redhead: [{ person: { hair: 'red' } }],
  ginger: [{ person: { hair: 'red' } }],
  // desert
  desert: [S('desert')],
  deserts: [S('desert')],
  dune: [S('desert')],
  dunes: [S('desert')],
  sand: [S('desert')],
  sahara: [S('desert')],
  arid: [S('desert')],
  cactus: [S('desert'), V('cactus')],
  cacti: [S('desert'), V('cactus')],
  // snow
  snow: [S('snow')],
  snowy: [S('snow')],
  winter: [S('snow')],
  wintry: [S('snow')],
  frozen: [S('snow')],
  ice: [S('snow')],
  icy: [S('snow')],
  glacier: [S('snow'), S('mountains')],
  arctic: [S('snow')],
  frost: [S('snow')],
  frosty: [S('snow')],
  snowing: [S('snow'), M('snowfall')],
  snowfall: [S('snow'), M('snowfall')],
  snowflakes: [S('snow'), M('snowfall')],
  blizzard: [S('snow'), M('snowfall'), M('storm')],
  snowstorm: [S('snow'), M('snowfall'), M('storm')],
  'falling-snow': [S('snow'), M('snowfall')],
  // flowers
  flower: [S('flowers')],
  flowers: [S('flowers')],
  floral: [S('flowers')],
  meadow: [S('flowers')],
  meadows: [S('flowers')],
  field: [S('flowers')],
  fields: [S('flowers')],
  garden: [S('flowers')],
  blossom: [S('flowers')],
  blossoms: [S('flowers')],
  wildflowers: [S('flowers')],
  tulips: [S('flowers')],
  roses: [S('flowers')],
  poppies: [S('flowers'), H(2)],
  sunflower: [S('flowers'), V('sunflowers')],
  sunflowers: [S('flowers'), V('sunflowers')],
  grass: [S('flowers')],
  grassland: [S('flowers')],
  prairie: [S('flowers')],
  // river
  river: [S('river')],
  rivers: [S('river')],
  stream: [S('river')],
  creek: [S('river')],
  brook: [S('river')],
  canal: [S('river')],
  waterfall: [S('river'), S('mountains')],
  // aurora
  aurora: [S('aurora'), T('night')],
  auroras: [S('aurora'), T('night')],
  borealis: [S('aurora'), T('night')],
  'northern-lights': [S('aurora'), T('night')],
  // abstract
  abstract: [S('abstract')],
  pattern: [S('abstract')],
  patterns: [S('abstract')],
  geometric: [S('abstract')],
  fractal: [S('abstract')],
  swirl: [S('abstract')],
  swirls: [S('abstract')],
  shapes: [S('abstract')],
  psychedelic: [S('abstract'), M('vibrant')],
  // time
  night: [T('night')],
  nights: [T('night')],
  nighttime: [T('night')],
  midnight: [T('night')],
  nocturnal: [T('night')],
  'night-sky': [T('night'), S('sky'), F('stars')],
  evening: [T('dusk')],
  dusk: [T('dusk')],
  twilight: [T('dusk')],
  'blue-hour': [T('dusk')],
  'golden-hour': [T('golden-hour')],
  afternoon: [T('golden-hour')],
  morning: [T('sunrise')],
  noon: [T('day')],
  midday: [T('day')],
  day: [T('day')],
  daytime: [T('day')],
  daylight: [T('day')],
  // moods
  storm: [M('storm')],
  stormy: [M('storm')],
  storms: [M('storm')],
  thunder: [M('storm')],
  thunderstorm: [M('storm'), M('rain')],
  lightning: [M('storm')],
  tempest: [M('storm')],
  rain: [M('rain')],
  rainy: [M('rain')],
  raining: [M('rain')],
  drizzle: [M('rain')],
  downpour: [M('rain')],
  fog: [M('fog')],
  foggy: [M('fog')],
  mist: [M('fog')],
  misty: [M('fog')],
  haze: [M('fog')],
  hazy: [M('fog')],
  dreamy: [M('dreamy')],
  ethereal: [M('dreamy')],
  magical: [M('dreamy')],
  magic: [M('dreamy')],
  fairy: [M('dreamy')],
  fairytale: [M('dreamy')],
  enchanted: [M('dreamy')],
  mystical: [M('dreamy')],
  whimsical: [M('dreamy')],
  vibrant: [M('vibrant')],
  colorful: [M('vibrant')],
  colourful: [M('vibrant')],
  vivid: [M('vibrant')],
  saturated: [M('vibrant')],
  bright: [M('vibrant')],
  calm: [M('calm')],
  serene: [M('calm')],
  peaceful: [M('calm')],
  tranquil: [M('calm')],
  quiet: [M('calm')],
  still: [M('calm')],
  gentle: [M('calm')],
  dark: [M('dark')],
  moody: [M('dark')],
  gloomy: [M('dark')],
  ominous: [M('dark')],
  eerie: [M('dark')],
  spooky: [M('dark')],
  haunted: [M('dark')],
  gothic: [M('dark')],
  dramatic: [M('dramatic')],
  epic: [M('dramatic')],
  majestic: [M('dramatic')],
  intense: [M('dramatic')],
  cinematic: [M('dramatic')],
  // camera
  'close-up': [{ camera: 'close-up' }],
  closeup: [{ camera: 'close-up' }],
  macro: [{ camera: 'close-up' }],
  headshot: [S('portrait'), { camera: 'close-up' }],
  wide: [{ camera: 'wide' }],
  'wide-angle': [{ camera: 'wide' }],
  panorama: [{ camera: 'wide' }],
  panoramic: [{ camera: 'wide' }],
  vast: [{ camera: 'wide' }],
  aerial: [{ camera: 'wide' }],
  // named palettes
  pastel: [{ palette: 'pastel' }],
  pastels: [{ palette: 'pastel' }],
  monochrome: [{ palette: 'monochrome' }],
  monochromatic: [{ palette: 'monochrome' }],
  'black-and-white': [{ palette: 'monochrome' }],
  grayscale: [{ palette: 'monochrome' }],
  greyscale: [{ palette: 'monochrome' }],
  noir: [{ palette: 'monochrome' }, M('dark')],
  sepia: [{ palette: 'sepia' }],
  earthy: [{ palette: 'earthy' }],
  'sci-fi': [V('futuristic')],
  scifi: [V('futuristic')],
};

/** Multi-word phrases joined into one token before lookup. */
const PHRASES: [RegExp, string][] = [
  [/\bgolden hour\b/g, 'golden-hour'],
  [/\bblue hour\b/g, 'blue-hour'],
  [/\bclose up\b/g, 'close-up'],
  [/\bwide angle\b/g, 'wide-angle'],
  [/\bmilky way\b/g, 'milky-way'],
  [/\bnorthern lights\b/g, 'northern-lights'],
  [/\bnight sky\b/g, 'night-sky'],
  [/\bouter space\b/g, 'outer-space'],
  [/\bfalling snow\b/g, 'falling-snow'],
  [/\bblack and white\b/g, 'black-and-white'],
  [/\bsci fi\b/g, 'sci-fi'],
  [/\bself portrait\b/g, 'self-portrait'],
  [/\bpalm trees?\b/g, 'palms'],
  [
    /\b(?:seen )?from above\b|\btop[ -]down\b|\btop view\b|\boverhead view\b|\bbirds? ?eye view\b/g,
    'from-above',
  ],
  [/\bliving room\b/g, 'living-room'],
  [/\bmiddle aged\b/g, 'middle-aged'],
  [/\bspace ?ship\b/g, 'spaceship'],
  [/\bhot air balloon\b/g, 'balloon'],
];

const STOPWORDS = new Set(
  (
    'a an the of in on at with and or over under by from to into onto above below behind near through across ' +
    'for as its it is are was be this that these those some many lots lot very really quite so his her their ' +
    'my our your there here while during beneath between around against along up down out off one two three ' +
    'beautiful stunning gorgeous amazing lovely pretty nice detailed highly ultra hyper realistic photorealistic ' +
    'hd 4k 8k uhd masterpiece trending best quality high resolution style scene view image picture photo ' +
    'photograph painting drawing render illustration art artwork shot digital concept wallpaper background ' +
    'landscape nature standing sitting looking full big small large tiny huge giant little old new distant ' +
    'far faraway just like made lit glowing shining soft light'
  ).split(' '),
);

const NEGATORS = new Set(['no', 'without', 'not', 'never', 'sans', 'minus', 'nothing', 'zero']);
const NEGATION_SKIP = new Set(['any', 'a', 'an', 'the', 'of', 'visible', 'more']);

/** A word's lexicon entry, trying simple English plural and adjective forms. */
function lookup(word: string): { key: string; effects: Effect[] } | null {
  const candidates = [word];
  if (word.endsWith('ies')) candidates.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) candidates.push(word.slice(0, -2));
  if (word.endsWith('s')) candidates.push(word.slice(0, -1));
  if (word.endsWith('y')) candidates.push(word.slice(0, -1));
  for (const key of candidates) {
    // "birds": the flock in the sky (scenery) and a bird drawn as a thing, from the singular.
    const things = thingEffects(key);
    const singular = things.length ? [] : candidates.filter((c) => c !== key).flatMap(thingEffects);
    const effects = [...(LEXICON[key] ?? []), ...things, ...(LEXICON[key] ? singular : [])];
    if (effects.length) return { key, effects };
    const hue = COLOR_WORDS[key];
    if (hue !== undefined) return { key, effects: [H(hue)] };
    const tone = TONE_WORDS[key];
    if (tone) return { key, effects: [{ tone }] };
  }
  return null;
}

/** Age words that are also person nouns ("a teenager", "grandma"). */
const PERSON_AGE_NOUNS = new Set([
  'baby',
  'toddler',
  'child',
  'children',
  'kid',
  'kids',
  'teen',
  'teenager',
  'youth',
  'adult',
  'senior',
]);

/** Effects from the things, people and rooms vocabularies (things.ts). */
function thingEffects(key: string): Effect[] {
  const effects: Effect[] = [];
  const thing = THING_WORDS[key];
  if (thing) effects.push({ thing });
  const age = AGE_WORDS[key];
  if (age) effects.push({ age });
  const role = ROLES[key];
  if (role) {
    effects.push({ role: key }, S('portrait'));
    if (role.figure) effects.push({ person: { figure: role.figure } });
    for (const prop of role.props) effects.push({ prop });
    if (role.helmet) effects.push({ person: { helmet: true } });
    if (role.age) effects.push({ age: role.age });
  }
  const prop = PROP_WORDS[key];
  if (prop && !thing) effects.push({ prop });
  if (PERSON_AGE_NOUNS.has(key)) effects.push(S('portrait'));
  const room = ROOM_WORDS[key];
  if (room) effects.push(S('interior'), { room });
  return effects;
}

export function tokenize(text: string): string[] {
  let normalized = text.toLowerCase().replace(/[’']/g, '');
  for (const [pattern, joined] of PHRASES) normalized = normalized.replace(pattern, joined);
  return normalized.match(/[a-z0-9]+(?:-[a-z0-9]+)*|[,.;:!?]/g) ?? [];
}

const isPunctuation = (token: string): boolean => /^[,.;:!?]$/.test(token);

interface Hit {
  index: number;
  token: string;
  key: string;
  effects: Effect[];
  negated: boolean;
}

function scan(text: string): { hits: Hit[]; unknown: string[]; hairHue: Hit | null; eyeHue: Hit | null } {
  const tokens = tokenize(text);
  const hits: Hit[] = [];
  const unknown: string[] = [];
  let hairHue: Hit | null = null;
  let eyeHue: Hit | null = null;
  // Tokens left in which a negator ("no", "without") can still reach its noun.
  let negating = 0;
  // After a negated noun, "or"/"and" carries the negation to the next noun ("without trees or people").
  let negatedList = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (isPunctuation(token) || token === 'but' || token === 'with') {
      negating = 0;
      negatedList = false;
      continue;
    }
    if (NEGATORS.has(token)) {
      negating = 4;
      continue;
    }
    if (negatedList && (token === 'and' || token === 'or' || token === 'nor')) {
      negating = 2;
      negatedList = false;
      continue;
    }
    negatedList = false;
    if (negating > 0 && NEGATION_SKIP.has(token)) continue;
    const next = tokens[i + 1];
    if (next === 'hair' || next === 'haired' || next === 'eyes' || next === 'eyed') {
      // "red hair", "blue eyes": colours of the person, not of the scene.
      const found = lookup(token);
      const hue = found?.effects.find((e): e is { hue: number } => 'hue' in e);
      const neutral = ['black', 'white', 'silver', 'grey', 'gray', 'brown', 'dark'].includes(token);
      if (hue || neutral) {
        const hit: Hit = { index: i, token, key: token, effects: hue ? [hue] : [], negated: false };
        if (next.startsWith('hair')) hairHue = hit;
        else eyeHue = hit;
        i++;
        continue;
      }
    }
    if (token === 'hair' || token === 'eyes') continue;
    const found = lookup(token);
    if (found) {
      const negated = negating > 0;
      hits.push({ index: i, token, key: found.key, effects: found.effects, negated });
      const isColour = found.effects.every((effect) => 'hue' in effect);
      // "no red trees": a colour word keeps the negation going to its noun.
      negating = negated && isColour ? negating - 1 : 0;
      negatedList = negated && !isColour;
      continue;
    }
    negating = Math.max(0, negating - 1);
    if (!STOPWORDS.has(token) && token.length > 2 && !/^\d+$/.test(token)) unknown.push(token);
  }
  return { hits, unknown, hairHue, eyeHue };
}

const push = <T>(list: T[], value: T): void => {
  if (!list.includes(value)) list.push(value);
};

/** Which subjects a suppressed feature removes, and vice versa. */
const FEATURE_SUBJECT: Partial<Record<Feature, Subject>> = {
  trees: 'forest',
  buildings: 'city',
  mountains: 'mountains',
  people: 'portrait',
  flowers: 'flowers',
  water: 'ocean',
  planet: 'space',
};
const SUBJECT_FEATURES: Partial<Record<Subject, Feature[]>> = {
  forest: ['trees'],
  city: ['buildings', 'lights'],
  mountains: ['mountains'],
  portrait: ['people'],
  flowers: ['flowers'],
  ocean: ['water'],
  river: ['water'],
  space: ['planet', 'stars'],
  sunset: ['sun'],
  snow: [],
};

/** Nouns that name a person (as opposed to a role an animal can take: "a cat astronaut"). */
const PERSON_NOUNS = new Set([
  'portrait',
  'self-portrait',
  'person',
  'people',
  'face',
  'character',
  'figure',
  'woman',
  'women',
  'girl',
  'lady',
  'man',
  'men',
  'boy',
  'guy',
  'headshot',
  'child',
  'children',
  'kid',
  'kids',
  'baby',
  'toddler',
  'teenager',
  'teen',
  'grandma',
  'grandmother',
  'granny',
  'grandpa',
  'grandfather',
]);
/** The age a person noun implies when no age word is given. */
const NOUN_AGE: Record<string, Age> = {
  girl: 'child',
  boy: 'child',
  kid: 'child',
  child: 'child',
  baby: 'child',
};
/** Things that become a person's prop when a person is drawn ("a girl holding a red balloon"). */
const THING_PROPS: Partial<Record<ThingKind, Prop>> = { balloon: 'balloon', book: 'book' };

/** The name in a logo prompt: "called Bean There", "named Nova", "for Harbor Bank". */
function logoName(prompt: string): string | null {
  const named =
    /\b(?:called|named|for|reading|saying|says|text)\s+["“]?([A-Z0-9][\w&'.-]*(?:\s+[A-Z0-9][\w&'.-]*){0,3})/.exec(
      prompt,
    );
  if (named?.[1]) return named[1].trim();
  const quoted = /["“]([^"”]{1,30})["”]/.exec(prompt);
  return quoted?.[1]?.trim() ?? null;
}

const SCENERY: readonly Subject[] = [
  'ocean',
  'forest',
  'mountains',
  'city',
  'space',
  'desert',
  'snow',
  'flowers',
  'river',
];

export function interpretPrompt(prompt: string, negativePrompt = ''): SceneSpec {
  const { hits, unknown, hairHue, eyeHue } = scan(prompt);
  const negative = scan(negativePrompt).hits;

  const subjects: Subject[] = [];
  const variants: Variant[] = [];
  const moods: Mood[] = [];
  const features: Feature[] = [];
  const suppressed: string[] = [];
  const colors: NamedHue[] = [];
  const things: Thing[] = [];
  const room: RoomFeature[] = [];
  let time: TimeOfDay | null = null;
  let camera: Camera = 'normal';
  let palette: NamedPalette | null = null;
  let view: SceneSpec['view'] = 'front';
  let logo = false;
  let statedAge: Age | null = null;
  let nounAge: Age | null = null;
  const person: PersonTraits = {
    figure: 'neutral',
    hair: null,
    eyes: null,
    smile: false,
    glasses: false,
    beard: false,
    helmet: false,
    age: 'adult',
    role: null,
    props: [],
    propHues: {},
  };

  const suppressedSubjects = new Set<Subject>();
  const suppressedFeatures = new Set<Feature>();
  const suppressedMoods = new Set<Mood>();
  const suppressedThings = new Set<ThingKind>();
  const suppress = (hit: Hit): void => {
    push(suppressed, hit.key);
    for (const effect of hit.effects) {
      if ('subject' in effect) {
        suppressedSubjects.add(effect.subject);
        for (const feature of SUBJECT_FEATURES[effect.subject] ?? []) suppressedFeatures.add(feature);
      }
      if ('feature' in effect) {
        suppressedFeatures.add(effect.feature);
        const subject = FEATURE_SUBJECT[effect.feature];
        if (subject) suppressedSubjects.add(subject);
      }
      if ('thing' in effect) suppressedThings.add(effect.thing);
      if ('mood' in effect) suppressedMoods.add(effect.mood);
      if ('time' in effect && effect.time === 'night') suppressedFeatures.add('stars');
    }
  };
  for (const hit of negative) suppress(hit);
  for (const hit of hits) if (hit.negated) suppress(hit);

  const thingOf = (hit: Hit | undefined): ThingKind | undefined =>
    hit?.effects.find((e): e is { thing: ThingKind } => 'thing' in e)?.thing;
  const isColourHit = (hit: Hit): boolean => hit.effects.every((e) => 'hue' in e || 'tone' in e);
  const tones: { word: string; tone: Tone; thing: ThingKind }[] = [];
  /** The noun a colour or age word describes: the next non-colour hit within two tokens. */
  const nounAfter = (hit: Hit): Hit | undefined =>
    hits.find((other) => other.index > hit.index && other.index <= hit.index + 2 && !isColourHit(other));
  const tokens = tokenize(prompt);
  const between = (a: number, b: number): string[] => tokens.slice(Math.min(a, b) + 1, Math.max(a, b));

  for (const hit of hits) {
    if (hit.negated) continue;
    for (const effect of hit.effects) {
      if ('subject' in effect) push(subjects, effect.subject);
      else if ('time' in effect) time = effect.time;
      else if ('mood' in effect) push(moods, effect.mood);
      else if ('feature' in effect) push(features, effect.feature);
      else if ('variant' in effect) push(variants, effect.variant);
      else if ('camera' in effect) camera = effect.camera;
      else if ('palette' in effect) palette = effect.palette;
      else if ('person' in effect) Object.assign(person, effect.person);
      else if ('role' in effect) person.role ??= effect.role;
      else if ('prop' in effect) push(person.props, effect.prop);
      else if ('room' in effect) for (const feature of effect.room) push(room, feature);
      else if ('logo' in effect) logo = true;
      else if ('view' in effect) view = effect.view;
      else if ('tone' in effect) {
        const thing = thingOf(nounAfter(hit));
        if (thing) tones.push({ word: hit.key, tone: effect.tone, thing });
      } else if ('age' in effect) {
        if (hit.key in ROLES || PERSON_NOUNS.has(hit.key)) nounAge ??= effect.age;
        else {
          // "old book", "little house": an age word says something of a person only before a person word.
          const noun = nounAfter(hit);
          if (!noun || !thingOf(noun) || noun.key in ROLES) statedAge ??= effect.age;
        }
      } else if ('thing' in effect) {
        if (suppressedThings.has(effect.thing)) continue;
        const existing = things.find((t) => t.kind === effect.thing);
        const plural = !(hit.token in THING_WORDS) && hit.token.endsWith('s') && hit.key !== 'fish';
        if (existing) {
          if (plural) existing.count = 3;
          continue;
        }
        things.push({
          kind: effect.thing,
          family: familyOf(effect.thing),
          word: hit.key,
          hue: null,
          tone: null,
          placement: 'ground',
          over: null,
          wearing: [],
          helmet: false,
          eyes: null,
          count: plural ? 3 : 1,
        });
      } else if ('hue' in effect) {
        if (colors.some((c) => c.word === hit.key)) continue;
        const noun = nounAfter(hit);
        const thing = thingOf(noun);
        if (thing && noun) {
          // A colour before a thing tints that thing ("red car"), never the sky.
          colors.push({ word: hit.key, hue: effect.hue, thing });
          continue;
        }
        // A colour right before a subject word describes that subject ("green hills", "red flowers").
        const target = noun?.effects.find((e): e is { subject: Subject } => 'subject' in e)?.subject;
        colors.push(target ? { word: hit.key, hue: effect.hue, target } : { word: hit.key, hue: effect.hue });
      }
    }
  }
  for (const c of colors) {
    const thing = c.thing ? things.find((t) => t.kind === c.thing) : undefined;
    if (thing) thing.hue ??= c.hue;
  }
  for (const t of tones) {
    const thing = things.find((x) => x.kind === t.thing);
    if (thing && thing.hue === null) thing.tone ??= t.tone;
  }
  // "autumn": the foliage turns orange unless a colour was said of the trees.
  if (
    hits.some((h) => !h.negated && (h.key === 'autumn' || h.key === 'autumnal')) &&
    !colors.some((c) => c.target === 'forest')
  )
    colors.push({ word: 'autumn', hue: 26, target: 'forest' });

  // Placement words between two things: "a dragon over a castle", "a plane above the clouds".
  const thingHits = hits.filter((h) => !h.negated && thingOf(h));
  for (let i = 0; i + 1 < thingHits.length; i++) {
    const a = thingHits[i] as Hit;
    const b = thingHits[i + 1] as Hit;
    const words = between(a.index, b.index);
    if (words.some((w) => w === 'over' || w === 'above')) {
      const flier = things.find((t) => t.kind === thingOf(a));
      if (flier) flier.over = thingOf(b) ?? null;
    }
  }

  const personNamed = hits.some((h) => !h.negated && PERSON_NOUNS.has(h.key)) || hairHue !== null;
  const creatures = things.filter((t) => t.family === 'animal' || t.family === 'creature');
  if (creatures.length && !personNamed) {
    // "a cat astronaut", "my dog wearing sunglasses": the animal takes the role; no person is drawn.
    const animal = creatures[0] as Thing;
    animal.wearing = [...person.props];
    animal.helmet = person.helmet;
    if (eyeHue) animal.eyes = eyeHue.effects.find((e): e is { hue: number } => 'hue' in e)?.hue ?? null;
    const index = subjects.indexOf('portrait');
    if (index >= 0) subjects.splice(index, 1);
    person.props = [];
    person.helmet = false;
  }
  const drawsPerson =
    subjects.includes('portrait') ||
    (hairHue !== null && !creatures.length) ||
    (eyeHue !== null && !creatures.length);
  if (drawsPerson) {
    // Things a person holds are props, not separate subjects.
    for (const [kind, prop] of Object.entries(THING_PROPS) as [ThingKind, Prop][]) {
      const index = things.findIndex((t) => t.kind === kind);
      if (index < 0) continue;
      const [thing] = things.splice(index, 1);
      push(person.props, prop);
      if (thing?.hue != null) person.propHues[prop] = thing.hue;
      for (let i = colors.length - 1; i >= 0; i--) if (colors[i]?.thing === kind) colors.splice(i, 1);
    }
  }
  for (const c of colors) {
    if (c.thing && !things.some((t) => t.kind === c.thing)) delete c.thing;
  }
  person.age =
    statedAge ?? nounAge ?? hits.map((h) => NOUN_AGE[h.key]).find((a) => a !== undefined) ?? 'adult';
  if (person.age === 'old' && person.hair === null && !hairHue) person.hair = 'white';

  // "golden sunset": golden is a colour, but with sunset/sunrise it is also the light.
  if (hairHue && !creatures.length) {
    const hue = hairHue.effects.find((e): e is { hue: number } => 'hue' in e);
    const word = hairHue.key;
    if (word === 'black' || word === 'dark') person.hair = 'black';
    else if (word === 'white' || word === 'silver' || word === 'grey' || word === 'gray')
      person.hair = 'white';
    else if (word === 'brown') person.hair = 'brown';
    else if (word === 'golden' || word === 'gold' || word === 'yellow') person.hair = 'blonde';
    else if (word === 'red' || word === 'orange' || word === 'copper') person.hair = 'red';
    else if (hue) person.hair = { hue: hue.hue };
    push(subjects, 'portrait');
  }
  if (eyeHue && !creatures.length) {
    const hue = eyeHue.effects.find((e): e is { hue: number } => 'hue' in e);
    if (hue) person.eyes = hue.hue;
    push(subjects, 'portrait');
  }

  const isSuppressed = (feature: Feature): boolean => suppressedFeatures.has(feature);
  let kept = subjects.filter((subject) => !suppressedSubjects.has(subject));
  for (const mood of suppressedMoods) {
    const index = moods.indexOf(mood);
    if (index >= 0) moods.splice(index, 1);
  }
  const keptFeatures = features.filter((feature) => !isSuppressed(feature));

  // Still lifes: "goldfish in a bowl" is a fishbowl on a table, "a vase of sunflowers" holds the flowers.
  if (
    things.some((t) => t.kind === 'fish') &&
    things.some((t) => t.kind === 'bowl') &&
    !kept.includes('ocean')
  ) {
    things.splice(
      things.findIndex((t) => t.kind === 'bowl'),
      1,
    );
    push(kept, 'interior');
  }
  if (things.some((t) => t.kind === 'vase') && kept.includes('flowers')) {
    kept = kept.filter((s) => s !== 'flowers');
    push(kept, 'interior');
  }
  // Things bring the setting they need when the prompt names none.
  const scenery = kept.filter((s) => SCENERY.includes(s));
  const first = things[0];
  if (first && !kept.includes('interior') && scenery.length === 0) {
    if (things.some((t) => t.kind === 'boat' || t.kind === 'fish' || t.kind === 'lighthouse')) {
      push(kept, 'ocean');
      if (things.some((t) => t.kind === 'fish') && !things.some((t) => t.kind === 'boat'))
        push(variants, 'lake');
      if (things.some((t) => t.kind === 'lighthouse')) push(variants, 'beach');
    } else if ((TABLETOP.has(first.kind) || first.family === 'object') && !kept.includes('portrait')) {
      push(kept, 'interior');
      push(room, 'table');
    }
  }
  if (kept.includes('interior') && first && TABLETOP.has(first.kind)) push(room, 'table');
  // An interior replaces the landscape; a room word beside real scenery ("a cabin window over the lake") does not.
  if (kept.includes('interior') && scenery.length) kept = kept.filter((s) => s !== 'interior');
  const indoor = kept.includes('interior');
  const watery = kept.includes('ocean') || kept.includes('river');
  const floating = kept.includes('space') && !kept.some((s) => SCENERY.includes(s) && s !== 'space');
  for (const thing of things) {
    const hit = thingHits.find((h) => thingOf(h) === thing.kind);
    const before = hit ? tokens[hit.index - 1] : undefined;
    const flying = before === 'flying' || before === 'floating';
    const resting = variants.includes('sleeping') && thing === creatures[0] && !flying;
    if (resting) thing.placement = TABLETOP.has(thing.kind) ? 'table' : 'ground';
    else if (FLIERS.has(thing.kind) || thing.over || flying || floating) thing.placement = 'sky';
    else if (FLOATERS.has(thing.kind)) thing.placement = watery ? 'water' : 'ground';
    else if (thing.kind === 'fish') thing.placement = watery ? 'water' : 'table';
    else if (TABLETOP.has(thing.kind) && (indoor || room.includes('table'))) thing.placement = 'table';
    else thing.placement = 'ground';
  }
  if (things.some((t) => t.placement === 'water') && !watery) push(kept, 'ocean');

  const logoSpec = logo ? { name: logoName(prompt) } : null;
  // A sky-only prompt ("the sun behind clouds", "a starry night") is a sky scene.
  let noSubject = false;
  if (kept.length === 0) {
    const skyish =
      time !== null ||
      moods.length > 0 ||
      things.length > 0 ||
      logoSpec !== null ||
      keptFeatures.some((f) => ['sun', 'moon', 'clouds', 'stars', 'birds', 'rainbow'].includes(f));
    kept = [skyish ? 'sky' : 'abstract'];
    noSubject = !skyish && !palette && colors.length === 0;
    if (!skyish && (palette || colors.length)) noSubject = false;
  }
  if (kept.length > 1 && kept.includes('sky') && kept.some((s) => s !== 'sky' && s !== 'abstract')) {
    // "sky" is implied by every landscape; keep it only as a lone subject.
    kept = kept.filter((s) => s !== 'sky');
  }

  const timeStated = time !== null;
  if (time === null) {
    if (kept.includes('aurora') || variants.includes('cyberpunk')) time = 'night';
    else if (kept.includes('space') && kept.length === 1) time = 'night';
    else if (
      (keptFeatures.includes('stars') || keptFeatures.includes('moon')) &&
      !keptFeatures.includes('sun')
    )
      time = 'night';
    else if (kept.includes('space')) time = 'night';
    else if (variants.includes('neon')) time = 'night';
    else if (colors.some((c) => c.word === 'golden' && !c.thing)) time = 'golden-hour';
    else time = 'day';
  }
  if (kept.includes('sunset') && (time === 'day' || time === 'night') && !timeStated) time = 'sunset';

  const hues = colors.filter((c) => !c.thing).map((c) => c.hue);
  const subjectLabel = (subject: Subject): string =>
    subject === 'sunset' && (time === 'sunrise' || time === 'golden-hour') ? time.replace('-', ' ') : subject;
  const thingLabel = (thing: Thing): string => {
    const colour =
      colors.find((c) => c.thing === thing.kind)?.word ?? tones.find((t) => t.thing === thing.kind)?.word;
    const parts = [colour, thing.count > 1 ? `${thing.kind}s` : thing.kind].filter(Boolean).join(' ');
    const extras = [thing.helmet ? 'space helmet' : '', ...thing.wearing].filter(Boolean);
    const over = thing.over ? ` over ${thing.over}` : '';
    return `${parts}${extras.length ? ` in ${extras.join(', ')}` : ''}${over}`;
  };
  const summaryParts: string[] = [];
  if (logoSpec) summaryParts.push(`logo${logoSpec.name ? ` "${logoSpec.name}"` : ''}`);
  if (noSubject) summaryParts.push('no subject recognised: abstract');
  else {
    const named = [
      ...things.map(thingLabel),
      ...kept.filter((s) => !(s === 'sky' && things.length)).map(subjectLabel),
    ];
    summaryParts.push(named.join(' + '));
  }
  if (view === 'top') summaryParts.push('seen from above');
  if (timeStated && !(kept.includes('sunset') && (time === 'sunset' || time === 'sunrise')))
    summaryParts.push(time.replace('-', ' '));
  const sceneColours = colors.filter((c) => !c.thing && c.word !== 'autumn');
  if (sceneColours.length) summaryParts.push(sceneColours.map((c) => c.word).join(' and '));
  if (palette) summaryParts.push(palette);
  if (moods.length) summaryParts.push(moods.join(', '));
  if (camera !== 'normal') summaryParts.push(camera);
  if (kept.includes('portrait')) {
    const traits: string[] = [];
    if (person.age !== 'adult' && person.age !== 'child') traits.push(person.age);
    const child = person.age === 'child';
    if (person.figure !== 'neutral')
      traits.push(person.figure === 'feminine' ? (child ? 'girl' : 'woman') : child ? 'boy' : 'man');
    if (person.role) traits.push(person.role);
    if (hairHue || typeof person.hair === 'string') traits.push(`${hairHue?.key ?? person.hair} hair`);
    if (eyeHue) traits.push(`${eyeHue.key} eyes`);
    if (person.smile) traits.push('smiling');
    if (person.glasses) traits.push('glasses');
    if (person.beard) traits.push('beard');
    if (person.props.length) traits.push(`with ${person.props.join(', ')}`);
    if (traits.length) summaryParts.push(traits.join(', '));
  }
  if (suppressed.length) summaryParts.push(`without ${suppressed.join(', ')}`);

  for (const feature of suppressedFeatures) push(suppressed, feature);

  return {
    subjects: kept,
    variants,
    time,
    timeStated,
    colors,
    hues,
    moods,
    camera,
    palette,
    features: keptFeatures,
    suppressed,
    person,
    things,
    room,
    view,
    logo: logoSpec,
    noSubject,
    unrecognized: [...new Set(unknown)],
    summary: summaryParts.filter(Boolean).join(', '),
  };
}

/** Whether a feature should be drawn: asked for, or implied, and not suppressed. */
export function allows(spec: SceneSpec, feature: Feature): boolean {
  return !spec.suppressed.includes(feature);
}
