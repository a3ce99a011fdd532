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
import { useUser } from '../auth/auth-provider';
import { settingsQueryOptions, useSaveSettings } from './api';

export interface AccountPreferences {
  /** False when the account turned animations off (page transitions and UI motion stop). */
  animationsEnabled: boolean;
  compactMode: boolean;
}

const DEFAULTS: AccountPreferences = { animationsEnabled: true, compactMode: false };
const AccountPreferencesContext = createContext<AccountPreferences>(DEFAULTS);

/**
 * Puts the signed-in account's appearance settings into effect:
 * - theme, both ways: a theme chosen with the toggle (or in Settings) is saved to the account, and an
 *   account that has a theme (light or dark) brings it to this browser when it signs in. An account still
 *   on the default 'system' takes this browser's explicit choice instead of overriding it;
 * - compact mode and animations, as classes on <html> (see styles.css) and through `useAccountPreferences`.
 */
export function AccountPreferencesProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const { theme, setTheme, onThemeChosen } = useTheme();
  const settings = useQuery({ ...settingsQueryOptions(), enabled: user !== null });
  const data = user ? settings.data : undefined;
  const previousTheme = useRef(theme);
  const signedIn = useRef(false);
  signedIn.current = user !== null;
  const adoptedFor = useRef<string | null>(null);
  const save = useSaveSettings('theme', {
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

  const preferences = useMemo<AccountPreferences>(
    () => (data ? { animationsEnabled: data.animationsEnabled, compactMode: data.compactMode } : DEFAULTS),
    [data],
  );

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
