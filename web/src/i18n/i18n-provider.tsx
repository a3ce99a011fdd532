import { DEFAULT_LOCALE, LOCALE_TAGS, type TLocale } from '@kaleido/common/browser';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import type { Messages } from './catalogs/en';
import { loadedMessages, loadMessages } from './load-messages';
import { initialLocale, setCurrentLocale, storeLocale } from './locale-state';

interface LocaleControl {
  /** The language shown now. */
  locale: TLocale;
  /**
   * Shows the interface in `locale` as soon as its catalog has loaded (no reload) and remembers it on
   * this device. Calls that overlap end in the last one asked for.
   */
  setLocale: (locale: TLocale) => Promise<void>;
}

const LocaleContext = createContext<LocaleControl | null>(null);
const intlCache = createIntlCache();

interface State {
  locale: TLocale;
  messages: Messages | undefined;
}

/**
 * The interface's language (DECISIONS.md "Languages"): a signed-out visitor gets this device's earlier
 * choice or the browser's languages; the account's setting takes over once signed in (applied by
 * AccountPreferencesProvider). Catalogs load lazily, one chunk per language; nothing renders until the
 * first one is there (it loads beside the first route's chunk). `<html lang>` follows.
 */
export function I18nProvider({ children, initial }: { children: ReactNode; initial?: TLocale }) {
  const [state, setState] = useState<State>(() => {
    const locale = initial ?? initialLocale();
    return { locale, messages: loadedMessages(locale) };
  });
  const latest = useRef(0);

  const setLocale = useCallback(async (locale: TLocale) => {
    const ticket = ++latest.current;
    storeLocale(locale);
    const messages = await loadMessages(locale);
    if (ticket === latest.current) setState({ locale, messages });
  }, []);

  // The first catalog, when it was not loaded before the first render. A failed download (offline
  // before the worker cached it) falls back to English, and retries while nothing can be shown.
  const firstLocale = useRef(state.locale);
  useEffect(() => {
    if (state.messages) return;
    let stopped = false;
    let attempt = 0;
    const load = (locale: TLocale) => {
      loadMessages(locale).then(
        (messages) => {
          if (!stopped) setState((now) => (now.messages ? now : { locale, messages }));
        },
        () => {
          if (stopped) return;
          attempt += 1;
          setTimeout(() => load(DEFAULT_LOCALE), Math.min(10_000, 500 * 2 ** attempt));
        },
      );
    };
    load(firstLocale.current);
    return () => {
      stopped = true;
    };
  }, [state.messages]);

  const intl = useMemo(
    () =>
      state.messages
        ? createIntl(
            { locale: LOCALE_TAGS[state.locale], defaultLocale: 'en', messages: state.messages },
            intlCache,
          )
        : undefined,
    [state.locale, state.messages],
  );
  // Before the children render: dates, numbers and the API client's Accept-Language follow at once.
  if (intl) setCurrentLocale(state.locale, intl);
  useLayoutEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[state.locale];
  }, [state.locale]);

  const control = useMemo<LocaleControl>(
    () => ({ locale: state.locale, setLocale }),
    [state.locale, setLocale],
  );
  if (!intl) return null;
  return (
    <LocaleContext value={control}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext>
  );
}

export function useLocale(): LocaleControl {
  const control = useContext(LocaleContext);
  if (!control) throw new Error('useLocale must be used inside <I18nProvider>');
  return control;
}
