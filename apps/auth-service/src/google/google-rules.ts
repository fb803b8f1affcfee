import { NEW_ACCOUNT_SECONDS } from '@kartlink/contracts';

/** Where a Google sign-in lands when it did not say, or said somewhere it may not go. */
export const DEFAULT_REDIRECT = '/dashboard';

const MAX_REDIRECT_LENGTH = 2048;
const PROBE_ORIGIN = 'http://kartlink.invalid';

/**
 * A path inside the product, or the default: never an address elsewhere (no open redirect).
 * Only a relative path starting with a single '/' is kept; '//host', '/\host' and anything with
 * control characters or spaces would let a browser leave the site, so they are refused.
 */
export function sanitizeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH)
    return DEFAULT_REDIRECT;
  if (!value.startsWith('/') || value.startsWith('//')) return DEFAULT_REDIRECT;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return DEFAULT_REDIRECT;
  let resolved: URL;
  try {
    resolved = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_REDIRECT;
  }
  if (resolved.origin !== PROBE_ORIGIN) return DEFAULT_REDIRECT;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * SPEC section 4: a Google sign-in counts as new if the provider says so (here: the account was
 * created by this sign-in) or the account was created less than 10 seconds ago.
 */
export function isNewGoogleUser(account: {
  createdNow: boolean;
  createdAt: Date;
  now?: Date;
}): boolean {
  const age = (account.now ?? new Date()).getTime() - account.createdAt.getTime();
  return account.createdNow || age < NEW_ACCOUNT_SECONDS * 1000;
}
