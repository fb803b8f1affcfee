import { useCallback, useSyncExternalStore } from 'react';
import { useHydrated } from '../../../hooks/use-hydrated';

/**
 * Whether a media query matches now; re-renders when that changes. False on the server and
 * while the browser takes over the server's HTML, which it must match.
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useSyncExternalStore(
    subscribe,
    // Preact (the public pages' build) asks this on the server too.
    () => typeof window !== 'undefined' && window.matchMedia(query).matches,
    () => false,
  );
  return hydrated && matches;
}

/** SPEC section 9: under 768 px is a phone. */
export const TABLET_UP = '(min-width: 768px)';
