import { CONFIG, redisProviders } from '@kartlink/server-kit';

export const REDIS = Symbol('REDIS');

export const authRedisProviders = redisProviders(REDIS, CONFIG, 'auth-service');
