import { int, type ConfigOf } from '@kartlink/config';
import { jetStreamEnvSchema, redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  ...redisEnvSchema,
  ...jetStreamEnvSchema,
  SERVICE_TIMEOUT_MS: int({
    description: 'how long a request to another service (shop-service) may take',
    default: 5000,
    min: 100,
    max: 60_000,
  }),
  MEDIA_WORKER_CONCURRENCY: int({
    description: 'images one replica processes at the same time',
    default: 2,
    min: 1,
    max: 32,
  }),
  MEDIA_MAX_PIXELS: int({
    description:
      'largest image accepted, in pixels (width × height × frames), read from the header',
    default: 40_000_000,
    min: 10_000,
    max: 268_402_689,
  }),
  MEDIA_PROCESS_TIMEOUT_MS: int({
    description: 'how long an upload waits for its image to be processed before giving up',
    default: 50_000,
    min: 1000,
    max: 300_000,
  }),
  MEDIA_JOB_LOCK_MS: int({
    description:
      "a job whose worker stopped renewing its lock this long is another worker's to retry",
    default: 10_000,
    min: 1000,
    max: 600_000,
  }),
  MEDIA_STALLED_CHECK_MS: int({
    description: 'how often workers look for jobs whose worker died',
    default: 5000,
    min: 500,
    max: 600_000,
  }),
  MEDIA_TEST_DELAY_MS: int({
    description: 'tests only: a pause inside each image job, to stop a worker mid-job (0 = none)',
    default: 0,
    min: 0,
    max: 600_000,
  }),
};
export type MediaConfig = ConfigOf<typeof configSchema>;
