import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while the browser takes over the HTML the server rendered (the first
 * render must match it), true from the next render on; true at once for a page rendered in the
 * browser. For what only the browser can know, such as a session kept in its storage.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
