import type { TLocale } from '@kaleido/common/browser';
import type { Messages } from './catalogs/en';

/** One chunk per language: a language's catalog is downloaded only when it is shown. */
const loaders: Record<TLocale, () => Promise<{ default: Messages }>> = {
  en: () => import('./catalogs/en'),
  es: () => import('./catalogs/es'),
  fr: () => import('./catalogs/fr'),
  de: () => import('./catalogs/de'),
  zh: () => import('./catalogs/zh'),
};

const loaded = new Map<TLocale, Messages>();
const pending = new Map<TLocale, Promise<Messages>>();

/** The catalog of `locale` if it has been loaded already (a first render can then be synchronous). */
export function loadedMessages(locale: TLocale): Messages | undefined {
  return loaded.get(locale);
}

/** Loads (once) the catalog of `locale`. A failed download is forgotten so a later call retries. */
export function loadMessages(locale: TLocale): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale]().then(
      (module) => {
        loaded.set(locale, module.default);
        pending.delete(locale);
        return module.default;
      },
      (error: unknown) => {
        pending.delete(locale);
        throw error;
      },
    );
    pending.set(locale, promise);
  }
  return promise;
}
