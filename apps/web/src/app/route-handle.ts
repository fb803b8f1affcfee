import { useMatches } from 'react-router';

/** Per-route flags, set on route objects as `handle` and read by the root layout. */
export interface RouteHandle {
  /** Shows the site header and footer (SPEC section 2: /, legal pages, /auth). */
  siteChrome?: boolean;
  /** Public shop pages: always light, dark-mode toggle disabled. */
  lightOnly?: boolean;
}

/** Whether any matched route sets this flag. */
export function useRouteFlag(flag: keyof RouteHandle): boolean {
  return useMatches().some(
    ({ handle }) =>
      typeof handle === 'object' && handle !== null && (handle as RouteHandle)[flag] === true,
  );
}

/** The public pages' handle. */
export const LIGHT_ONLY: RouteHandle = { lightOnly: true };
