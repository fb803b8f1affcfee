import { Inject, Injectable } from '@nestjs/common';
import { type AuthSession, ErrorCode, type IssuedSession, Subjects } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import { AuthMessages } from './access-token.verifier';
import { TapTokens, VIEWER_COOKIE } from '../store-routing/tap-tokens';
import { clearGoogleSignInCookie, GOOGLE_SIGN_IN_COOKIE, readCookie } from './auth-cookies';
import { clientOf } from './client-info';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';

/** A session without "remember me" still marks its browser this long (a browser-session cookie). */
const VIEWER_SESSION_SECONDS = 24 * 3600;

/** Starts, rotates and ends sessions, keeping the refresh token in its cookie. */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;

  constructor(
    private readonly services: ServiceClient,
    private readonly taps: TapTokens,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.secure = config.PUBLIC_URL.startsWith('https:');
  }

  async start(
    subject: string,
    body: object,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AuthSession> {
    const issued = await this.services.request<IssuedSession>(subject, {
      body,
      client: clientOf(request),
    });
    return this.answer(issued, reply);
  }

  /** Google's callback left a one-time token in its cookie: it is taken (and the cookie cleared). */
  async startFromGoogle(request: FastifyRequest, reply: FastifyReply): Promise<AuthSession> {
    const token = readCookie(request, GOOGLE_SIGN_IN_COOKIE);
    clearGoogleSignInCookie(reply, this.secure);
    if (!token) throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.signInExpired);
    return this.start(Subjects.auth.exchangeToken, { token }, request, reply);
  }

  async refresh(request: FastifyRequest, reply: FastifyReply): Promise<AuthSession> {
    const refreshToken = readRefreshCookie(request, this.secure);
    if (!refreshToken) throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.loginRequired);
    try {
      return this.answer(
        await this.services.request<IssuedSession>(Subjects.auth.refresh, {
          refreshToken,
          client: clientOf(request),
        }),
        reply,
      );
    } catch (err) {
      if (err instanceof ServiceError && err.code === ErrorCode.UNAUTHORIZED) this.clear(reply);
      throw err;
    }
  }

  async end(request: FastifyRequest, reply: FastifyReply) {
    const refreshToken = readRefreshCookie(request, this.secure);
    if (refreshToken) await this.services.request(Subjects.auth.logout, { refreshToken });
    this.clear(reply);
  }

  clear(reply: FastifyReply) {
    clearRefreshCookie(reply, this.secure);
    void reply.header('set-cookie', this.viewerCookie('', 0));
  }

  private async answer(issued: IssuedSession, reply: FastifyReply): Promise<AuthSession> {
    setRefreshCookie(reply, issued.refreshToken, issued.refreshMaxAge, this.secure);
    await this.markViewer(issued, reply);
    return issued.session;
  }

  /**
   * The viewer cookie, beside the session: the store redirect (a plain navigation, without the
   * bearer token) knows the shop's owner by it and does not count their clicks. Without it (the
   * signing key away) the session still starts.
   */
  private async markViewer(issued: IssuedSession, reply: FastifyReply) {
    const maxAge = issued.refreshMaxAge ?? VIEWER_SESSION_SECONDS;
    const value = await this.taps
      .viewerCookie(issued.session.user.id, maxAge)
      .catch(() => undefined);
    if (value)
      void reply.header(
        'set-cookie',
        this.viewerCookie(value, issued.refreshMaxAge === null ? null : maxAge),
      );
  }

  private viewerCookie(value: string, maxAge: number | null): string {
    const parts = [
      `${VIEWER_COOKIE}=${encodeURIComponent(value)}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
    ];
    if (this.secure) parts.push('Secure');
    if (maxAge !== null) parts.push(`Max-Age=${maxAge}`);
    return parts.join('; ');
  }
}
