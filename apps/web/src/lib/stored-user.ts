import type { AuthUser } from '@kartlink/contracts';
import { LocalKey } from './storage-keys';

/**
 * What local storage keeps of the signed-in person under 'auth-user' (SPEC section 3): the
 * profile a page may show before the server answers. Never a token (the access token lives in
 * memory, the refresh token in an HttpOnly cookie) and never the impersonation marker, which
 * belongs to one live session.
 */
type StoredUser = Omit<AuthUser, 'impersonatedBy'>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function toStoredUser(user: AuthUser): StoredUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    photoURL: user.photoURL,
    role: user.role,
    plan: user.plan,
    signInMethods: [...user.signInMethods],
    createdAt: user.createdAt,
  };
}

/** The stored profile, or null when there is none or it is not one we wrote. */
export function readStoredUser(): StoredUser | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(LocalKey.authUser) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const id = text(record.id);
  const email = text(record.email);
  if (!id || !email) return null;
  const methods = Array.isArray(record.signInMethods) ? record.signInMethods : [];
  return {
    id,
    email,
    displayName: text(record.displayName),
    phoneNumber: text(record.phoneNumber),
    photoURL: text(record.photoURL),
    role: record.role === 'admin' ? 'admin' : 'user',
    plan: record.plan === 'premium' ? 'premium' : 'free',
    signInMethods: methods.filter((m): m is 'password' | 'google' =>
      ['password', 'google'].includes(m as string),
    ),
    createdAt: text(record.createdAt) ?? '',
  };
}

export function writeStoredUser(user: AuthUser): void {
  localStorage.setItem(LocalKey.authUser, JSON.stringify(toStoredUser(user)));
}

export function removeStoredUser(): void {
  localStorage.removeItem(LocalKey.authUser);
}
