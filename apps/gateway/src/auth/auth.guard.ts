import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
} from '@nestjs/common';
import { type Caller, ErrorCode, type SessionStatus, Subjects } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ServiceClient } from '../services/service-client';
import { REDIS } from '../tokens';
import { AccessTokenVerifier, AuthMessages } from './access-token.verifier';

type AuthedRequest = FastifyRequest & { caller?: Caller };

/**
 * Lets a request through with a valid access token of a live session. A signed-out session
 * is known from Redis at once (from auth-service while Redis is away); a session where an
 * admin acts as a user is checked with auth-service on every request, so that removing the
 * admin ends it immediately.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    request.caller = await this.callerOf(request);
    return true;
  }

  /**
   * The caller a request's bearer token names, or a 401. Plain Fastify routes that also
   * answer signed-in owners (the QR codes of a private shop) ask it directly.
   */
  async callerOf(request: FastifyRequest): Promise<Caller> {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.loginRequired);
    }
    const claims = await this.verifier.verify(token);
    const signedOut = await this.redis.exists(`revoked-session:${claims.sid}`).then(
      (found) => found > 0,
      // Redis away: auth-service's own record decides (a signed-out device stays signed out).
      () => undefined,
    );
    if (signedOut) throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.expired);
    if (claims.act || signedOut === undefined) {
      const status = await this.services.request<SessionStatus>(Subjects.auth.checkSession, {
        sessionId: claims.sid,
      });
      if (!status.active) throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.expired);
    }
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      role: claims.role,
      ...(claims.act ? { actorId: claims.act.sub } : {}),
    };
  }
}

/** The verified caller of a route behind AuthGuard. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => {
    const caller = context.switchToHttp().getRequest<AuthedRequest>().caller;
    if (!caller) throw new Error('CurrentCaller used on a route without AuthGuard');
    return caller;
  },
);
