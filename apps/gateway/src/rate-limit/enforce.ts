import { DefaultErrorMessage, ErrorCode } from '@kartlink/contracts';
import { type Logger, type RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitPolicy } from './rate-limit.decorator';

/**
 * Counts a request against its policy, per client address, in Redis (every gateway replica
 * shares one budget), says the budget in headers, and refuses with 429 and Retry-After when it
 * is spent. If Redis is unreachable the request is let through: losing rate limiting for a
 * moment is better than refusing every visitor. Nest's routes come here through
 * RateLimitGuard, the plain Fastify ones call it themselves.
 */
export async function enforceRateLimit(
  limiter: Pick<RedisRateLimiter, 'hit'>,
  logger: Logger,
  policy: RateLimitPolicy,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { name, limit, windowMs, message } = policy;
  let result;
  try {
    result = await limiter.hit(`${name}:${request.ip}`, limit, windowMs);
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; request let through');
    return;
  }
  void reply.header('x-ratelimit-limit', limit).header('x-ratelimit-remaining', result.remaining);
  if (result.allowed) return;
  void reply.header('retry-after', Math.ceil(result.resetMs / 1000));
  throw new ServiceError(ErrorCode.RATE_LIMITED, message ?? DefaultErrorMessage.rateLimit);
}
