import { CONFIG, redisProviders } from '@kartlink/server-kit';

/** Cache and rate limits (the store pages read for the link form). */
export const REDIS = Symbol('REDIS');

export const mediaRedisProviders = redisProviders(REDIS, CONFIG, 'media-service');
