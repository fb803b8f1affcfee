import { int, str, url, type ConfigOf } from '@kartlink/config';
import { jetStreamEnvSchema, redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';
import { KEY_ENCRYPTION_KEYS_PATTERN } from './crypto/key-encryption';

export const configSchema = {
  ...serviceEnvSchema,
  SMTP_URL: url({
    description: 'SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465',
    protocols: ['smtp', 'smtps'],
    default: 'smtp://127.0.0.1:1025',
    secret: true,
  }),
  ...redisEnvSchema,
  ...jetStreamEnvSchema,
  SERVICE_TIMEOUT_MS: int({
    description: 'how long a request to another service (shop-service) may take',
    default: 5000,
    min: 100,
    max: 60_000,
  }),
  SESSION_DAYS: int({
    description: 'how long a "remember me" sign-in lasts',
    default: 30,
    min: 1,
    max: 365,
  }),
  SESSION_IDLE_SECONDS: int({
    description:
      'seconds after which a session not refreshed ends (604800: 7 days); keep it above 3600, the web app refreshes hourly while open',
    default: 7 * 24 * 3600,
    min: 1,
    max: 365 * 24 * 3600,
  }),
  PUBLIC_URL: url({
    description: 'address people open the product at (Google sends them back to it)',
    protocols: ['http', 'https'],
    default: 'http://localhost:3000',
  }),
  GOOGLE_ISSUER: url({
    description: 'OpenID Connect issuer for "Continue with Google"',
    protocols: ['https', 'http'],
    default: 'https://accounts.google.com',
  }),
  GOOGLE_CLIENT_ID: str({
    description: 'OAuth client id; Google sign-in is off while empty',
    default: '',
  }),
  GOOGLE_CLIENT_SECRET: str({ description: 'OAuth client secret', default: '', secret: true }),
  KEY_ENCRYPTION_KEYS: str({
    description:
      'keys that encrypt the signing keys at rest, id:base64 of 32 bytes, comma-separated, the ' +
      'current one first (older ones still decrypt); required in production',
    default: '',
    secret: true,
    requiredInProduction: true,
    pattern: KEY_ENCRYPTION_KEYS_PATTERN,
    patternError:
      'must list id:key pairs, each key 32 bytes in base64 (openssl rand -base64 32), comma-separated',
  }),
  MAIL_FROM: str({
    description: 'sender of outgoing mail',
    default: 'Kartlink <no-reply@kartlink.local>',
  }),
};
export type AuthConfig = ConfigOf<typeof configSchema>;
