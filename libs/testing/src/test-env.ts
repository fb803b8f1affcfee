import type { AppSecrets, InfraEnv } from '@kartlink/infra';

/** What the Jest global setups hand to the test workers through process.env. */
export interface TestEnv extends InfraEnv, AppSecrets {
  /** MailDev's REST API, where the mail the apps send during the run arrives. */
  MAILDEV_API_URL: string;
}

const TEST_ENV_KEYS: readonly (keyof TestEnv)[] = [
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'NATS_URL',
  'NATS_SUBJECT_PREFIX',
  'SMTP_URL',
  'MAILDEV_API_URL',
  'KEY_ENCRYPTION_KEYS',
];

function missingEnvError(names: readonly string[]): Error {
  return new Error(
    `${names.join(', ')} not set: run this test through Jest's integration, e2e or browser ` +
      `project (npm test, or npx jest --selectProjects integration), whose global setup sets them.`,
  );
}

/** The run's infrastructure settings, set by the global setup. */
export function readTestEnv(env: NodeJS.ProcessEnv = process.env): TestEnv {
  // REDIS_KEY_PREFIX and NATS_SUBJECT_PREFIX are never empty in a test run.
  const missing = TEST_ENV_KEYS.filter((key) => !env[key]);
  if (missing.length > 0) throw missingEnvError(missing);
  return Object.fromEntries(TEST_ENV_KEYS.map((key) => [key, env[key]])) as unknown as TestEnv;
}

/** The launched stack's base URL (e2e and browser projects), e.g. http://127.0.0.1:41234. */
export function stackBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.KARTLINK_BASE_URL;
  if (!url) throw missingEnvError(['KARTLINK_BASE_URL']);
  return url;
}
