type Listener = (event: MediaQueryListEvent) => void;

const state = new Map<string, boolean>();
const listeners = new Map<string, Set<Listener>>();

/** A controllable window.matchMedia: queries match when `matches[query]` is true. */
export function installMatchMedia(matches: Record<string, boolean> = {}): void {
  state.clear();
  listeners.clear();
  for (const [query, value] of Object.entries(matches)) state.set(query, value);
  window.matchMedia = (query: string): MediaQueryList => {
    const list: MediaQueryList = {
      get matches() {
        return state.get(query) ?? false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => {
        if (!listeners.has(query)) listeners.set(query, new Set());
        listeners.get(query)?.add(listener);
      },
      removeEventListener: (_type: string, listener: Listener) => {
        listeners.get(query)?.delete(listener);
      },
      addListener: (listener: Listener) => list.addEventListener('change', listener),
      removeListener: (listener: Listener) => list.removeEventListener('change', listener),
      dispatchEvent: () => true,
    } as MediaQueryList;
    return list;
  };
}

/** Changes a media query's answer and tells its listeners, as the browser does. */
export function setMediaQuery(query: string, value: boolean): void {
  state.set(query, value);
  for (const listener of listeners.get(query) ?? []) {
    listener({ matches: value, media: query } as MediaQueryListEvent);
  }
}
