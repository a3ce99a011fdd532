/**
 * Prompt → scene spec through a hand-written lexicon (no ML). The result is shown to the user as
 * `details.interpretation`, so it must be honest about what was understood and what was not.
 */

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
  | 'futuristic';

export interface PersonTraits {
  figure: 'feminine' | 'masculine' | 'neutral';
  /** Hue of the hair when a colour was given ("red hair", "blonde"), else null. */
  hair: 'blonde' | 'brown' | 'black' | 'red' | 'white' | { hue: number } | null;
  eyes: number | null;
  smile: boolean;
  glasses: boolean;
  beard: boolean;
  helmet: boolean;
}

export interface NamedHue {
  word: string;
  hue: number;
  /** The subject the colour describes ("green hills" → mountains), when it precedes one. */
  target?: Subject;
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
  | { hue: number };

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
  bird: [F('birds')],
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
  boat: [F('boats')],
  boats: [F('boats')],
  sailboat: [F('boats')],
  ship: [F('boats')],
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
    const effects = LEXICON[key];
    if (effects) return { key, effects };
    const hue = COLOR_WORDS[key];
    if (hue !== undefined) return { key, effects: [H(hue)] };
  }
  return null;
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

export function interpretPrompt(prompt: string, negativePrompt = ''): SceneSpec {
  const { hits, unknown, hairHue, eyeHue } = scan(prompt);
  const negative = scan(negativePrompt).hits;

  const subjects: Subject[] = [];
  const variants: Variant[] = [];
  const moods: Mood[] = [];
  const features: Feature[] = [];
  const suppressed: string[] = [];
  const colors: NamedHue[] = [];
  let time: TimeOfDay | null = null;
  let camera: Camera = 'normal';
  let palette: NamedPalette | null = null;
  const person: PersonTraits = {
    figure: 'neutral',
    hair: null,
    eyes: null,
    smile: false,
    glasses: false,
    beard: false,
    helmet: false,
  };

  const suppressedSubjects = new Set<Subject>();
  const suppressedFeatures = new Set<Feature>();
  const suppressedMoods = new Set<Mood>();
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
      if ('mood' in effect) suppressedMoods.add(effect.mood);
      if ('time' in effect && effect.time === 'night') suppressedFeatures.add('stars');
    }
  };
  for (const hit of negative) suppress(hit);
  for (const hit of hits) if (hit.negated) suppress(hit);

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
      else if ('hue' in effect) {
        if (colors.some((c) => c.word === hit.key)) continue;
        // A colour right before a subject word describes that subject ("green hills", "red flowers").
        const noun = hits.find(
          (other) =>
            other.index > hit.index &&
            other.index <= hit.index + 2 &&
            other.effects.some((e) => 'subject' in e),
        );
        const target = noun?.effects.find((e): e is { subject: Subject } => 'subject' in e)?.subject;
        colors.push(target ? { word: hit.key, hue: effect.hue, target } : { word: hit.key, hue: effect.hue });
      }
    }
  }
  // "golden sunset": golden is a colour, but with sunset/sunrise it is also the light.
  if (hairHue) {
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
  if (eyeHue) {
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

  // A sky-only prompt ("the sun behind clouds", "a starry night") is a sky scene.
  if (kept.length === 0) {
    const skyish =
      time !== null ||
      moods.length > 0 ||
      keptFeatures.some((f) => ['sun', 'moon', 'clouds', 'stars', 'birds', 'rainbow'].includes(f));
    kept = [skyish ? 'sky' : 'abstract'];
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
    else if (colors.some((c) => c.word === 'golden')) time = 'golden-hour';
    else time = 'day';
  }
  if (kept.includes('sunset') && (time === 'day' || time === 'night') && !timeStated) time = 'sunset';

  const hues = colors.map((c) => c.hue);
  const subjectLabel = (subject: Subject): string =>
    subject === 'sunset' && (time === 'sunrise' || time === 'golden-hour') ? time.replace('-', ' ') : subject;
  const summaryParts: string[] = [kept.map(subjectLabel).join(' + ')];
  if (timeStated && !(kept.includes('sunset') && (time === 'sunset' || time === 'sunrise')))
    summaryParts.push(time.replace('-', ' '));
  if (colors.length) summaryParts.push(colors.map((c) => c.word).join(' and '));
  if (palette) summaryParts.push(palette);
  if (moods.length) summaryParts.push(moods.join(', '));
  if (camera !== 'normal') summaryParts.push(camera);
  if (kept.includes('portrait')) {
    const traits: string[] = [];
    if (person.figure !== 'neutral') traits.push(person.figure === 'feminine' ? 'woman' : 'man');
    if (hairHue || typeof person.hair === 'string') traits.push(`${hairHue?.key ?? person.hair} hair`);
    if (eyeHue) traits.push(`${eyeHue.key} eyes`);
    if (person.smile) traits.push('smiling');
    if (person.glasses) traits.push('glasses');
    if (person.beard) traits.push('beard');
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
    unrecognized: [...new Set(unknown)],
    summary: summaryParts.join(', '),
  };
}

/** Whether a feature should be drawn: asked for, or implied, and not suppressed. */
export function allows(spec: SceneSpec, feature: Feature): boolean {
  return !spec.suppressed.includes(feature);
}
