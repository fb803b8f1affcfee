import { bool, int, str, type ConfigOf } from '@kartlink/config';
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
  IMAGE_SWEEP_GRACE_MS: int({
    description:
      'an image no shop, product or profile names is deleted once it has been seen unreferenced this long (twice, this far apart) and is at least this old',
    default: 24 * 3600_000,
    min: 1000,
    max: 365 * 24 * 3600_000,
  }),
  IMAGE_SWEEP_EVERY_MS: int({
    description: 'how often the image sweep runs (0 = never on a schedule: by hand only)',
    default: 3600_000,
    min: 0,
    max: 7 * 24 * 3600_000,
  }),
  IMAGE_SWEEP_DRY_RUN: bool({
    description:
      'the scheduled sweep only logs what it would delete; set false once a dry run has listed only images nobody uses',
    default: true,
  }),
  STORE_PAGE_ALLOW_HOSTS: str({
    description:
      'hosts a store page read for the link form may be on although they are private or loopback addresses (comma-separated; for tests and closed networks)',
    default: '',
  }),
  STORE_PAGE_TIMEOUT_MS: int({
    description: 'how long reading a store page may take, redirects included',
    default: 5000,
    min: 500,
    max: 30_000,
  }),
  STORE_PAGE_MAX_BYTES: int({
    description: 'largest store page read, in bytes of HTML',
    default: 2 * 1024 * 1024,
    min: 64 * 1024,
    max: 16 * 1024 * 1024,
  }),
  STORE_PAGE_CACHE_SECONDS: int({
    description: 'how long what a store page said is kept and answered again for its address',
    default: 86_400,
    min: 0,
    max: 7 * 86_400,
  }),
  STORE_PAGE_READS_PER_MINUTE: int({
    description: 'store pages one owner may have read in a minute',
    default: 20,
    min: 1,
    max: 10_000,
  }),
  MEDIA_TEST_DELAY_MS: int({
    description: 'tests only: a pause inside each image job, to stop a worker mid-job (0 = none)',
    default: 0,
    min: 0,
    max: 600_000,
  }),
};
export type MediaConfig = ConfigOf<typeof configSchema>;
