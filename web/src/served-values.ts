import { ACCOUNT_DEFAULTS } from '@kaleido/common/browser';

/**
 * What a prerendered page shows that belongs to the server it is served by, not to the build: the
 * credits a new account starts with (site settings), the site's origin (PUBLIC_URL: the API docs' base
 * URL and code samples) and whether social sign-in is set up (/auth's buttons). The build renders the
 * pages with BAKED_VALUES; the server (server/src/platform/http/spa.ts) fills the live credits and
 * origin into the HTML, serves /auth's variant with the buttons' placeholder when providers are set up,
 * and writes the values it served into a JSON block (`<script type="application/json">`, never run)
 * that the app's hydration renders from, so React sees the markup it renders.
 */
export interface ServedValues {
  startingCredits: number;
  /** The site's origin, or ORIGIN_SLOT in the build's pages (the server fills it in). */
  origin: string;
  /** Whether this server offers a social sign-in (what /auth shows before the list has loaded). */
  socialSignIn: boolean;
}

/** The id of the data block the server writes into a prerendered page it changed. */
export const SERVED_VALUES_ID = 'kaleido-served';

/** Where the site's origin goes in the build's pages: the server replaces it with its PUBLIC_URL's. */
export const ORIGIN_SLOT = '__KALEIDO_PUBLIC_ORIGIN__';

/** The values the build prerenders with (the site settings' and server config's defaults). */
export const BAKED_VALUES: ServedValues = {
  startingCredits: ACCOUNT_DEFAULTS.startingCredits,
  origin: ORIGIN_SLOT,
  socialSignIn: false,
};

let prerendering: ServedValues | undefined;
let read: ServedValues | undefined;

/** For the build's renderer (web/src/entry-server.tsx): the values the render under way shows, then undefined. */
export function setPrerenderValues(values: ServedValues | undefined): void {
  prerendering = values;
}

function parse(text: string | null | undefined): Partial<ServedValues> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return {};
    const { startingCredits, origin, socialSignIn } = value as Record<string, unknown>;
    return {
      ...(typeof startingCredits === 'number' && Number.isInteger(startingCredits)
        ? { startingCredits }
        : {}),
      ...(typeof origin === 'string' ? { origin } : {}),
      ...(typeof socialSignIn === 'boolean' ? { socialSignIn } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The values this page was served with: the server's data block, else the build's (a page the server
 * left as built, or none at all); while prerendering, the renderer's.
 */
export function servedValues(): ServedValues {
  if (prerendering) return prerendering;
  if (typeof document === 'undefined') return BAKED_VALUES;
  read ??= { ...BAKED_VALUES, ...parse(document.getElementById(SERVED_VALUES_ID)?.textContent) };
  return read;
}

/** Tests only: reads the data block again on next use. */
export function forgetServedValues(): void {
  read = undefined;
}
