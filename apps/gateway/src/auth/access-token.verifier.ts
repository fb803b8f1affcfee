import { Inject, Injectable } from '@nestjs/common';
import { type AccessTokenClaims, ErrorCode, Subjects } from '@kartlink/contracts';
import { Lru, ServiceError } from '@kartlink/server-kit';
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose';
import { ServiceClient } from '../services/service-client';

export const AuthMessages = {
  loginRequired: 'Login required. Please sign in to continue.',
  expired: 'Your session has expired. Please log in again.',
  invalid: 'Invalid session. Please log in again.',
  /** auth-service's words for a sign-in token it does not know. */
  signInExpired: 'This sign-in link is invalid or has expired.',
} as const;

// Keys are re-read when a token names one we do not know, at most this often.
const KEY_REFRESH_MS = 30_000;
/** Tokens remembered as verified (a signature check is most of an authenticated read's cost). */
const VERIFIED_TOKENS = 10_000;
const VERIFIED_TTL_MS = 5 * 60_000;

type VerifiedClaims = AccessTokenClaims & { exp?: unknown };

/**
 * Checks access tokens locally with auth-service's published public keys, so that an
 * authenticated request costs no round trip to auth-service.
 */
@Injectable()
export class AccessTokenVerifier {
  private keySet?: ReturnType<typeof createLocalJWKSet>;
  private loadedAt = 0;
  private loading?: Promise<void>;
  /**
   * Each token verified, by its exact text, with its claims: taken again without a signature
   * check until it expires (as jose counts it: exp past the current second), for a few minutes
   * at most, and never once the keys have been read again.
   */
  private verified = new Lru<string, VerifiedClaims>(VERIFIED_TOKENS);

  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known && (known.exp as number) > Math.floor(Date.now() / 1000)) return known;
    const claims = await this.check(token);
    // A token without an expiry is checked every time.
    if (typeof claims.exp === 'number') this.verified.set(token, claims, VERIFIED_TTL_MS);
    return claims;
  }

  private async check(token: string): Promise<VerifiedClaims> {
    try {
      return await this.verifyWith(await this.keys(), token);
    } catch (err) {
      if (err instanceof errors.JWKSNoMatchingKey && Date.now() - this.loadedAt > KEY_REFRESH_MS) {
        await this.reload();
        return this.verifyWith(this.keySet!, token).catch((again: unknown) => {
          throw toServiceError(again);
        });
      }
      throw toServiceError(err);
    }
  }

  private async verifyWith(keySet: ReturnType<typeof createLocalJWKSet>, token: string) {
    const { payload } = await jwtVerify(token, keySet, {
      issuer: 'kartlink-auth',
      audience: 'kartlink',
      algorithms: ['EdDSA'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      throw new errors.JWTInvalid('claims');
    return payload as unknown as VerifiedClaims;
  }

  private async keys() {
    if (!this.keySet) await this.reload();
    return this.keySet!;
  }

  private reload(): Promise<void> {
    this.loading ??= this.services
      .request<JSONWebKeySet>(Subjects.auth.signingKeys)
      .then((jwks) => {
        this.keySet = createLocalJWKSet(jwks);
        this.loadedAt = Date.now();
        // A key gone from the set no longer vouches for the tokens it signed.
        this.verified = new Lru<string, VerifiedClaims>(VERIFIED_TOKENS);
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

function toServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  if (err instanceof errors.JWTExpired)
    return new ServiceError(ErrorCode.TOKEN_EXPIRED, AuthMessages.expired);
  return new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.invalid);
}
