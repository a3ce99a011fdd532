// Runs synchronously in <head> before first paint so the page never flashes the wrong theme.
// Keep the key, class and colours in step with web/src/app/theme.ts.
(() => {
  const root = document.documentElement;
  let dark = false;
  try {
    const stored = window.localStorage.getItem('kaleido-theme');
    dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  }
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#0b0b10' : '#f6f6f8');
})();

// The page's language before first paint (fonts, hyphenation and line breaking follow `lang`): this
// device's earlier choice, else the browser's first supported language. Keep the key and tags in step
// with web/src/i18n/locale-state.ts and common/src/i18n/locales.ts; the app confirms it when it renders.
(() => {
  const tags = { en: 'en', es: 'es', fr: 'fr', de: 'de', zh: 'zh-Hans' };
  let chosen = null;
  try {
    chosen = window.localStorage.getItem('kaleido.language');
  } catch {
    chosen = null;
  }
  const candidates = chosen ? [chosen] : Array.from(navigator.languages ?? [navigator.language ?? 'en']);
  for (const candidate of candidates) {
    const primary = String(candidate).toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(tags, primary)) {
      document.documentElement.lang = tags[primary];
      return;
    }
  }
})();
