import type { ShopStatus } from '@kartlink/contracts';
import { LocalKey, SessionKey } from '../../../lib/storage-keys';

/**
 * Pages behind sign-in (the dashboard and its sections). Everything else is public: the home
 * and legal pages, /auth, the error pages, and the single- and two-segment shop and product
 * paths. The setup route itself is not gated either.
 */
export function isGatedPath(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}

interface SetupGateFacts {
  pathname: string;
  status: ShopStatus | undefined;
  /** This session was sent to the wizard before. */
  alreadyRedirected: boolean;
  /** This browser opened a public product page (local flag publicRouteAccessed). */
  publicRouteAccessed: boolean;
}

/**
 * SPEC section 2, setup gate: a shop that exists but whose setup is not complete sends the
 * owner to /shop/setup, once per session, never from a public or the setup route, and never
 * once a public page was visited.
 */
export function shouldRedirectToSetup({
  pathname,
  status,
  alreadyRedirected,
  publicRouteAccessed,
}: SetupGateFacts): boolean {
  if (!status?.hasShop || status.setupCompleted) return false;
  if (alreadyRedirected || publicRouteAccessed) return false;
  return isGatedPath(pathname);
}

export const setupGateMemory = {
  alreadyRedirected: () => sessionStorage.getItem(SessionKey.setupRedirected) === 'true',
  markRedirected: () => sessionStorage.setItem(SessionKey.setupRedirected, 'true'),
  publicRouteAccessed: () => localStorage.getItem(LocalKey.publicRouteAccessed) === 'true',
};
