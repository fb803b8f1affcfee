import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthSession,
  type ClientInfo,
  ErrorCode,
  type IssuedSession,
  Subjects,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import { AuthMessages } from './access-token.verifier';
import { clearGoogleSignInCookie, GOOGLE_SIGN_IN_COOKIE, readCookie } from './auth-cookies';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';

/** Starts, rotates and ends sessions, keeping the refresh token in its cookie. */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;

  constructor(
    private readonly services: ServiceClient,
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
    const refreshToken = readRefreshCookie(request);
    if (!refreshToken) throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.loginRequired);
    try {
      return this.answer(
        await this.services.request<IssuedSession>(Subjects.auth.refresh, { refreshToken }),
        reply,
      );
    } catch (err) {
      if (err instanceof ServiceError && err.code === ErrorCode.UNAUTHORIZED) this.clear(reply);
      throw err;
    }
  }

  async end(request: FastifyRequest, reply: FastifyReply) {
    const refreshToken = readRefreshCookie(request);
    if (refreshToken) await this.services.request(Subjects.auth.logout, { refreshToken });
    this.clear(reply);
  }

  clear(reply: FastifyReply) {
    clearRefreshCookie(reply, this.secure);
  }

  private answer(issued: IssuedSession, reply: FastifyReply): AuthSession {
    setRefreshCookie(reply, issued.refreshToken, issued.refreshMaxAge, this.secure);
    void reply.header('cache-control', 'no-store');
    return issued.session;
  }
}

function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}
