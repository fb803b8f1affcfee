import { int, str, url, type ConfigOf } from '@kartlink/config';
import { jetStreamEnvSchema, redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  ...redisEnvSchema,
  ...jetStreamEnvSchema,
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
  SHORT_LINK_ALLOW_HOSTS: str({
    description:
      'hosts a short store link may lead to although they are private or loopback addresses (comma-separated; for tests and closed networks)',
    default: '',
  }),
  SHORT_LINK_EXTRA_HOSTS: str({
    description:
      'hosts treated as store link shorteners besides amzn.to, amzn.in, fkrt.it, fkrt.co, myntr.it, msho.in (comma-separated)',
    default: '',
  }),
};
export type ShopConfig = ConfigOf<typeof configSchema>;
