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
