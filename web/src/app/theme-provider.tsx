import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useMediaQuery } from '../lib/use-media-query';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  type ResolvedTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  type Theme,
} from './theme';

interface ThemeContextValue {
  /** The chosen theme: 'light', 'dark' or 'system' (the default, following the operating system). */
  theme: Theme;
  /** What is on screen now. */
  resolvedTheme: ResolvedTheme;
  /**
   * Applies and remembers a theme. A person's choice (the default) is reported to the choice listeners,
   * which keep the account setting in step; `{ fromAccount: true }` applies the account's value quietly.
   */
  setTheme: (theme: Theme, options?: { fromAccount?: boolean }) => void;
  /** Switches to the opposite of what is on screen and remembers the choice. */
  toggleTheme: () => void;
  /** Hears every theme a person chooses (toggle or settings), with the one before it. Returns the unsubscribe. */
  onThemeChosen: (listener: ThemeChoiceListener) => () => void;
}

type ThemeChoiceListener = (theme: Theme, previous: Theme) => void;

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const systemPrefersDark = useMediaQuery(DARK_SCHEME_QUERY);
  const resolvedTheme = resolveTheme(theme, systemPrefersDark);

  useLayoutEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  const listeners = useRef(new Set<ThemeChoiceListener>());
  const current = useRef(theme);
  current.current = theme;

  const setTheme = useCallback((next: Theme, options: { fromAccount?: boolean } = {}) => {
    const previous = current.current;
    storeTheme(next);
    setThemeState(next);
    current.current = next;
    if (!options.fromAccount && next !== previous) {
      for (const listener of listeners.current) listener(next, previous);
    }
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme(resolvedTheme === 'dark' ? 'light' : 'dark');
  }, [resolvedTheme, setTheme]);

  const onThemeChosen = useCallback((listener: ThemeChoiceListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme, toggleTheme, onThemeChosen }),
    [theme, resolvedTheme, setTheme, toggleTheme, onThemeChosen],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
