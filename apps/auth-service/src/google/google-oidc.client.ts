import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@kartlink/server-kit';
import * as oidc from 'openid-client';
import type { AuthConfig } from '../config';

/** What the provider tells us about the person, from the ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** The one-time values of a sign-in in progress, checked when the provider answers. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Each call to the provider (discovery, token exchange) gives up after this long. */
const PROVIDER_TIMEOUT_SECONDS = 5;
const GOOGLE_SCOPE = 'openid email profile';

/**
 * The OpenID Connect side of "Continue with Google", with openid-client: discovery of
 * GOOGLE_ISSUER (once, then cached), the authorization URL (code flow, PKCE S256, state, nonce)
 * and the code exchange. Any OpenID provider works the same way; tests use a local one.
 */
@Injectable()
export class GoogleOidcClient {
  readonly redirectUri: string;
  private configuration?: Promise<oidc.Configuration>;

  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {
    this.redirectUri = `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/auth/google/callback`;
  }

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  static newChecks(): SignInChecks {
    return {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(checks: SignInChecks): Promise<string> {
    const configuration = await this.discover();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: GOOGLE_SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return url.href;
  }

  /** Checks the provider's answer (state, PKCE, nonce, ID token) and reads who signed in. */
  async exchange(callbackQuery: string, checks: SignInChecks): Promise<GoogleIdentity> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      new URL(`${this.redirectUri}?${callbackQuery}`),
      {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
      },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('the token response has no ID token');
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      // Google sends a boolean; some providers send the string "true".
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : null,
      picture: typeof claims.picture === 'string' ? claims.picture : null,
    };
  }

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.config.GOOGLE_ISSUER),
        this.config.GOOGLE_CLIENT_ID,
        this.config.GOOGLE_CLIENT_SECRET,
        undefined,
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Google is https; a plain-http issuer is a local provider (development, tests).
          execute:
            new URL(this.config.GOOGLE_ISSUER).protocol === 'http:'
              ? [oidc.allowInsecureRequests]
              : [],
        },
      )
      .catch((err: unknown) => {
        // Not cached: the next sign-in tries again.
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }
}
