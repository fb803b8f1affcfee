import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type GoogleCallbackAnswer,
  type GoogleStartAnswer,
  normalizeEmail,
} from '@kartlink/contracts';
import { LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import { QueryFailedError } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { GoogleOidcClient, type GoogleIdentity } from './google-oidc.client';
import { isNewGoogleUser, sanitizeRedirect } from './google-rules';
import { GoogleStateRepository } from './google-state.repository';

export const GoogleMessages = {
  notConfigured: 'Google sign-in is not available on this server.',
  cancelled: 'Google sign-in was cancelled.',
  failed: 'Google sign-in failed. Please try again.',
  expired: 'This Google sign-in has expired or was already used. Please try again.',
  unverifiedEmail:
    'Your Google e-mail address is not verified. Please verify it with Google and try again.',
  otherGoogleAccount: 'This e-mail address is already linked to a different Google account.',
} as const;

const STATE_TTL_SECONDS = 600;
const SIGN_IN_TOKEN_SECONDS = 300;
// Column widths of the users table.
const MAX_NAME = 100;
const MAX_PHOTO_URL = 2048;
const MAX_EMAIL = 254;

/**
 * "Continue with Google": an OpenID Connect code flow whose result is a one-time sign-in token,
 * like the end of sign-up. A Google account is found by its subject, else linked to the
 * account with its verified e-mail, else a new account is made.
 */
@Injectable()
export class GoogleService {
  constructor(
    private readonly oidc: GoogleOidcClient,
    private readonly states: GoogleStateRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(redirect: unknown): Promise<GoogleStartAnswer> {
    if (!this.oidc.enabled)
      throw new ServiceError(ErrorCode.NOT_FOUND, GoogleMessages.notConfigured);
    const checks = GoogleOidcClient.newChecks();
    const url = await this.oidc.authorizationUrl(checks).catch((err: unknown) => {
      throw this.providerFailed(err, 'discovery');
    });
    const { state, nonce, codeVerifier } = checks;
    await this.states.save(
      state,
      { nonce, codeVerifier, redirect: sanitizeRedirect(redirect) },
      STATE_TTL_SECONDS,
    );
    return { url };
  }

  async callback(query: string): Promise<GoogleCallbackAnswer> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    // Taken before anything else, so that this state is spent whatever happens next.
    const pending = state ? await this.states.take(state) : null;
    const error = params.get('error');
    if (error === 'access_denied')
      throw new ServiceError(ErrorCode.BAD_REQUEST, GoogleMessages.cancelled);
    if (error) {
      this.logger.warn(
        { error, description: params.get('error_description') },
        'Google sign-in refused by the provider',
      );
      throw new ServiceError(ErrorCode.BAD_REQUEST, GoogleMessages.failed);
    }
    if (!state || !pending) throw new ServiceError(ErrorCode.BAD_REQUEST, GoogleMessages.expired);

    const identity = await this.oidc
      .exchange(query, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier })
      .catch((err: unknown) => {
        throw this.providerFailed(err, 'code exchange');
      });
    if (!identity.email || identity.email.length > MAX_EMAIL || !identity.subject) {
      this.logger.warn({ subject: identity.subject }, 'Google sign-in without a usable e-mail');
      throw new ServiceError(ErrorCode.BAD_REQUEST, GoogleMessages.failed);
    }
    if (!identity.emailVerified)
      throw new ServiceError(ErrorCode.FORBIDDEN, GoogleMessages.unverifiedEmail);

    const { user, createdNow } = await this.findOrCreate(identity);
    const newUser = isNewGoogleUser({ createdNow, createdAt: user.createdAt });
    const { token } = await this.sessions.issueSignInToken(user.id, {
      purpose: 'sign-in',
      ttlSeconds: SIGN_IN_TOKEN_SECONDS,
      newUser,
    });
    return { token, newUser, redirect: pending.redirect };
  }

  private async findOrCreate(
    identity: GoogleIdentity,
    retry = true,
  ): Promise<{ user: UserEntity; createdNow: boolean }> {
    const known = await this.users.findByGoogleSubject(identity.subject);
    if (known) return { user: known, createdNow: false };
    const email = normalizeEmail(identity.email!);
    try {
      const existing = await this.users.findByEmail(email);
      if (existing) return { user: await this.link(existing, identity), createdNow: false };
      const user = await this.users.create({
        email,
        displayName: identity.name?.trim().slice(0, MAX_NAME) || null,
        photoURL: usablePhoto(identity.picture),
        passwordHash: null,
        googleSubject: identity.subject,
      });
      return { user, createdNow: true };
    } catch (err) {
      // The same person signing in twice at once: the unique indexes let one through; use it.
      if (retry && isUniqueViolation(err)) return this.findOrCreate(identity, false);
      throw err;
    }
  }

  /** The account with this verified e-mail gets Google as a second way in. */
  private async link(user: UserEntity, identity: GoogleIdentity): Promise<UserEntity> {
    if (user.googleSubject && user.googleSubject !== identity.subject)
      throw new ServiceError(ErrorCode.CONFLICT, GoogleMessages.otherGoogleAccount);
    user.googleSubject = identity.subject;
    user.displayName ??= identity.name?.trim().slice(0, MAX_NAME) || null;
    user.photoURL ??= usablePhoto(identity.picture);
    const saved = await this.users.save(user);
    this.logger.info({ userId: user.id }, 'Google linked to an existing account');
    return saved;
  }

  /** Provider down, slow, or an answer that fails its checks: logged, and a plain message. */
  private providerFailed(err: unknown, step: string): ServiceError {
    if (err instanceof ServiceError) return err;
    this.logger.warn(
      { step, err: err instanceof Error ? { name: err.name, message: err.message } : err },
      'Google sign-in failed at the provider',
    );
    return new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, GoogleMessages.failed);
  }
}

const usablePhoto = (picture: string | null) =>
  picture && picture.length <= MAX_PHOTO_URL && /^https?:\/\//i.test(picture) ? picture : null;

const isUniqueViolation = (err: unknown) =>
  err instanceof QueryFailedError && (err as { code?: string }).code === '23505';
