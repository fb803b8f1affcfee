/** Every localStorage key the web app uses (SPEC section 3), in one place. */
export const LocalKey = {
  theme: 'theme',
  publicRouteAccessed: 'publicRouteAccessed',
  isNewUser: 'isNewUser',
  claimedShopUrl: 'claimedShopUrl',
  /** The signed-in person's public profile, never a token (see stored-user.ts). */
  authUser: 'auth-user',
  /** The vendor key of the store this visitor last chose on a product page ('flipkart'). */
  lastStore: 'lastStore',
} as const;

/** Every sessionStorage key the web app uses (SPEC section 3), in one place. */
export const SessionKey = {
  redirectUrl: 'redirectUrl',
  redirectAfterError: 'redirectAfterError',
  recent500Errors: 'recent500Errors',
  /** When this tab last signed out (ms since the epoch). */
  logoutTimestamp: 'logoutTimestamp',
  /** The shop URL claimed on the home page, carried through /auth into setup. */
  claimedShopUrl: 'claimedShopUrl',
  /** The setup gate sent this session to the wizard once already (SPEC section 2). */
  setupRedirected: 'setupRedirected',
} as const;
