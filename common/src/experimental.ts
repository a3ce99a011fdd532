import type { TApiMessageId } from './i18n/messages/en.js';
import { APP_ROUTES } from './routes.js';

/**
 * Tools marked experimental (setting `experimentalFeatures`, DECISIONS "Settings: what each one
 * does"). Every tool here works: it is built on the same jobs, credits and library as the generators.
 * Off (the default), they are hidden from the home tiles and /tools, and their page says how to turn
 * them on; on, they are shown with an "Experimental" badge.
 */
export interface ExperimentalTool {
  id: string;
  title: string;
  description: string;
  route: string;
}

export const EXPERIMENTAL_TOOLS: readonly ExperimentalTool[] = [
  {
    id: 'prompt-variations',
    title: 'Prompt variations',
    description:
      'One prompt, four seeds: four images side by side to pick from. Each is a normal image generation, charged and saved like any other.',
    route: APP_ROUTES.promptVariations,
  },
];

/** How many images Prompt variations makes (one job each). */
export const PROMPT_VARIATIONS_COUNT = 4;

/** Message ids of the experimental tools' texts. */
export const EXPERIMENTAL_MESSAGES = {
  off: 'api.experimental.off',
} as const satisfies Record<string, TApiMessageId>;
