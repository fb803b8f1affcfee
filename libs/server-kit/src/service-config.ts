import { int, oneOf, str, url } from '@kartlink/config';
import { LOG_LEVELS } from './logger';

/** Variables every app reads, the gateway included. */
export const commonEnvSchema = {
  NODE_ENV: oneOf(['development', 'production', 'test'] as const, {
    description: 'runtime mode',
    default: 'development',
  }),
  LOG_LEVEL: oneOf(LOG_LEVELS, {
    description: 'lowest level of log lines written',
    default: 'info',
  }),
  APP_VERSION: str({
    description: 'version reported by health checks and the API document',
    default: 'dev',
  }),
  NATS_URL: str({
    description: 'NATS server(s), comma-separated',
    default: 'nats://127.0.0.1:4222',
  }),
  NATS_USER: str({
    description:
      "the app's own NATS user, whose permissions allow only the subjects it serves and calls " +
      '(tools/nats-auth.ts); required in production',
    default: '',
    requiredInProduction: true,
  }),
  NATS_PASSWORD: str({
    description: "password of the app's NATS user; required in production",
    default: '',
    secret: true,
    requiredInProduction: true,
  }),
  NATS_SUBJECT_PREFIX: str({
    description: 'prefix of every NATS subject, to keep environments apart (e.g. "staging.")',
    default: '',
    pattern: /^([A-Za-z0-9_-]+\.)*$/,
  }),
  SHUTDOWN_TIMEOUT_MS: int({
    description:
      'on SIGTERM, how long in-flight work may take to finish before the process exits anyway ' +
      "(below the orchestrator's grace period)",
    default: 25_000,
    min: 1000,
    max: 600_000,
  }),
  METRICS_PORT: int({
    description:
      "port of the operators' HTTP server: GET /metrics (Prometheus), /healthz and /readyz; " +
      '0 serves none (the manifests and compose set 9464)',
    default: 0,
    min: 0,
    max: 65535,
  }),
  METRICS_HOST: str({
    description: 'interface the metrics and health port listens on',
    default: '0.0.0.0',
  }),
};

/** Variables every NATS service reads; a service adds its own beside them. */
export const serviceEnvSchema = {
  ...commonEnvSchema,
  DATABASE_URL: url({
    description: 'PostgreSQL database of the product; each service uses its own schema in it',
    protocols: ['postgres', 'postgresql'],
    default: 'postgres://postgres@127.0.0.1:5432/kartlink',
    secret: true,
  }),
  DATABASE_POOL_SIZE: int({
    description: 'connections per replica',
    default: 10,
    min: 1,
    max: 100,
  }),
};

/** Variables of the apps that use Redis. */
export const redisEnvSchema = {
  REDIS_URL: url({
    description: 'Redis for caches, rate limits and queues',
    protocols: ['redis', 'rediss'],
    default: 'redis://127.0.0.1:6379',
    secret: true,
  }),
  REDIS_KEY_PREFIX: str({ description: 'prefix of every Redis key', default: 'kartlink:' }),
};
