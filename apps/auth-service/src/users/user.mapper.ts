import type { AuthUser, SignInMethod } from '@kartlink/contracts';
import type { UserEntity } from './user.entity';

/** The only way a user leaves the service: a whitelist of fields, never the hashes. */
export function toAuthUser(
  user: UserEntity,
  impersonatedBy?: { id: string; email: string },
): AuthUser {
  const signInMethods: SignInMethod[] = [];
  if (user.passwordHash) signInMethods.push('password');
  if (user.googleSubject) signInMethods.push('google');
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    photoURL: user.photoURL,
    role: user.role,
    plan: user.plan,
    signInMethods,
    createdAt: user.createdAt.toISOString(),
    ...(impersonatedBy ? { impersonatedBy } : {}),
  };
}
