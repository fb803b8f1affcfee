import { int, str, url, type ConfigOf } from '@kartlink/config';
import { redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  SMTP_URL: url({
    description: 'SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465',
    protocols: ['smtp', 'smtps'],
    default: 'smtp://127.0.0.1:1025',
    secret: true,
  }),
  ...redisEnvSchema,
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
  MAIL_FROM: str({
    description: 'sender of outgoing mail',
    default: 'Kartlink <no-reply@kartlink.local>',
  }),
};
export type AuthConfig = ConfigOf<typeof configSchema>;
