import { DefaultErrorMessage, ErrorCode } from '@kartlink/contracts';
import { type RedisRateLimiter, ServiceError } from '@kartlink/server-kit';

/** Codes an e-mail address may be sent per window, whatever the purpose (the gateway limits per IP). */
const CODE_SENDS = { limit: 5, windowMs: 15 * 60_000 };

export async function countCodeSend(limiter: RedisRateLimiter, email: string) {
  const result = await limiter.hit(`code-sends:${email}`, CODE_SENDS.limit, CODE_SENDS.windowMs);
  if (!result.allowed)
    throw new ServiceError(ErrorCode.RATE_LIMITED, DefaultErrorMessage.rateLimit);
}
