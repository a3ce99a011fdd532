import type { TLocale } from '@kaleido/common/browser';
import { AREAS, type Area, loadArea } from './catalogs/areas';
import type { Messages } from './catalogs/en';
import PAGE_AREAS from './page-areas.json';

export type { Area } from './catalogs/areas';

/**
 * page-areas.json: `shell`, the areas every page shows (navigation, footer, language switcher, toasts,
 * the offline queue); `modules`, per lazily loaded module (a page, as routes.tsx imports it, or a lazy
 * part of the shell; its path under src/) the areas it shows beyond the shell's. page-areas.test.ts
 * checks both against the ids the modules' code uses; web/scripts read it to count a route's bytes.
 */
export type PageKey = keyof typeof PAGE_AREAS.modules;

function isArea(value: string): value is Area {
  return (AREAS as readonly string[]).includes(value);
}

/** The areas every page shows. */
export const SHELL_AREAS: readonly Area[] = PAGE_AREAS.shell.filter(isArea);

/** The areas a lazily loaded page or part of the shell shows beyond the shell's. */
export function pageAreas(page: PageKey): Area[] {
  const areas: readonly string[] = PAGE_AREAS.modules[page];
  return areas.filter(isArea);
}

/**
 * A language's catalog is one object that only grows: an area's messages are merged into it as they
 * arrive. Message ids are unique across areas (catalogs.test.ts), so a text already shown never changes,
 * and the formatter made from the object (I18nProvider) finds the new ids without being made again.
 */
const catalogs = new Map<TLocale, Record<string, string>>();
/** Per language, the areas merged or under way. */
const areaLoads = new Map<TLocale, Map<Area, Promise<void>>>();
/** Every area some page asked for: a language shown later gets them all before it shows. */
const wanted = new Set<Area>(SHELL_AREAS);
const loaded = new Map<TLocale, Messages>();
const pending = new Map<TLocale, Promise<Messages>>();

/** Loads one area of one language into its catalog (once; a failed download is forgotten, so it retries). */
function loadAreaOf(locale: TLocale, area: Area): Promise<void> {
  const loads = areaLoads.get(locale) ?? new Map<Area, Promise<void>>();
  areaLoads.set(locale, loads);
  let load = loads.get(area);
  if (!load) {
    const catalog = catalogs.get(locale) ?? {};
    catalogs.set(locale, catalog);
    load = loadArea(locale, area).then(
      (messages) => {
        Object.assign(catalog, messages);
      },
      (error: unknown) => {
        loads.delete(area);
        throw error;
      },
    );
    loads.set(area, load);
  }
  return load;
}

/**
 * Loads `areas` in every language that is shown or on its way (a page's lazy route calls this beside
 * its own chunk, so the page never renders before its texts). A language asked for later loads them too.
 */
export async function loadAreas(areas: readonly Area[]): Promise<void> {
  for (const area of areas) wanted.add(area);
  await Promise.all([...catalogs.keys()].flatMap((locale) => areas.map((area) => loadAreaOf(locale, area))));
}

/** Every area, in every language loaded or loaded later (tests that render any screen). */
export function loadAllAreas(): Promise<void> {
  return loadAreas(AREAS);
}

/** The catalog of `locale` if it has been loaded already (a first render can then be synchronous). */
export function loadedMessages(locale: TLocale): Messages | undefined {
  return loaded.get(locale);
}

/**
 * Loads (once) the catalog of `locale`: the shell's areas and every area asked for so far, including
 * those asked for while it loads. A failed download is forgotten so a later call retries.
 */
export function loadMessages(locale: TLocale): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    if (!catalogs.has(locale)) catalogs.set(locale, {});
    const complete = async (): Promise<Messages> => {
      for (;;) {
        const asked = [...wanted];
        await Promise.all(asked.map((area) => loadAreaOf(locale, area)));
        if (wanted.size === asked.length) break;
      }
      // The object stays the language's catalog: areas asked for later are merged into it.
      const catalog = catalogs.get(locale) ?? {};
      return catalog as Messages;
    };
    promise = complete().then(
      (messages) => {
        loaded.set(locale, messages);
        pending.delete(locale);
        return messages;
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
