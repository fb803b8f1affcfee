import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { LOGGER, type Logger, RedisRateLimiter } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG } from '../tokens';
import type { GatewayConfig } from '../config';
import { enforceRateLimit } from './enforce';
import { RATE_LIMIT, type RateLimitPolicy } from './rate-limit.decorator';

/** Every Nest route's budget: its own (@RateLimit), the default, or none (@SkipRateLimit). */
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
    const http = context.switchToHttp();
    await enforceRateLimit(
      this.limiter,
      this.logger,
      policy ?? this.defaultPolicy,
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
    );
    return true;
  }
}
