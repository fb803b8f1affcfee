import { ErrorCode } from '@kartlink/contracts';
import type { Logger, ServiceError } from '@kartlink/server-kit';
import { QueryFailedError } from 'typeorm';
import type { SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from '../users/user.entity';
import type { UsersRepository } from '../users/users.repository';
import type { GoogleIdentity, GoogleOidcClient } from './google-oidc.client';
import type { GoogleStateRepository, PendingGoogleSignIn } from './google-state.repository';
import { GoogleMessages, GoogleService } from './google.service';

const STATE = 'a'.repeat(43);
const asha: GoogleIdentity = {
  subject: 'google-123',
  email: 'Asha@Example.com',
  emailVerified: true,
  name: 'Asha Rao',
  picture: 'https://photos.example.com/asha.png',
};

function account(values: Partial<UserEntity>): UserEntity {
  return {
    id: 'user-1',
    email: 'asha@example.com',
    displayName: null,
    phoneNumber: null,
    photoURL: null,
    passwordHash: null,
    googleSubject: null,
    role: 'user',
    plan: 'free',
    lastActiveAt: null,
    disabledAt: null,
    disabledReason: null,
    disabledBy: null,
    createdAt: new Date(Date.now() - 3600_000),
    updatedAt: new Date(),
    ...values,
  };
}

/** GoogleService with in-memory stand-ins for the provider, Redis and the database. */
function setup(
  options: {
    enabled?: boolean;
    identity?: GoogleIdentity;
    providerDown?: boolean;
    users?: UserEntity[];
    createFailsOnce?: boolean;
  } = {},
) {
  const states = new Map<string, PendingGoogleSignIn>();
  const users = options.users ?? [];
  const created: UserEntity[] = [];
  const issued: Array<{ userId: string; newUser?: boolean }> = [];
  let createFails = options.createFailsOnce ?? false;
  const down = () => Promise.reject(new TypeError('fetch failed'));

  const oidc = {
    enabled: options.enabled ?? true,
    authorizationUrl: (checks: { state: string }) =>
      options.providerDown
        ? down()
        : Promise.resolve(`https://accounts.example.com/auth?state=${checks.state}`),
    exchange: () => (options.providerDown ? down() : Promise.resolve(options.identity ?? asha)),
  } as unknown as GoogleOidcClient;
  const stateRepository = {
    save: (state: string, pending: PendingGoogleSignIn) => {
      states.set(state, pending);
      return Promise.resolve();
    },
    take: (state: string) => {
      const pending = states.get(state) ?? null;
      states.delete(state);
      return Promise.resolve(pending);
    },
  } as unknown as GoogleStateRepository;
  const usersRepository = {
    findByGoogleSubject: (subject: string) =>
      Promise.resolve(users.find((u) => u.googleSubject === subject) ?? null),
    findByEmail: (email: string) => Promise.resolve(users.find((u) => u.email === email) ?? null),
    create: (values: Partial<UserEntity>) => {
      if (createFails) {
        createFails = false;
        // Someone else created the same account a moment ago.
        users.push(account({ ...values, id: 'user-raced', createdAt: new Date() }));
        const err = new QueryFailedError('INSERT', [], new Error('duplicate key'));
        Object.assign(err, { code: '23505' });
        return Promise.reject(err);
      }
      const user = account({ ...values, id: `user-${users.length + 1}`, createdAt: new Date() });
      users.push(user);
      created.push(user);
      return Promise.resolve(user);
    },
    save: (user: UserEntity) => Promise.resolve(user),
  } as unknown as UsersRepository;
  const sessions = {
    issueSignInToken: (userId: string, opts: { newUser?: boolean }) => {
      issued.push({ userId, newUser: opts.newUser });
      return Promise.resolve({ token: 'one-time-token', expiresAt: new Date() });
    },
  } as unknown as SessionsService;
  const logger = { info: () => undefined, warn: () => undefined } as unknown as Logger;

  const service = new GoogleService(oidc, stateRepository, usersRepository, sessions, logger);
  /** Starts a sign-in and comes back with the provider's answer for its state. */
  const signIn = async (redirect?: unknown) => {
    const { url } = await service.start(redirect);
    const state = new URL(url).searchParams.get('state')!;
    return service.callback(`code=abc&state=${state}`);
  };
  return { service, states, users, created, issued, signIn };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: ServiceError) => ({ code: err.code, message: err.message }),
  );

