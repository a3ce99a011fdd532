import { SETTINGS_OPTIONS } from '@kaleido/common/browser';

/** Keep in step with the theme script in web/index.html, which applies the theme before first paint. */
export const THEME_STORAGE_KEY = 'kaleido-theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';
/** The browser chrome colour (meta theme-color) of each theme: the page background. */
export const THEME_COLORS = { light: '#f6f6f8', dark: '#0b0b10' } as const;

export type Theme = (typeof SETTINGS_OPTIONS.themes)[number];
export type ResolvedTheme = 'light' | 'dark';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (SETTINGS_OPTIONS.themes as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this visit only.
  }
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/** Puts the theme on <html>: the `dark` class, `color-scheme` and the theme-color meta. */
export function applyTheme(resolved: ResolvedTheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  meta.content = THEME_COLORS[resolved];
}
