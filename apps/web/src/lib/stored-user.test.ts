import type { AuthUser } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import { readStoredUser, writeStoredUser } from './stored-user';

const user: AuthUser = {
  id: 'u1',
  email: 'asha@example.com',
  displayName: 'Asha',
  phoneNumber: '+919876543210',
  photoURL: null,
  role: 'user',
  plan: 'free',
  signInMethods: ['password', 'google'],
  createdAt: '2026-01-05T10:00:00.000Z',
  impersonatedBy: { id: 'a1', email: 'admin@example.com' },
};

describe("the 'auth-user' local storage entry", () => {
  it('keeps the profile but not the impersonation marker', () => {
    writeStoredUser(user);
    const stored = JSON.parse(localStorage.getItem('auth-user') ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual([
      'createdAt',
      'displayName',
      'email',
      'id',
      'phoneNumber',
      'photoURL',
      'plan',
      'role',
      'signInMethods',
    ]);
    const { impersonatedBy: _dropped, ...rest } = user;
    expect(readStoredUser()).toEqual(rest);
  });

  it.each(['not json', 'null', '[]', '{"id":"u1"}', '{"email":"a@b.co"}'])(
    'is ignored when it holds %s',
    (raw) => {
      localStorage.setItem('auth-user', raw);
      expect(readStoredUser()).toBeNull();
    },
  );

  it('never lets stored values widen what the app trusts', () => {
    localStorage.setItem(
      'auth-user',
      JSON.stringify({ id: 'u1', email: 'a@b.co', role: 'superuser', signInMethods: ['magic'] }),
    );
    expect(readStoredUser()).toMatchObject({ role: 'user', plan: 'free', signInMethods: [] });
  });
});
