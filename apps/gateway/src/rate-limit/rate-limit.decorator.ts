import { SetMetadata } from '@nestjs/common';

export interface RateLimitPolicy {
  /** Names the counter, so that routes sharing a name share a budget. */
  name: string;
  limit: number;
  windowMs: number;
  /** Said when the budget is spent; SPEC's general rate-limit message by default. */
  message?: string;
}

export const RATE_LIMIT = Symbol('RATE_LIMIT');

/** A stricter (or looser) budget for one route, counted per client address. */
export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(RATE_LIMIT, policy);

/** Routes that must always answer (health probes) are not counted. */
export const SkipRateLimit = () => SetMetadata(RATE_LIMIT, false);
