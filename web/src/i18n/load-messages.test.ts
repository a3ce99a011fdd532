import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh loader: the test setup has loaded every area into the shared one already. */
async function freshLoader() {
  vi.resetModules();
  return import('./load-messages');
}

const ids = (messages: object, area: string) =>
  Object.keys(messages).filter((id) => id.startsWith(`${area}.`));

describe('loading the catalogs by area', () => {
  let loader: Awaited<ReturnType<typeof freshLoader>>;
  beforeEach(async () => {
    loader = await freshLoader();
  });

  it('loads a language with the shell’s areas only', async () => {
    const messages = await loader.loadMessages('en');
    expect(ids(messages, 'app').length).toBeGreaterThan(10);
    expect(ids(messages, 'pwa').length).toBeGreaterThan(0);
    expect(ids(messages, 'settings')).toEqual([]);
    expect(ids(messages, 'library')).toEqual([]);
    expect(ids(messages, 'api')).toEqual([]);
  });

  it('adds a page’s areas to the language shown before the page renders', async () => {
    const messages = await loader.loadMessages('fr');
    await loader.loadAreas(loader.pageAreas('features/library/library-page'));
    expect(ids(messages, 'library').length).toBeGreaterThan(10);
    // What only the library's dialogs show loads with them.
    expect(ids(messages, 'sharing')).toEqual([]);
    await loader.loadAreas(loader.pageAreas('features/library/library-dialogs'));
    expect(ids(messages, 'sharing').length).toBeGreaterThan(0);
    expect(loader.loadedMessages('fr')).toBe(messages);
  });

  it('gives a language switched to later every area asked for so far', async () => {
    await loader.loadMessages('en');
    await loader.loadAreas(['pricing', 'api']);
    const german = await loader.loadMessages('de');
    expect(ids(german, 'pricing').length).toBeGreaterThan(0);
    expect(ids(german, 'api').length).toBeGreaterThan(10);
    expect(ids(german, 'library')).toEqual([]);
  });

  it('includes the areas a page asks for while the language is on its way', async () => {
    const english = loader.loadMessages('en');
    const spanish = loader.loadMessages('es');
    await loader.loadAreas(['billing']);
    expect(ids(await english, 'billing').length).toBeGreaterThan(0);
    expect(ids(await spanish, 'billing').length).toBeGreaterThan(0);
  });

  it('retries an area whose download failed', async () => {
    vi.doMock('./catalogs/areas', async (original) => {
      const actual = await original<typeof import('./catalogs/areas')>();
      let failures = 1;
      return {
        ...actual,
        loadArea: (
          locale: Parameters<typeof actual.loadArea>[0],
          area: Parameters<typeof actual.loadArea>[1],
        ) =>
          area === 'home' && failures-- > 0
            ? Promise.reject(new Error('offline'))
            : actual.loadArea(locale, area),
      };
    });
    loader = await freshLoader();
    const messages = await loader.loadMessages('zh');
    await expect(loader.loadAreas(['home'])).rejects.toThrow('offline');
    expect(ids(messages, 'home')).toEqual([]);
    await loader.loadAreas(['home']);
    expect(ids(messages, 'home').length).toBeGreaterThan(0);
    vi.doUnmock('./catalogs/areas');
  });
});
