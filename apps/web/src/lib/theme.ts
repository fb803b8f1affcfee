import { LocalKey } from './storage-keys';

export type Theme = 'light' | 'dark';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The visitor's stored choice, if any ('light' or 'dark' in local storage). */
export function storedTheme(): Theme | null {
  // A page rendered on the server (entry-server.tsx) has no storage: no choice.
  if (typeof localStorage === 'undefined') return null;
  const value = localStorage.getItem(LocalKey.theme);
  return value === 'light' || value === 'dark' ? value : null;
}

export function storeTheme(theme: Theme): void {
  localStorage.setItem(LocalKey.theme, theme);
}

/** The system's theme; light where there is no screen (a server rendering the page). */
export function systemTheme(): Theme {
  if (typeof window === 'undefined') return 'light';
  return window.matchMedia(DARK_SCHEME_QUERY).matches ? 'dark' : 'light';
}

/** Puts the theme on <html>, where the CSS variables of styles/global.css pick it up. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}
