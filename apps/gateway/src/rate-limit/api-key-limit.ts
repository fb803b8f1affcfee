import { API_KEY_RATE_LIMIT, ApiKeyMessages, ErrorCode } from '@kartlink/contracts';
import { type Logger, type RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply } from 'fastify';

const POLICY = 'api-key';

/** `RateLimit-Policy` of every key (IETF draft httpapi-ratelimit-headers): quota and window. */
const API_KEY_RATE_LIMIT_POLICY = `"${POLICY}";q=${API_KEY_RATE_LIMIT.limit};w=${API_KEY_RATE_LIMIT.windowMs / 1000}`;

/**
 * Counts a request against its API key's budget in Redis (shared by every replica), says the
 * budget in the `RateLimit` and `RateLimit-Policy` headers, and refuses with 429 and
 * Retry-After when it is spent. Redis away: let through, as the per-address limits are.
 */
export async function enforceApiKeyRateLimit(
  limiter: Pick<RedisRateLimiter, 'hit'>,
  logger: Logger,
  keyId: string,
  reply: FastifyReply,
): Promise<void> {
  let result;
  try {
    result = await limiter.hit(
      `${POLICY}:${keyId}`,
      API_KEY_RATE_LIMIT.limit,
      API_KEY_RATE_LIMIT.windowMs,
    );
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; request let through');
    return;
  }
  const resetSeconds = Math.max(0, Math.ceil(result.resetMs / 1000));
  void reply
    .header('ratelimit-policy', API_KEY_RATE_LIMIT_POLICY)
    .header('ratelimit', `"${POLICY}";r=${result.remaining};t=${resetSeconds}`);
  if (result.allowed) return;
  void reply.header('retry-after', Math.max(1, resetSeconds));
  throw new ServiceError(ErrorCode.RATE_LIMITED, ApiKeyMessages.rateLimited);
}
