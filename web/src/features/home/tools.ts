import { APP_ROUTES, EXPERIMENTAL_TOOLS, LIMITS, PRODUCT_NAME } from '@kaleido/common/browser';
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

export interface Tool {
  id: string;
  title: string;
  description: string;
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
    title: 'Image',
    description: 'Generate images from text with custom styles.',
    icon: ImageIcon,
    isNew: true,
    to: APP_ROUTES.generateImage,
    accent: 'from-violet-500 to-fuchsia-500',
  },
  {
    id: 'video',
    title: 'Video',
    description: 'Short videos from a prompt, with several video models.',
    icon: Clapperboard,
    isNew: false,
    to: APP_ROUTES.generateVideo,
    accent: 'from-rose-500 to-orange-400',
  },
  {
    id: 'realtime',
    title: 'Realtime',
    description: 'Instant canvas rendering that follows your prompt as you type.',
    icon: Zap,
    isNew: false,
    accent: 'from-amber-400 to-yellow-300',
  },
  {
    id: 'enhancer',
    title: 'Enhancer',
    description: `Upscale images and videos up to ${LIMITS.enhancerMaxResolutionLabel}.`,
    icon: Maximize2,
    isNew: true,
    accent: 'from-emerald-400 to-teal-500',
  },
  {
    id: 'edit',
    title: 'Edit',
    description: 'Add objects, change the style, expand photos.',
    icon: PenLine,
    isNew: true,
    accent: 'from-sky-400 to-blue-500',
  },
  {
    id: 'video-lipsync',
    title: 'Video Lipsync',
    description: 'Lip sync any video to any audio.',
    icon: AudioLines,
    isNew: true,
    accent: 'from-pink-500 to-rose-400',
  },
  {
    id: 'train',
    title: 'Train',
    description: `Teach ${PRODUCT_NAME} a style, your products or characters.`,
    icon: GraduationCap,
    isNew: false,
    accent: 'from-indigo-500 to-violet-400',
  },
  {
    id: '3d-objects',
    title: '3D Objects',
    description: 'Generate 3D objects from text or images.',
    icon: Box,
    isNew: false,
    accent: 'from-cyan-400 to-sky-500',
  },
];

const EXPERIMENTAL_LOOKS: Record<string, Pick<Tool, 'icon' | 'accent'>> = {
  'prompt-variations': { icon: LayoutGrid, accent: 'from-fuchsia-500 to-violet-500' },
};

/** The experimental tools of the registry (common's EXPERIMENTAL_TOOLS) as tiles. */
export const EXPERIMENTAL_TILES: readonly Tool[] = EXPERIMENTAL_TOOLS.map((tool) => ({
  id: tool.id,
  title: tool.title,
  description: tool.description,
  to: tool.route,
  isNew: false,
  experimental: true,
  icon: EXPERIMENTAL_LOOKS[tool.id]?.icon ?? LayoutGrid,
  accent: EXPERIMENTAL_LOOKS[tool.id]?.accent ?? 'from-violet-500 to-fuchsia-500',
}));

/** The tiles to show: the eight tools, then the experimental ones when the person opted in. */
export function visibleTools(experimentalFeatures: boolean): readonly Tool[] {
  return experimentalFeatures ? [...TOOLS, ...EXPERIMENTAL_TILES] : TOOLS;
}
