import type { MessageId } from '../../i18n/catalogs/en';

/** The texts of an experimental tool in the interface's language (catalog ids). */
interface ExperimentalToolText {
  title: MessageId;
  description: MessageId;
}

/**
 * The title and description of each tool of common's EXPERIMENTAL_TOOLS, by id, as catalog ids (the
 * registry's English title and description are the English catalog's texts). The /tools tiles
 * (features/home/tools.ts) use the same ids.
 */
export const EXPERIMENTAL_TOOL_TEXT = {
  'prompt-variations': {
    title: 'experimental.promptVariations.title',
    description: 'experimental.promptVariations.description',
  },
} as const satisfies Record<string, ExperimentalToolText>;
