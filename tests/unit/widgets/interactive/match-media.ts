/**
 * A controllable window.matchMedia for jsdom (which has none): understands (min-width: Npx),
 * (max-width: Npx) and (prefers-reduced-motion: reduce); `set` changes the screen and notifies
 * listeners like a real MediaQueryList.
 */
export type MediaState = { width: number; reducedMotion: boolean };

function evaluate(query: string, state: MediaState): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (min && state.width < Number(min[1])) return false;
  if (max && state.width > Number(max[1])) return false;
  if (query.includes('prefers-reduced-motion: reduce') && !state.reducedMotion) return false;
  return true;
}

export function installMatchMedia(initial: Partial<MediaState> = {}) {
  let state: MediaState = { width: 1280, reducedMotion: false, ...initial };
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) => ({
    media: query,
    get matches() {
      return evaluate(query, state);
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    set(next: Partial<MediaState>) {
      state = { ...state, ...next };
      listeners.forEach((listener) => listener());
    },
    restore() {
      Reflect.deleteProperty(window, 'matchMedia');
    },
  };
}
