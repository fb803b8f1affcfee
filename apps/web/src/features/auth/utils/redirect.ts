import { cleanShopUrlInput, SHOP_URL_MIN } from '@kartlink/contracts';
import { LocalKey, SessionKey } from '../../../lib/storage-keys';

const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Only paths of this app: never another site ("//evil.example", "https://..."). */
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

const isReturnPath = (path: unknown): path is string =>
  isAppPath(path) && !path.startsWith('/auth');

/**
 * SPEC section 2: where a signed-in user goes from /auth: the stored redirect URL, else where
 * the guard stopped them, else /dashboard.
 */
export function peekRedirectTarget(state: unknown): string {
  const stored = sessionStorage.getItem(SessionKey.redirectUrl);
  if (isReturnPath(stored)) return stored;
  const from =
    typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return isReturnPath(from) ? from : DEFAULT_AFTER_SIGN_IN;
}

/**
 * The same, used once: the stored URL is forgotten. `preferred` (the path Google sign-in
 * carried through the provider) goes first when it is a path of this app.
 */
export function takeRedirectTarget(state: unknown, preferred?: string | null): string {
  const target = isReturnPath(preferred) ? preferred : peekRedirectTarget(state);
  sessionStorage.removeItem(SessionKey.redirectUrl);
  return target;
}

/** SPEC section 2: /auth?shopUrl= is kept as the shop URL claimed for this session. */
export function rememberClaimedShopUrl(raw: string | null): string | null {
  const shopUrl = cleanShopUrlInput(raw ?? '');
  if (shopUrl.length < SHOP_URL_MIN) return null;
  sessionStorage.setItem(SessionKey.claimedShopUrl, shopUrl);
  localStorage.setItem(LocalKey.claimedShopUrl, shopUrl);
  return shopUrl;
}

function claimedShopUrl(): string | null {
  return (
    sessionStorage.getItem(SessionKey.claimedShopUrl) ??
    localStorage.getItem(LocalKey.claimedShopUrl)
  );
}

/** SPEC section 2: a new account goes to the setup wizard, with the claimed URL if any. */
export function setupPath(): string {
  const shopUrl = claimedShopUrl();
  return shopUrl ? `/shop/setup?${new URLSearchParams({ shopUrl }).toString()}` : '/shop/setup';
}

/** Marks this browser's user as new: the setup wizard is still ahead of them. */
export function markNewUser(): void {
  localStorage.setItem(LocalKey.isNewUser, 'true');
}
