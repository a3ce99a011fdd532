/** Keep in step with web/src/prerendered.ts. */
export const START_CONFIG: { hintKey: string; startedEvent: string; lang: string; meUrl: string };

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
