import { useEffect, useState } from 'react';

/** Whether the page is the browser's: its server HTML taken over, or rendered in the browser. */
let pageIsTheBrowsers = false;

/**
 * Called by an entry once the page is the browser's: after taking the server's HTML over
 * (entry-public.tsx), or before rendering when the browser renders the page itself (main.tsx).
 */
export function pageTakenOver(): void {
  pageIsTheBrowsers = true;
}

/**
 * Whether the page being rendered is the server's HTML being taken over: what the server wrote
 * into it (such as its title) stands.
 */
export function takingOverServerPage(): boolean {
  return !pageIsTheBrowsers;
}

/**
 * False on the server and while the browser takes over the HTML the server rendered (the first
 * render must match it), true from the next render on; a component mounted once the page is the
 * browser's is true at once. For what only the browser can know, such as a session kept in its
 * storage. Written with state and an effect rather than useSyncExternalStore's server
 * snapshot, which Preact (the public pages' builds) does not honour.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageIsTheBrowsers);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
