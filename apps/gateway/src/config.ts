import { int, origins, str, timeZone, trustedProxies, url, type ConfigOf } from '@kartlink/config';
import {
  commonEnvSchema,
  jetStreamEnvSchema,
  redisEnvSchema,
  storeHostPolicyEnvSchema,
} from '@kartlink/server-kit';

export const configSchema = {
  ...commonEnvSchema,
  ...storeHostPolicyEnvSchema,
  HOST: str({ description: 'interface to listen on', default: '0.0.0.0' }),
  PORT: int({ description: 'HTTP port', default: 3000, min: 0, max: 65535 }),
  PUBLIC_URL: url({
    description: 'address people open the product at',
    protocols: ['http', 'https'],
    default: 'http://localhost:3000',
  }),
  WEB_ORIGIN: origins({
    description: 'browser origins allowed to call the API with credentials (CORS), comma-separated',
    default: ['http://localhost:3000', 'http://localhost:5173'],
  }),
  WEB_DIST_DIR: str({
    description: 'folder of the built web app to serve; empty to serve the API only',
    default: '',
  }),
  TRACKING_TAGS: str({
    description:
      'third-party tags the web build switched on (VITE_*), comma-separated: meta-pixel, google-analytics; the CSP lets only these load and send',
    default: '',
    pattern:
      /^\s*(?:(?:meta-pixel|google-analytics)\s*(?:,\s*(?:meta-pixel|google-analytics)\s*)*)?$/,
  }),
  TRUST_PROXY: trustedProxies({
    description:
      'proxies in front whose X-Forwarded-For names the client: their number (1 behind one ingress; 0 when clients connect directly) or their addresses/CIDR ranges, comma-separated',
    default: 0,
  }),
  BODY_LIMIT_BYTES: int({
    description: 'largest JSON body accepted',
    default: 1_048_576,
    min: 1024,
    max: 10_485_760,
  }),
  SERVICE_TIMEOUT_MS: int({
    description: 'how long a service request may take before a 504',
    default: 5000,
    min: 100,
    max: 60_000,
  }),
  RATE_LIMIT_MAX: int({
    description: 'requests per client address per window, by default',
    default: 300,
    min: 1,
    max: 1_000_000,
  }),
  RATE_LIMIT_WINDOW_MS: int({
    description: 'length of a rate-limit window',
    default: 60_000,
    min: 1000,
    max: 86_400_000,
  }),
  TRACK_RATE_LIMIT_PER_MINUTE: int({
    description: 'visit and click recordings accepted per client address per minute',
    default: 600,
    min: 1,
    max: 10_000_000,
  }),
  ANALYTICS_TIMEZONE: timeZone({
    description: 'time zone of the analytics reporting day (the visitor salt rotates with it)',
    default: 'Asia/Kolkata',
  }),
  UPLOAD_TIMEOUT_MS: int({
    description: 'how long an image upload may wait for media-service to check and store it',
    default: 55_000,
    min: 1000,
    max: 300_000,
  }),
  TAP_TOKEN_SECRET: str({
    description:
      'key of the store sheet’s tap proofs (HMAC); empty: a random key shared by the replicas through Redis',
    secret: true,
    default: '',
  }),
  VISITOR_COUNTRY_HEADER: str({
    description:
      'request header carrying the visitor’s ISO country code, set by the edge (Cloudflare: cf-ipcountry; others: x-country); empty to ignore',
    default: 'cf-ipcountry',
    pattern: /^[A-Za-z0-9-]*$/,
  }),
  IN_APP_ESCAPES_OFF: str({
    description:
      'in-app browser escapes switched off, comma-separated ids of IN_APP_ESCAPES (e.g. instagram-ios,facebook-ios); they fall back to the copy-link screen',
    default: '',
    pattern: /^[a-z0-9, -]*$/,
  }),
  GATEWAY_HOSTS: str({
    description:
      'other host names the product itself answers at besides those of PUBLIC_URL and WEB_ORIGIN, localhost and IP addresses (comma-separated; e.g. the in-cluster service name); any other host serves the shop verified at it, or a 404 page',
    default: '',
  }),
  PUBLIC_READ_CACHE_MS: int({
    description:
      'how long a replica keeps a public read in its own memory (change events clear it sooner); 0 keeps none, every read then asks shop-service',
    default: 5000,
    min: 0,
    max: 60_000,
  }),
  ...redisEnvSchema,
  ...jetStreamEnvSchema,
};
export type GatewayConfig = ConfigOf<typeof configSchema>;
