import { toAuthUser } from './user.mapper';
import type { UserEntity } from './user.entity';

describe('toAuthUser', () => {
  it('lets no secret out and lists the sign-in methods', () => {
    const user = {
      id: 'u1',
      email: 'a@b.co',
      displayName: 'A',
      phoneNumber: null,
      photoURL: null,
      passwordHash: '$argon2id$secret',
      googleSubject: 'g-123',
      role: 'user',
      plan: 'premium',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date(),
    } as UserEntity;
    const shown = toAuthUser(user);
    expect(shown).toEqual({
      id: 'u1',
      email: 'a@b.co',
      displayName: 'A',
      phoneNumber: null,
      photoURL: null,
      role: 'user',
      plan: 'premium',
      signInMethods: ['password', 'google'],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(shown)).not.toContain('argon2');
  });
});
