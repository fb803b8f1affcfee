import { DARK_SCHEME_QUERY } from '../lib/theme';

type Listener = (event: MediaQueryListEvent) => void;

let prefersDark = false;
const listeners = new Set<Listener>();

/** jsdom has no matchMedia; this one answers the colour-scheme query from a switch. */
export function installMatchMedia(): void {
  prefersDark = false;
  listeners.clear();
  window.matchMedia = (query: string) => {
    const isDarkQuery = query === DARK_SCHEME_QUERY;
    return {
      media: query,
      matches: isDarkQuery && prefersDark,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => {
        if (isDarkQuery) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/** Flips the system colour scheme and tells every listener, as a browser would. */
export function setSystemPrefersDark(dark: boolean): void {
  prefersDark = dark;
  listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent));
}
