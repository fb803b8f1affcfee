import { int, oneOf, str, url } from '@kartlink/config';
import { LOG_LEVELS } from './logger';
import { TRACE_SAMPLERS } from './tracing';

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
  // The standard OpenTelemetry variables (tracing.ts); the SDK reads the others it knows
  // (OTEL_EXPORTER_OTLP_HEADERS, OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_*...) itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: url({
    description:
      'OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318) to send traces to; empty: no tracing at all',
    protocols: ['http', 'https'],
    default: '',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url({
    description:
      'full URL of the OTLP/HTTP traces endpoint (e.g. http://tempo:4318/v1/traces), in place of OTEL_EXPORTER_OTLP_ENDPOINT',
    protocols: ['http', 'https'],
    default: '',
  }),
  OTEL_SERVICE_NAME: str({
    description: "the app's name in traces; empty: its own (gateway, shop-service...)",
    default: '',
  }),
  OTEL_TRACES_SAMPLER: oneOf(TRACE_SAMPLERS, {
    description:
      'which traces are kept: parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG keeps that share of new traces and follows the caller’s choice',
    default: 'parentbased_always_on',
  }),
  OTEL_TRACES_SAMPLER_ARG: str({
    description: 'the share of traces kept by a traceidratio sampler, from 0 to 1',
    default: '1',
    pattern: /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/,
    patternError: 'must be a number from 0 to 1',
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
