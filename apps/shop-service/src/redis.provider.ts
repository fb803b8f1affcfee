import { CONFIG, redisProviders } from '@kartlink/server-kit';

export const REDIS = Symbol('REDIS');

export const shopRedisProviders = redisProviders(REDIS, CONFIG, 'shop-service');