describe('GoogleService', () => {
  it('creates an account with no password on a first sign-in, and says it is new', async () => {
    const { signIn, created, issued } = setup();
    expect(await signIn('/dashboard/products')).toEqual({
      token: 'one-time-token',
      newUser: true,
      redirect: '/dashboard/products',
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      email: 'asha@example.com',
      displayName: 'Asha Rao',
      photoURL: 'https://photos.example.com/asha.png',
      passwordHash: null,
      googleSubject: 'google-123',
    });
    expect(issued).toEqual([{ userId: created[0].id, newUser: true }]);
  });

  it('finds a known Google account by its subject; an hour-old one is not new', async () => {
    const known = account({ googleSubject: 'google-123', email: 'other@example.com' });
    const { signIn, created } = setup({ users: [known] });
    expect(await signIn()).toEqual({
      token: 'one-time-token',
      newUser: false,
      redirect: '/dashboard',
    });
    expect(created).toHaveLength(0);
  });

  it('links Google to the account with the same e-mail, keeping its own name', async () => {
    const existing = account({ passwordHash: '$argon2id$...', displayName: 'Asha' });
    const { signIn } = setup({ users: [existing] });
    expect((await signIn()).newUser).toBe(false);
    expect(existing).toMatchObject({
      googleSubject: 'google-123',
      displayName: 'Asha',
      photoURL: 'https://photos.example.com/asha.png',
    });
  });

  it('refuses to relink an account already tied to another Google account', async () => {
    const existing = account({ googleSubject: 'google-999' });
    const { signIn } = setup({ users: [existing] });
    expect(await failure(signIn())).toEqual({
      code: ErrorCode.CONFLICT,
      message: GoogleMessages.otherGoogleAccount,
    });
    expect(existing.googleSubject).toBe('google-999');
  });

  it('uses the account a simultaneous sign-in just created', async () => {
    const { signIn, created } = setup({ createFailsOnce: true });
    const answer = await signIn();
    expect(created).toHaveLength(0);
    // Not made by this sign-in, but seconds old: still new (SPEC's 10 s rule).
    expect(answer.newUser).toBe(true);
  });

  it('refuses an unverified e-mail and creates nothing', async () => {
    const { signIn, created } = setup({ identity: { ...asha, emailVerified: false } });
    expect(await failure(signIn())).toEqual({
      code: ErrorCode.FORBIDDEN,
      message: GoogleMessages.unverifiedEmail,
    });
    expect(created).toHaveLength(0);
  });

  it('refuses to start when Google sign-in is not configured', async () => {
    const { service, states } = setup({ enabled: false });
    expect(await failure(service.start('/dashboard'))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: GoogleMessages.notConfigured,
    });
    expect(states.size).toBe(0);
  });

  it('answers a plain failure when the provider cannot be reached, keeping no state', async () => {
    const { service, states } = setup({ providerDown: true });
    expect(await failure(service.start('/dashboard'))).toEqual({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: GoogleMessages.failed,
    });
    expect(states.size).toBe(0);
  });

  it('answers a plain failure when the code exchange fails, and the state is spent', async () => {
    const { service, states } = setup();
    const { url } = await service.start(undefined);
    const state = new URL(url).searchParams.get('state')!;
    (service as unknown as { oidc: { exchange: () => Promise<never> } }).oidc.exchange = () =>
      Promise.reject(new TypeError('fetch failed'));
    expect(await failure(service.callback(`code=abc&state=${state}`))).toEqual({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: GoogleMessages.failed,
    });
    expect(states.size).toBe(0);
  });

  it('tells a cancel from an unknown or replayed state', async () => {
    const { service, states } = setup();
    const { url } = await service.start(undefined);
    const state = new URL(url).searchParams.get('state')!;
    expect(await failure(service.callback(`error=access_denied&state=${state}`))).toEqual({
      code: ErrorCode.BAD_REQUEST,
      message: GoogleMessages.cancelled,
    });
    expect(states.size).toBe(0);
    expect(await failure(service.callback(`code=abc&state=${state}`))).toEqual({
      code: ErrorCode.BAD_REQUEST,
      message: GoogleMessages.expired,
    });
    expect(await failure(service.callback(`code=abc&state=${STATE}`))).toEqual({
      code: ErrorCode.BAD_REQUEST,
      message: GoogleMessages.expired,
    });
    expect(await failure(service.callback(''))).toEqual({
      code: ErrorCode.BAD_REQUEST,
      message: GoogleMessages.expired,
    });
  });

  it('stores only a path inside the product as where to land', async () => {
    const { signIn } = setup();
    expect((await signIn('https://evil.example')).redirect).toBe('/dashboard');
  });
});
