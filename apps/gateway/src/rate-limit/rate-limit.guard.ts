import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DefaultErrorMessage, ErrorCode } from '@kartlink/contracts';
import { LOGGER, type Logger, RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG } from '../tokens';
import type { GatewayConfig } from '../config';
import { RATE_LIMIT, type RateLimitPolicy } from './rate-limit.decorator';

/**
 * Counts requests per client address in Redis, so every gateway replica shares one budget.
 * If Redis is unreachable the request is let through: losing rate limiting for a moment is
 * better than refusing every visitor.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly defaultPolicy: RateLimitPolicy;

  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RedisRateLimiter,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.defaultPolicy = {
      name: 'default',
      limit: config.RATE_LIMIT_MAX,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<RateLimitPolicy | false | undefined>(
      RATE_LIMIT,
      [context.getHandler(), context.getClass()],
    );
    if (policy === false) return true;
    const { name, limit, windowMs, message } = policy ?? this.defaultPolicy;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    let result;
    try {
      result = await this.limiter.hit(`${name}:${request.ip}`, limit, windowMs);
    } catch (err) {
      this.logger.warn(
        { err: (err as Error).message },
        'rate limiter unavailable; request let through',
      );
      return true;
    }
    void reply.header('x-ratelimit-limit', limit).header('x-ratelimit-remaining', result.remaining);
    if (result.allowed) return true;
    void reply.header('retry-after', Math.ceil(result.resetMs / 1000));
    throw new ServiceError(ErrorCode.RATE_LIMITED, message ?? DefaultErrorMessage.rateLimit);
  }
}
