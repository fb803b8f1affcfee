/** Every localStorage key the web app uses (SPEC section 3), in one place. */
export const LocalKey = {
  theme: 'theme',
  publicRouteAccessed: 'publicRouteAccessed',
  isNewUser: 'isNewUser',
} as const;

/** Every sessionStorage key the web app uses (SPEC section 3), in one place. */
export const SessionKey = {
  redirectUrl: 'redirectUrl',
  redirectAfterError: 'redirectAfterError',
  recent500Errors: 'recent500Errors',
} as const;
