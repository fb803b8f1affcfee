import { int, url, type ConfigOf } from '@kartlink/config';
import { redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  ...redisEnvSchema,
  PUBLIC_URL: url({
    description: 'address people open the product at; short links start with it',
    protocols: ['http', 'https'],
    default: 'http://localhost:3000',
  }),
  FREE_PRODUCT_LIMIT: int({
    description: 'products a shop on the free plan may have',
    default: 25,
    min: 1,
    max: 100_000,
  }),
  SERVICE_TIMEOUT_MS: int({
    description: 'how long a request to another service may take',
    default: 5000,
    min: 100,
    max: 60_000,
  }),
};
export type ShopConfig = ConfigOf<typeof configSchema>;
