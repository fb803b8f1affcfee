import { useEffect } from 'react';
import { LocalKey } from '../../../lib/storage-keys';

/**
 * SPEC section 2: opening a public product page marks this browser as having used a public
 * route (the setup gate then leaves it alone) and clears the new-user flag.
 */
export function useMarkPublicVisit(): void {
  useEffect(() => {
    localStorage.setItem(LocalKey.publicRouteAccessed, 'true');
    localStorage.removeItem(LocalKey.isNewUser);
  }, []);
}
