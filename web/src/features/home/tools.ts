import { APP_ROUTES, EXPERIMENTAL_TOOLS, PRODUCT_NAME } from '@kaleido/common/browser';
import {
  AudioLines,
  Box,
  Clapperboard,
  GraduationCap,
  ImageIcon,
  LayoutGrid,
  type LucideIcon,
  Maximize2,
  PenLine,
  Zap,
} from 'lucide-react';
import type { MessageId } from '../../i18n/catalogs/en';
import type { MessageValues } from '../../i18n/use-t';

export interface Tool {
  id: string;
  /** Catalog ids of the name and the one-line description (`descriptionValues` fills its placeholders). */
  title: MessageId;
  description: MessageId;
  descriptionValues?: MessageValues;
  icon: LucideIcon;
  isNew: boolean;
  /** Where 'Open' leads; tools without a route are not available yet and say so. */
  to?: string;
  /** Tailwind gradient classes of the icon chip. */
  accent: string;
  /** In EXPERIMENTAL_TOOLS: shown only with Settings → Experimental features on, with a badge. */
  experimental?: boolean;
}

/** The eight tool tiles of the home page (spec section 2, "Generate section"). */
export const TOOLS: readonly Tool[] = [
  {
    id: 'image',
    title: 'home.tools.image.title',
    description: 'home.tools.image.description',
    icon: ImageIcon,
    isNew: true,
    to: APP_ROUTES.generateImage,
    accent: 'from-violet-500 to-fuchsia-500',
  },
  {
    id: 'video',
    title: 'home.tools.video.title',
    description: 'home.tools.video.description',
    icon: Clapperboard,
    isNew: false,
    to: APP_ROUTES.generateVideo,
    accent: 'from-rose-500 to-orange-400',
  },
  {
    id: 'realtime',
    title: 'home.tools.realtime.title',
    description: 'home.tools.realtime.description',
    icon: Zap,
    isNew: false,
    to: APP_ROUTES.realtime,
    accent: 'from-amber-400 to-yellow-300',
  },
  {
    id: 'enhancer',
    title: 'home.tools.enhancer.title',
    description: 'home.tools.enhancer.description',
    icon: Maximize2,
    isNew: true,
    to: APP_ROUTES.enhance,
    accent: 'from-emerald-400 to-teal-500',
  },
  {
    id: 'edit',
    title: 'home.tools.edit.title',
    description: 'home.tools.edit.description',
    icon: PenLine,
    isNew: true,
    to: APP_ROUTES.edit,
    accent: 'from-sky-400 to-blue-500',
  },
  {
    id: 'video-lipsync',
    title: 'home.tools.lipsync.title',
    description: 'home.tools.lipsync.description',
    icon: AudioLines,
    isNew: true,
    to: APP_ROUTES.lipsync,
    accent: 'from-pink-500 to-rose-400',
  },
  {
    id: 'train',
    title: 'home.tools.train.title',
    description: 'home.tools.train.description',
    descriptionValues: { product: PRODUCT_NAME },
    icon: GraduationCap,
    isNew: false,
    to: APP_ROUTES.train,
    accent: 'from-indigo-500 to-violet-400',
  },
  {
    id: '3d-objects',
    title: 'home.tools.objects3d.title',
    description: 'home.tools.objects3d.description',
    icon: Box,
    isNew: false,
    to: APP_ROUTES.threeD,
    accent: 'from-cyan-400 to-sky-500',
  },
];

/** The look and the catalog texts of each experimental tool, by its id in EXPERIMENTAL_TOOLS. */
const EXPERIMENTAL_LOOKS: Record<string, Pick<Tool, 'icon' | 'accent' | 'title' | 'description'>> = {
  'prompt-variations': {
    icon: LayoutGrid,
    accent: 'from-fuchsia-500 to-violet-500',
    title: 'experimental.promptVariations.title',
    description: 'experimental.promptVariations.description',
  },
};

/** The experimental tools of the registry (common's EXPERIMENTAL_TOOLS) as tiles. */
const EXPERIMENTAL_TILES: readonly Tool[] = EXPERIMENTAL_TOOLS.flatMap((tool) => {
  const look = EXPERIMENTAL_LOOKS[tool.id];
  // A tool needs its texts in the catalogs before it gets a tile.
  if (!look) return [];
  return [{ id: tool.id, to: tool.route, isNew: false, experimental: true, ...look }];
});

/** The tiles to show: the eight tools, then the experimental ones when the person opted in. */
export function visibleTools(experimentalFeatures: boolean): readonly Tool[] {
  return experimentalFeatures ? [...TOOLS, ...EXPERIMENTAL_TILES] : TOOLS;
}
