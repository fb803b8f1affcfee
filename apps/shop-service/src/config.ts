import { int, str, url, type ConfigOf } from '@kartlink/config';
import {
  jetStreamEnvSchema,
  redisEnvSchema,
  serviceEnvSchema,
  storeHostPolicyEnvSchema,
} from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  ...redisEnvSchema,
  ...jetStreamEnvSchema,
  ...storeHostPolicyEnvSchema,
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
  WEBHOOK_ALLOW_HTTP_HOSTS: str({
    description:
      'hosts a webhook may be sent to over plain http and although they are private or loopback addresses (comma-separated; for tests and closed networks)',
    default: '',
  }),
  WEBHOOK_TIMEOUT_MS: int({
    description: 'how long a webhook endpoint may take to answer one delivery',
    default: 10_000,
    min: 100,
    max: 60_000,
  }),
  WEBHOOK_ATTEMPTS: int({
    description:
      'attempts of a webhook delivery before it is failed (with WEBHOOK_BACKOFF_MS: about a day of retries)',
    default: 15,
    min: 1,
    max: 50,
  }),
  WEBHOOK_BACKOFF_MS: int({
    description:
      'wait before the first retry of a webhook delivery; each next one waits twice as long',
    default: 5300,
    min: 10,
    max: 3_600_000,
  }),
  WEBHOOK_DISABLE_AFTER_MS: int({
    description:
      'a webhook endpoint whose deliveries all failed for this long is disabled and its owner told by e-mail',
    default: 86_400_000,
    min: 1000,
    max: 30 * 86_400_000,
  }),
  CUSTOM_DOMAIN_TARGET: str({
    description:
      'the host a custom domain points to with a CNAME record (the ingress); the host of PUBLIC_URL when empty',
    default: '',
  }),
  DNS_SERVERS: str({
    description:
      'DNS servers custom domains are checked with (comma-separated host or host:port); the system resolver when empty',
    default: '',
  }),
  DNS_TIMEOUT_MS: int({
    description: 'how long one DNS query of a custom domain check may take',
    default: 3000,
    min: 100,
    max: 30_000,
  }),
  DOMAIN_CHECK_EVERY_MS: int({
    description: 'how often shop-service looks for custom domains whose background check is due',
    default: 60_000,
    min: 100,
    max: 3_600_000,
  }),
  DOMAIN_RETRY_MS: int({
    description:
      'wait before re-checking a custom domain that is not verified; doubles after each failed check, up to DOMAIN_RECHECK_MS',
    default: 60_000,
    min: 100,
    max: 86_400_000,
  }),
  DOMAIN_RECHECK_MS: int({
    description: 'how often a verified custom domain is checked again',
    default: 3_600_000,
    min: 100,
    max: 7 * 86_400_000,
  }),
  DOMAIN_GRACE_MS: int({
    description:
      'a verified custom domain whose records fail for this long becomes unverified and is no longer served',
    default: 3 * 86_400_000,
    min: 0,
    max: 30 * 86_400_000,
  }),
};
export type ShopConfig = ConfigOf<typeof configSchema>;
