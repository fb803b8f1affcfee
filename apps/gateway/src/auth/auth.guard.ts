import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ApiKeyMessages,
  type ApiKeyScope,
  type Caller,
  ErrorCode,
  isApiKeyFormat,
  looksLikeApiKey,
  scopeAllows,
  type SessionStatus,
  Subjects,
} from '@kartlink/contracts';
import { LOGGER, type Logger, RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { enforceApiKeyRateLimit } from '../rate-limit/api-key-limit';
import { ServiceClient } from '../services/service-client';
import { REDIS } from '../tokens';
import { AccessTokenVerifier, AuthMessages } from './access-token.verifier';
import { ApiKeyCache } from './api-key-cache';
import { API_KEY_SCOPE } from './api-key-scope.decorator';

type AuthedRequest = FastifyRequest & { caller?: Caller };

/**
 * Lets a request through with a valid access token of a live session. A signed-out session
 * is known from Redis at once (from auth-service while Redis is away); a session where an
 * admin acts as a user is checked with auth-service on every request, so that removing the
 * admin ends it immediately.
 *
 * An API key (`kl_live_…`) is accepted only on routes marked with ApiKeyScopeNeeded, within
 * its scopes and its own rate limit; every other route answers it 403.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyCache,
    private readonly limiter: RedisRateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthedRequest>();
    const token = bearerOf(request);
    request.caller =
      token && looksLikeApiKey(token)
        ? await this.keyCaller(context, token, http.getResponse<FastifyReply>())
        : await this.callerOf(request);
    return true;
  }

  /** The owner an API key stands for, if the route takes keys and the key has its scope. */
  private async keyCaller(
    context: ExecutionContext,
    key: string,
    reply: FastifyReply,
  ): Promise<Caller> {
    const needed = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(API_KEY_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!needed) throw new ServiceError(ErrorCode.FORBIDDEN, ApiKeyMessages.sessionOnly);
    if (!isApiKeyFormat(key))
      throw new ServiceError(ErrorCode.UNAUTHORIZED, ApiKeyMessages.invalid);
    const identity = await this.apiKeys.identify(key);
    if (!scopeAllows(identity.scopes, needed))
      throw new ServiceError(ErrorCode.FORBIDDEN, ApiKeyMessages.missingScope(needed));
    await enforceApiKeyRateLimit(this.limiter, this.logger, identity.keyId, reply);
    return {
      userId: identity.userId,
      sessionId: `api-key:${identity.keyId}`,
      role: identity.role,
      apiKeyId: identity.keyId,
    };
  }

  /**
   * The caller a request's bearer token names, or a 401. Plain Fastify routes that also
   * answer signed-in owners (the QR codes of a private shop) ask it directly.
   */
  async callerOf(request: FastifyRequest): Promise<Caller> {
    const token = bearerOf(request);
    if (!token) throw new ServiceError(ErrorCode.UNAUTHORIZED, AuthMessages.loginRequired);
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

/** The token of an `Authorization: Bearer …` header, if there is one. */
function bearerOf(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The verified caller of a route behind AuthGuard. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => {
    const caller = context.switchToHttp().getRequest<AuthedRequest>().caller;
    if (!caller) throw new Error('CurrentCaller used on a route without AuthGuard');
    return caller;
  },
);
