import { SessionKey } from '../../../lib/storage-keys';

/** SPEC sections 4 and 9: the 5-second window after a logout. */
export const LOGOUT_GUARD_WINDOW_MS = 5_000;

/** Records that this tab signed out now (SPEC section 3: the logout timestamp). */
export function markLoggedOut(now = Date.now()): void {
  sessionStorage.setItem(SessionKey.logoutTimestamp, String(now));
}

/** Whether this tab signed out within the last 5 s. */
export function loggedOutRecently(now = Date.now()): boolean {
  const at = Number(sessionStorage.getItem(SessionKey.logoutTimestamp));
  return Number.isFinite(at) && at > 0 && now - at < LOGOUT_GUARD_WINDOW_MS;
}
