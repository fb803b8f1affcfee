import {
  apiKeyExpiryProblem,
  apiKeyNameProblem,
  apiKeyScopesProblem,
  isApiKeyFormat,
  looksLikeApiKey,
  scopeAllows,
  visiblePrefixOf,
} from './api-keys';

const KEY = `kl_live_${'a1B_-'.repeat(8)}xyz`;

describe('API key format', () => {
  it('is the prefix and 43 base64url characters', () => {
    expect(KEY).toHaveLength(51);
    expect(isApiKeyFormat(KEY)).toBe(true);
    expect(isApiKeyFormat(`${KEY}x`)).toBe(false);
    expect(isApiKeyFormat(KEY.slice(0, -1))).toBe(false);
    expect(isApiKeyFormat(KEY.replace('kl_live_', 'kl_test_'))).toBe(false);
    expect(isApiKeyFormat(`${KEY.slice(0, -1)}=`)).toBe(false);
  });

  it('tells keys from session tokens by their start', () => {
    expect(looksLikeApiKey(KEY)).toBe(true);
    expect(looksLikeApiKey('kl_live_short')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJFUzI1NiJ9.e30.sig')).toBe(false);
  });

  it('shows the prefix and four characters of the secret', () => {
    expect(visiblePrefixOf(KEY)).toBe('kl_live_a1B_');
  });
});

describe('API key scopes', () => {
  it('allows what was granted, and reading products with the write scope', () => {
    expect(scopeAllows(['products:read'], 'products:read')).toBe(true);
    expect(scopeAllows(['products:write'], 'products:read')).toBe(true);
    expect(scopeAllows(['products:read'], 'products:write')).toBe(false);
    expect(scopeAllows(['products:write'], 'analytics:read')).toBe(false);
    expect(scopeAllows(['analytics:read'], 'products:read')).toBe(false);
    expect(scopeAllows([], 'analytics:read')).toBe(false);
  });

  it('needs at least one known scope', () => {
    expect(apiKeyScopesProblem(['analytics:read', 'products:write'])).toBeUndefined();
    expect(apiKeyScopesProblem([])).toBe('Choose at least one scope');
    expect(apiKeyScopesProblem('products:read')).toBe('Choose at least one scope');
    expect(apiKeyScopesProblem(['products:read', 'admin'])).toBe(
      'Scopes must be among products:read, products:write, analytics:read',
    );
  });
});

describe('a new key’s name and expiry', () => {
  it('needs a name of at most 60 characters', () => {
    expect(apiKeyNameProblem('Price sheet')).toBeUndefined();
    expect(apiKeyNameProblem('   ')).toBe('Name is required');
    expect(apiKeyNameProblem(undefined)).toBe('Name is required');
    expect(apiKeyNameProblem('x'.repeat(61))).toBe('Name must be at most 60 characters');
  });

  it('takes no expiry, or a future date-time within two years', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(apiKeyExpiryProblem(null, now)).toBeUndefined();
    expect(apiKeyExpiryProblem(undefined, now)).toBeUndefined();
    expect(apiKeyExpiryProblem('2027-02-26T12:00:00.000Z', now)).toBeUndefined();
    const refused = 'Expiry must be a future date within 732 days, or null for none';
    expect(apiKeyExpiryProblem('2026-11-28T11:59:59Z', now)).toBe(refused);
    expect(apiKeyExpiryProblem('2029-01-01T00:00:00Z', now)).toBe(refused);
    expect(apiKeyExpiryProblem('2027-02-26', now)).toBe(refused);
    expect(apiKeyExpiryProblem('soon', now)).toBe(refused);
    expect(apiKeyExpiryProblem(1_800_000_000_000, now)).toBe(refused);
  });
});
