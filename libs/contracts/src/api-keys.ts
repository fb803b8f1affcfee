import type { UserRole } from './auth';

/**
 * API keys: an owner's scripts authenticate with `Authorization: Bearer kl_live_…` on the
 * routes the dashboard uses for products and analytics, within the key's scopes. The secret
 * is shown once; auth-service keeps only its SHA-256 and a visible prefix.
 */

/** Every key starts with this, so that people and secret scanners can tell what it is. */
export const API_KEY_PREFIX = 'kl_live_';
/** Random bytes in a key's secret part (base64url: 43 characters). */
export const API_KEY_SECRET_BYTES = 32;
/** How much of a key is kept and shown in the list: `kl_live_` and the secret's first 4. */
const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 4;
export const MAX_API_KEYS_PER_USER = 25;
export const API_KEY_NAME_MAX = 60;
/** Requests one key may make per window (every gateway replica shares the count). */
export const API_KEY_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;

export const ApiKeyScope = {
  readProducts: 'products:read',
  writeProducts: 'products:write',
  readAnalytics: 'analytics:read',
} as const;
export type ApiKeyScope = (typeof ApiKeyScope)[keyof typeof ApiKeyScope];
export const API_KEY_SCOPES: readonly ApiKeyScope[] = Object.values(ApiKeyScope);

/** What the account page says of each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'products:read': 'Read products',
  'products:write': 'Write products',
  'analytics:read': 'Read analytics',
};

/** The expiries the account page offers, in days (null: never). */
export const API_KEY_EXPIRY_DAYS: readonly (number | null)[] = [30, 90, 365, null];
/** The furthest expiry a key may have. */
const API_KEY_MAX_EXPIRY_DAYS = 366 * 2;

export const ApiKeyMessages = {
  invalid: 'Invalid API key.',
  expired: 'This API key has expired.',
  sessionOnly:
    'API keys cannot be used on this route: account, admin, session, shop settings and API key routes need a signed-in session.',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the ${scope} scope this route needs.`,
  tooMany: `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one you no longer use.`,
  impersonating: 'An admin signed in as this user cannot create API keys.',
  notFound: 'API key not found.',
  rateLimited: 'Too many requests with this API key. Please wait and try again.',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  badScope: `Scopes must be among ${API_KEY_SCOPES.join(', ')}`,
  badExpiry: `Expiry must be a future date within ${API_KEY_MAX_EXPIRY_DAYS} days, or null for none`,
} as const;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether a bearer token is meant as an API key (then it is never read as a session token). */
export const looksLikeApiKey = (token: string) => token.startsWith('kl_');

/** Whether a token has a key's exact shape: the prefix and 43 base64url characters. */
export const isApiKeyFormat = (token: string) => KEY_PATTERN.test(token);

/** The part of a key kept in clear and shown in the list, e.g. `kl_live_Ab3x`. */
export const visiblePrefixOf = (key: string) => key.slice(0, API_KEY_VISIBLE_LENGTH);

/** Whether a key with these scopes may use a route that needs `needed` (write includes read). */
export function scopeAllows(granted: readonly string[], needed: ApiKeyScope): boolean {
  if (granted.includes(needed)) return true;
  return needed === ApiKeyScope.readProducts && granted.includes(ApiKeyScope.writeProducts);
}

const isApiKeyScope = (value: unknown): value is ApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);

/** The problem with a new key's scopes, in words, or undefined. */
export function apiKeyScopesProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return ApiKeyMessages.scopesRequired;
  if (!value.every(isApiKeyScope)) return ApiKeyMessages.badScope;
  return undefined;
}

/** The problem with a new key's name, in words, or undefined. */
export function apiKeyNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return ApiKeyMessages.nameRequired;
  if (value.trim().length > API_KEY_NAME_MAX) return ApiKeyMessages.nameTooLong;
  return undefined;
}

/** The problem with a new key's expiry (an ISO date-time, or null for none), or undefined. */
export function apiKeyExpiryProblem(value: unknown, now = Date.now()): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value))
    return ApiKeyMessages.badExpiry;
  const at = Date.parse(value);
  if (Number.isNaN(at) || at <= now || at > now + API_KEY_MAX_EXPIRY_DAYS * 86_400_000)
    return ApiKeyMessages.badExpiry;
  return undefined;
}

/** GET /api/auth/api-keys: one key as its owner sees it (never its secret). */
export interface ApiKey {
  id: string;
  name: string;
  /** The first characters of the key, e.g. `kl_live_Ab3x`, to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  /** Updated at most once a minute. */
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** POST /api/auth/api-keys: the key, and its secret, shown this once. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}

export interface CreateApiKeyBody {
  name: string;
  scopes: ApiKeyScope[];
  /** ISO date-time; null or left out: the key never expires. */
  expiresAt?: string | null;
}

/** Subjects.auth.verifyApiKey's answer: whom a live key stands for. */
export interface ApiKeyIdentity {
  keyId: string;
  userId: string;
  role: UserRole;
  scopes: ApiKeyScope[];
  expiresAt: string | null;
}

/** Events.apiKeysRevoked: a user's keys changed (one revoked, or all gone with the account). */
export interface ApiKeysRevoked {
  userId: string;
}
