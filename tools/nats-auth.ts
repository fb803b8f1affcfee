import {
  ACCOUNTS_STREAM_SUBJECTS,
  ANALYTICS_TRACK_SUBJECTS,
  Events,
  MEDIA_STREAM_SUBJECTS,
  Subjects,
} from '@kartlink/contracts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Each app's own NATS user and what it may publish and subscribe to: the subjects it serves,
 * those it calls, its events, and JetStream where it uses streams or the object store. A
 * service answers requests through `allow_responses` (only to the reply subject of a request it
 * received), so no app may publish to another's inbox, and only the owning service may
 * subscribe to its subjects: nobody else can answer in its place.
 *
 *   npx tsx tools/nats-auth.ts <folder> [subject prefix]
 *
 * writes, for a deployment (keep them out of the repository):
 *   nats-auth.conf          the `authorization` block for nats-server (include it in its config)
 *   nats-values.yaml        the same for the NATS Helm chart (`helm upgrade … -f`)
 *   nats-secrets.env        NATS_PASSWORD_<APP> lines for the Secret kartlink-secrets
 * Passwords are new on every run: apply all three together.
 */

export const NATS_APPS = [
  'gateway',
  'auth-service',
  'shop-service',
  'media-service',
  'analytics-service',
] as const;
export type NatsApp = (typeof NATS_APPS)[number];

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer requests it received (publish to their reply subjects only). */
  allowResponses: boolean;
}

/** Replies to this app's own requests, and JetStream deliveries, arrive in inboxes. */
const INBOX = '_INBOX.>';
/** The JetStream API, acknowledgements and flow control (streams, durable consumers). */
const JETSTREAM = ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>'];
/** The object store's chunks and metadata (blobs). */
const OBJECT_STORE = '$O.>';

/** The subject each app's user may use, under `prefix` (NATS_SUBJECT_PREFIX). */
export function natsPermissions(prefix = ''): Record<NatsApp, NatsPermissions> {
  const p = (subject: string) => `${prefix}${subject}`;
  const service = (name: string, calls: string[], publish: string[] = []): NatsPermissions => ({
    // The health probe runs with the service's own user and asks the service itself.
    publish: [p(`${name}.health`), ...calls.map(p), ...publish],
    subscribe: [p(`${name}.>`), INBOX],
    allowResponses: true,
  });
  return {
    gateway: {
      publish: [
        ...['auth', 'shop', 'media', 'analytics'].map((name) => p(`${name}.>`)),
        p(ANALYTICS_TRACK_SUBJECTS),
        ...JETSTREAM,
        OBJECT_STORE,
      ],
      subscribe: [p(Events.shopChanged), p(Events.apiKeysRevoked), INBOX],
      allowResponses: false,
    },
    'auth-service': service(
      'auth',
      [
        Subjects.shop.accountShop,
        Subjects.shop.applyUserDeleted,
        ACCOUNTS_STREAM_SUBJECTS,
        Events.apiKeysRevoked,
      ],
      JETSTREAM, // publishes and consumes ACCOUNTS
    ),
    'shop-service': service(
      'shop',
      [
        Subjects.auth.userPlan,
        Subjects.auth.webhookDisabledMail,
        Events.shopChanged,
        Subjects.media.readStorePage,
        Subjects.media.copyImage,
      ],
      JETSTREAM, // consumes MEDIA, ACCOUNTS, and the product clicks and clicks of ANALYTICS
    ),
    'media-service': service(
      'media',
      [
        Subjects.shop.applyBanners,
        Subjects.shop.status,
        Subjects.shop.referencedImages,
        Subjects.auth.referencedImages,
        MEDIA_STREAM_SUBJECTS,
      ],
      [...JETSTREAM, OBJECT_STORE],
    ),
    'analytics-service': service(
      'analytics',
      [Subjects.shop.analyticsResolve, Subjects.shop.publicProduct, Events.productClicks],
      JETSTREAM, // stores and consumes ANALYTICS, consumes ACCOUNTS
    ),
  };
}

/** `NATS_PASSWORD_GATEWAY`, `NATS_PASSWORD_AUTH_SERVICE`, …: the Secret's key of an app's password. */
export const natsPasswordKey = (app: NatsApp) =>
  `NATS_PASSWORD_${app.toUpperCase().replace(/-/g, '_')}`;

export function newNatsPasswords(): Record<NatsApp, string> {
  return Object.fromEntries(
    NATS_APPS.map((app) => [app, randomBytes(24).toString('base64url')]),
  ) as Record<NatsApp, string>;
}

function users(passwords: Record<NatsApp, string>, prefix: string) {
  const permissions = natsPermissions(prefix);
  return NATS_APPS.map((app) => ({
    user: app,
    password: passwords[app],
    permissions: {
      publish: { allow: permissions[app].publish },
      subscribe: { allow: permissions[app].subscribe },
      ...(permissions[app].allowResponses ? { allow_responses: true } : {}),
    },
  }));
}

/** nats-server's `authorization` block (its config format accepts JSON values). */
export function natsAuthorizationConfig(passwords: Record<NatsApp, string>, prefix = ''): string {
  return `# Kartlink's NATS users (tools/nats-auth.ts). Secret: holds passwords.\nauthorization ${JSON.stringify({ users: users(passwords, prefix) }, null, 2)}\n`;
}

/** The same users as values of the NATS Helm chart (`config.merge`); JSON is YAML. */
function natsHelmValues(passwords: Record<NatsApp, string>, prefix = ''): string {
  return `${JSON.stringify({ config: { merge: { authorization: { users: users(passwords, prefix) } } } }, null, 2)}\n`;
}

// `npx tsx tools/nats-auth.ts <folder> [prefix]`
if (require.main === module) {
  const [folder, prefix = ''] = process.argv.slice(2);
  if (!folder) {
    console.error('Usage: npx tsx tools/nats-auth.ts <folder> [subject prefix]');
    process.exit(2);
  }
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  const passwords = newNatsPasswords();
  const secret = { mode: 0o600 };
  writeFileSync(join(dir, 'nats-auth.conf'), natsAuthorizationConfig(passwords, prefix), secret);
  writeFileSync(join(dir, 'nats-values.yaml'), natsHelmValues(passwords, prefix), secret);
  writeFileSync(
    join(dir, 'nats-secrets.env'),
    NATS_APPS.map((app) => `${natsPasswordKey(app)}=${passwords[app]}\n`).join(''),
    secret,
  );
  console.log(`Wrote nats-auth.conf, nats-values.yaml and nats-secrets.env in ${dir}.`);
}
