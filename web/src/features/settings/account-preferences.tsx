import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { useTheme } from '../../app/theme-provider';
import { useLocale } from '../../i18n/i18n-provider';
import { useT } from '../../i18n/use-t';
import { setDisplayTimeZone } from '../../lib/format';
import { useUser } from '../auth/auth-provider';
import { settingsQueryOptions, useSaveSettings } from './api';

interface AccountPreferences {
  /** False when the account turned animations off (page transitions and UI motion stop). */
  animationsEnabled: boolean;
  compactMode: boolean;
  /** Settings → Preload: the next library page's thumbnails and likely next pages are prefetched. */
  preloadAssets: boolean;
  /** Settings → Time zone: 'auto' (this browser's) or an IANA zone; every date is shown in it. */
  timezone: string;
}

const DEFAULTS: AccountPreferences = {
  animationsEnabled: true,
  compactMode: false,
  preloadAssets: true,
  timezone: 'auto',
};
const AccountPreferencesContext = createContext<AccountPreferences>(DEFAULTS);

/**
 * Puts the signed-in account's appearance settings into effect:
 * - theme, both ways: a theme chosen with the toggle (or in Settings) is saved to the account, and an
 *   account that has a theme (light or dark) brings it to this browser when it signs in. An account still
 *   on the default 'system' takes this browser's explicit choice instead of overriding it;
 * - compact mode and animations, as classes on <html> (see styles.css) and through `useAccountPreferences`;
 * - the time zone of every date shown (lib/format.ts), set before the pages render;
 * - the language: the account's setting is the interface's language once signed in (and is remembered on
 *   this device, so the next visit starts in it);
 * - Cache: the service worker and this device's caches follow it (features/pwa/cache-sync.ts);
 * - Preload, through `useAccountPreferences` (features/pwa/preload.ts).
 */
export function AccountPreferencesProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const t = useT();
  const { theme, setTheme, onThemeChosen } = useTheme();
  const settings = useQuery({ ...settingsQueryOptions(), enabled: user !== null });
  const data = user ? settings.data : undefined;
  const previousTheme = useRef(theme);
  const signedIn = useRef(false);
  signedIn.current = user !== null;
  const adoptedFor = useRef<string | null>(null);
  const save = useSaveSettings('theme', {
    name: t('app.theme.label'),
    onRollback: (patch) => {
      if (patch.theme) setTheme(previousTheme.current, { fromAccount: true });
    },
  });
  const { mutate } = save;

  useEffect(
    () =>
      onThemeChosen((next, previous) => {
        if (!signedIn.current) return;
        previousTheme.current = previous;
        mutate({ theme: next });
      }),
    [onThemeChosen, mutate],
  );

  useEffect(() => {
    if (!user) {
      adoptedFor.current = null;
      return;
    }
    if (!data || adoptedFor.current === user.id) return;
    adoptedFor.current = user.id;
    if (data.theme === theme) return;
    if (data.theme === 'system') mutate({ theme });
    else setTheme(data.theme, { fromAccount: true });
  }, [user, data, theme, setTheme, mutate]);

  // Only a change of the account's setting switches the language (a switch made elsewhere saves the
  // setting first), so the locale shown is read through a ref, not a dependency.
  const { locale, setLocale } = useLocale();
  const shownLocale = useRef(locale);
  shownLocale.current = locale;
  const language = data?.language;
  useEffect(() => {
    if (language && language !== shownLocale.current) void setLocale(language);
  }, [language, setLocale]);

  const preferences = useMemo<AccountPreferences>(
    () =>
      data
        ? {
            animationsEnabled: data.animationsEnabled,
            compactMode: data.compactMode,
            preloadAssets: data.preloadAssets,
            timezone: data.timezone,
          }
        : DEFAULTS,
    [data],
  );
  // Before the children render, so every date they format is in the account's zone.
  setDisplayTimeZone(preferences.timezone);

  // Settings → Cache: tell the service worker (and store it for the worker's next start); off empties
  // this device's caches. Loaded on demand: the worker code stays out of the first load.
  const cacheEnabled = data?.cacheEnabled;
  const appliedCache = useRef<boolean | null>(null);
  useEffect(() => {
    if (cacheEnabled === undefined || appliedCache.current === cacheEnabled) return;
    appliedCache.current = cacheEnabled;
    import('../pwa/cache-sync')
      .then(({ applyCachePolicy }) => applyCachePolicy(cacheEnabled))
      .catch((error: unknown) => console.error('[pwa] cache policy', error));
  }, [cacheEnabled]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('compact', preferences.compactMode);
    root.classList.toggle('reduce-motion', !preferences.animationsEnabled);
  }, [preferences]);

  return <AccountPreferencesContext value={preferences}>{children}</AccountPreferencesContext>;
}

export function useAccountPreferences(): AccountPreferences {
  return useContext(AccountPreferencesContext);
}
