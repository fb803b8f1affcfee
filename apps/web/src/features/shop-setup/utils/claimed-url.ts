import { cleanShopUrlInput } from '@kartlink/contracts';
import { LocalKey, SessionKey } from '../../../lib/storage-keys';

/**
 * The shop URL to start the wizard with when none is saved: ?shopUrl=, else the one claimed on
 * the home page (kept through /auth), cleaned as if typed.
 */
export function claimedShopUrl(query: string | null): string {
  const stored =
    sessionStorage.getItem(SessionKey.claimedShopUrl) ??
    localStorage.getItem(LocalKey.claimedShopUrl);
  return cleanShopUrlInput(query || stored || '');
}

/** SPEC section 4, completion: the claim and the new-user flag are done with. */
export function forgetSetupClaims(): void {
  localStorage.removeItem(LocalKey.claimedShopUrl);
  sessionStorage.removeItem(SessionKey.claimedShopUrl);
  localStorage.removeItem(LocalKey.isNewUser);
}
