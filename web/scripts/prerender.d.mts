/** Keep in step with web/src/prerendered.ts. */
export const START_CONFIG: {
  hintKey: string;
  startedEvent: string;
  lang: string;
  meUrl: string;
  startNowMeta: string;
};

/** The page variants the server picks instead of a page, and which served value picks them. */
export const VARIANTS: Array<{ name: string; path: string; when: 'socialSignIn' }>;

/** What served.json tells the server about the values a prerendered page shows. */
export function servedManifest(input: {
  BAKED_VALUES: { startingCredits: number; origin: string; socialSignIn: boolean };
  ORIGIN_SLOT: string;
  SERVED_VALUES_ID: string;
  credits: { baked: string; forms: Record<string, string> };
  variants: Record<string, Record<string, string>>;
}): {
  baked: { startingCredits: number; origin: string; socialSignIn: boolean };
  originSlot: string;
  lang: string;
  dataId: string;
  startNowMeta: string;
  startingCredits: { text: string; forms: Record<string, string> };
  variants: Record<string, Record<string, string>>;
};

/** The public pages the build prerenders (`status` 404: the page of unknown paths). */
export const PRERENDERED: Array<{ name: string; path: string; status: number }>;

/** The start module's code, run in the browser by the module deferScripts writes. */
export function startOnIntent(config: typeof START_CONFIG & { entry: string; preloads: string[] }): void;

/** The prerendered pages' start module and the shell without the scripts it now starts. */
export function deferScripts(shell: string): { source: string; shell: string };

/** CSP sources ('sha256-…') of the inline scripts of `html`. */
export function inlineScriptHashes(html: string): string[];

/** A rendered page put into the built shell. */
export function pageHtml(shell: string, rendered: string): string;
