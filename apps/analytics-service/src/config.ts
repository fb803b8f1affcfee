import { int, timeZone, type ConfigOf } from '@kartlink/config';
import { jetStreamEnvSchema, redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  ...redisEnvSchema,
  ...jetStreamEnvSchema,
  ANALYTICS_TIMEZONE: timeZone({
    description: 'time zone of the reporting day: events are folded into its calendar days',
    default: 'Asia/Kolkata',
  }),
  ANALYTICS_BATCH_SIZE: int({
    description: 'events stored with one multi-row insert, at most',
    default: 1000,
    min: 1,
    max: 10_000,
  }),
  ANALYTICS_BATCH_WAIT_MS: int({
    description: 'how long a partial batch waits for more events before it is stored',
    default: 200,
    min: 1,
    max: 10_000,
  }),
  ANALYTICS_MAX_ACK_PENDING: int({
    description: 'events delivered to the replicas and not yet stored, at most (back-pressure)',
    default: 10_000,
    min: 1,
    max: 1_000_000,
  }),
  ANALYTICS_ACK_WAIT_MS: int({
    description: 'an event delivered and not acknowledged this long is delivered again',
    default: 15_000,
    min: 1000,
    max: 600_000,
  }),
  ANALYTICS_FOLD_EVERY_MS: int({
    description: 'how often stored events are folded into the rollups (BullMQ repeatable job)',
    default: 2000,
    min: 100,
    max: 3_600_000,
  }),
  // 100,000: a 400,000-event backlog folded at 18,311–19,866 events/s against 14,511–15,524
  // with 50,000 (`ANALYTICS_FOLD_BATCH=… BENCH_BACKLOG=400000 BENCH_ONLY=rollups npm run bench
  // -- large`, 3 interleaved pairs): a larger batch has more events per product-day to sum.
  ANALYTICS_FOLD_BATCH: int({
    description: 'events folded in one transaction, at most',
    default: 100_000,
    min: 1,
    max: 100_000,
  }),
  ANALYTICS_RETENTION_DAYS: int({
    description:
      'raw events (and daily visitor hashes) are deleted after this many days; rollups stay',
    default: 90,
    min: 1,
    max: 3650,
  }),
  SERVICE_TIMEOUT_MS: int({
    description: 'how long a request to another service may take',
    default: 5000,
    min: 100,
    max: 60_000,
  }),
};
export type AnalyticsConfig = ConfigOf<typeof configSchema>;
