import {
  API_KEY_RATE_LIMIT,
  type ApiKey,
  type AuthSession,
  type CreatedApiKey,
  type ImpersonationToken,
  type Product,
  type Shop,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSecondGateway, type SecondGateway } from '../support/second-gateway';
import { signUp, Visitor } from '../support/auth-client';

/**
 * API keys on the shared stack: scopes, the routes a key never reaches, expiry, the per-key
 * rate limit, last use, and revocation seen at once by a second gateway replica (started here
 * beside the stack's own, on the same services).
 */
jest.setTimeout(60_000);

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

const kurta = {
  title: 'Block-print cotton kurta',
  description: 'Hand block-printed in Jaipur',
  price: 1299,
  brand: 'Meera',
  originalURLs: ['amazon.in/dp/B0KURTA', 'https://www.myntra.com/kurta/123'],
};

/** An owner whose shop is set up and public. */
async function shopOwner() {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl: uniqueUrl('keys'),
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, email };
}

async function newKey(owner: Visitor, scopes: string[], extra: object = {}) {
  const made = await owner.post<CreatedApiKey>('/auth/api-keys', {
    name: 'Sheet sync',
    scopes,
    ...extra,
  });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  return made.body.data;
}

/** A script's request with a key, to a gateway (the stack's own unless told). */
async function withKey(
  key: string,
  method: string,
  path: string,
  body?: unknown,
  base = stackBaseUrl(),
  ip = '10.9.9.9',
) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'x-forwarded-for': ip,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as { data: unknown; error?: string; errorCode?: string })
    : undefined;
  return { status: response.status, headers: response.headers, text, json };
}

const ALL = ['products:read', 'products:write', 'analytics:read'];

describe('API keys', () => {
  it('creates a key shown once, lists it by prefix, and works only within its scopes', async () => {
    const { owner } = await shopOwner();
    const { key, secret } = await newKey(owner, ['products:write']);
    expect(secret).toMatch(/^kl_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Sheet sync',
      prefix: secret.slice(0, 12),
      scopes: ['products:write'],
      lastUsedAt: null,
      expiresAt: null,
    });
    const stored = await pgQuery<{ hash: string }>('SELECT hash FROM auth.api_keys WHERE id = $1', [
      key.id,
    ]);
    expect(stored[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(12));
    const listed = await owner.call<ApiKey[]>('GET', '/auth/api-keys');
    expect(listed.body.data).toEqual([key]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    // products:write: the whole life of a product (write includes read).
    const created = await withKey(secret, 'POST', '/urls', kurta);
    expect(created.status).toBe(201);
    const product = created.json!.data as Product;
    expect((await withKey(secret, 'GET', `/urls/${product.id}`)).status).toBe(200);
    const hidden = await withKey(secret, 'PATCH', `/urls/${product.id}/show-on-shop`, {
      showOnShop: false,
    });
    expect(hidden.status).toBe(200);
    expect((hidden.json!.data as Product).showOnShop).toBe(false);
    // The owner's dashboard sees what the script did.
    const mine = await owner.call<Product>('GET', `/urls/${product.id}`);
    expect(mine.body.data).toMatchObject({ title: kurta.title, showOnShop: false });
    const analytics = await withKey(secret, 'GET', '/analytics/overview');
    expect(analytics.status).toBe(403);
    expect(analytics.json!.error).toBe(
      'This API key lacks the analytics:read scope this route needs.',
    );
    expect((await withKey(secret, 'DELETE', `/urls/${product.id}`)).status).toBe(200);

    // products:read may read, not write; analytics:read reads figures and CSV files.
    const reader = await newKey(owner, ['products:read', 'analytics:read']);
    expect((await withKey(reader.secret, 'GET', '/urls')).status).toBe(200);
    const refused = await withKey(reader.secret, 'POST', '/urls', kurta);
    expect(refused.status).toBe(403);
    expect(refused.json!.error).toBe(
      'This API key lacks the products:write scope this route needs.',
    );
    expect((await withKey(reader.secret, 'GET', '/analytics/overview')).status).toBe(200);
    const csv = await withKey(reader.secret, 'GET', '/analytics/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\n')[0]).toMatch(/^date,views,/);

    // Last used is set by the first use.
    const after = await owner.call<ApiKey[]>('GET', '/auth/api-keys');
    for (const listedKey of after.body.data)
      expect(Date.now() - Date.parse(listedKey.lastUsedAt!)).toBeLessThan(30_000);
  });

  it('never reaches account, admin, session, shop settings or key routes', async () => {
    const { owner } = await shopOwner();
    const { secret } = await newKey(owner, ALL);
    for (const [method, path, body] of [
      ['GET', '/auth/me'],
      ['GET', '/auth/sessions'],
      ['GET', '/auth/api-keys'],
      ['POST', '/auth/api-keys', { name: 'more', scopes: ALL }],
      ['PUT', '/shop/settings', { shopName: 'Taken over' }],
      ['GET', '/account/export'],
      ['POST', '/account/delete', { password: 'x' }],
    ] as const) {
      const answer = await withKey(secret, method, path, body);
      expect([path, answer.status, answer.json?.error]).toEqual([
        path,
        403,
        'API keys cannot be used on this route: account, admin, session, shop settings and API key routes need a signed-in session.',
      ]);
    }
    expect((await owner.call<ApiKey[]>('GET', '/auth/api-keys')).body.data).toHaveLength(1);
    // The admin routes do not exist for a key (issue 21): 404 as an unknown route.
    const admin = await withKey(secret, 'POST', '/admin/impersonation-tokens', {
      email: 'someone@example.com',
    });
    expect([admin.status, admin.json?.errorCode]).toEqual([404, 'ROUTE_NOT_FOUND']);

    // Unknown and malformed keys: 401.
    const unknown = await withKey(`kl_live_${'A'.repeat(43)}`, 'GET', '/urls');
    expect([unknown.status, unknown.json!.error]).toEqual([401, 'Invalid API key.']);
    expect((await withKey('kl_live_short', 'GET', '/urls')).status).toBe(401);
  });

  it('refuses bad keys to create with clear messages, more than 25, and an admin acting as the user', async () => {
    const { owner, email } = await shopOwner();
    const bad = async (body: object) => (await owner.post('/auth/api-keys', body)).body.errors;
    expect(await bad({ name: '', scopes: ['products:read'] })).toEqual([
      { path: 'name', msg: 'Name is required' },
    ]);
    expect(await bad({ name: 'x', scopes: [] })).toEqual([
      { path: 'scopes', msg: 'Choose at least one scope' },
    ]);
    expect(await bad({ name: 'x', scopes: ['shop:write'] })).toEqual([
      { path: 'scopes', msg: 'Scopes must be among products:read, products:write, analytics:read' },
    ]);
    expect(
      await bad({ name: 'x', scopes: ['products:read'], expiresAt: '2020-01-01T00:00:00Z' }),
    ).toEqual([
      {
        path: 'expiresAt',
        msg: 'Expiry must be a future date within 732 days, or null for none',
      },
    ]);
    for (let i = 0; i < 25; i += 1) await newKey(owner, ['products:read']);
    const over = await owner.post('/auth/api-keys', {
      name: 'one more',
      scopes: ['products:read'],
    });
    expect([over.status, over.body.error]).toEqual([
      403,
      'You can have at most 25 API keys. Revoke one you no longer use.',
    ]);

    const admin = new Visitor();
    const { email: adminEmail } = await signUp(admin);
    await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', { email });
    const acting = new Visitor();
    const session = await acting.post<AuthSession>('/auth/session', {
      token: made.body.data.token,
    });
    expect(session.status).toBe(200);
    const refused = await acting.post('/auth/api-keys', { name: 'x', scopes: ['products:read'] });
    expect([refused.status, refused.body.error]).toEqual([
      403,
      'An admin signed in as this user cannot create API keys.',
    ]);
  });

  it('stops working once expired', async () => {
    const { owner } = await shopOwner();
    const expiresAt = new Date(Date.now() + 2500).toISOString();
    const { key, secret } = await newKey(owner, ['products:read'], { expiresAt });
    expect(key.expiresAt).toBe(expiresAt);
    expect((await withKey(secret, 'GET', '/urls')).status).toBe(200);
    await sleep(Date.parse(expiresAt) - Date.now() + 100);
    const expired = await withKey(secret, 'GET', '/urls');
    expect([expired.status, expired.json!.error]).toEqual([401, 'This API key has expired.']);
  });

  it('limits each key’s requests per minute with 429, Retry-After and RateLimit headers', async () => {
    const { owner } = await shopOwner();
    const { secret } = await newKey(owner, ['products:read']);
    const other = await newKey(owner, ['products:read']);
    const first = await withKey(secret, 'GET', '/urls/quota');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe(
      `"api-key";q=${API_KEY_RATE_LIMIT.limit};w=60`,
    );
    expect(first.headers.get('ratelimit')).toMatch(
      new RegExp(`^"api-key";r=${API_KEY_RATE_LIMIT.limit - 1};t=\\d+$`),
    );
    // Spread over addresses, as a script on several machines: the budget is the key's.
    for (let sent = 1; sent < API_KEY_RATE_LIMIT.limit; sent += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, API_KEY_RATE_LIMIT.limit - sent) }, (_, i) =>
          withKey(secret, 'GET', '/urls/quota', undefined, stackBaseUrl(), `10.8.${sent}.${i + 1}`),
        ),
      );
    const limited = await withKey(secret, 'GET', '/urls/quota');
    expect(limited.status).toBe(429);
    expect(limited.json!.error).toBe(
      'Too many requests with this API key. Please wait and try again.',
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);
    // Another key of the same owner has its own budget.
    expect((await withKey(other.secret, 'GET', '/urls/quota')).status).toBe(200);
  });
});

describe('the API document', () => {
  it('describes key auth and the scope each route takes, and none on the session-only routes', async () => {
    const document = (await (await fetch(`${stackBaseUrl()}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { scheme: string; description: string }> };
      paths: Record<
        string,
        Record<string, { security?: Array<Record<string, string[]>>; 'x-api-key-scope'?: string }>
      >;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ scheme: 'bearer' });
    expect(document.components.securitySchemes.apiKey!.description).toContain('kl_live_');
    const scopeOf = (path: string, method: string) => {
      const operation = document.paths[path]![method]!;
      const takesKeys = (operation.security ?? []).some((s) => 'apiKey' in s);
      return takesKeys ? operation['x-api-key-scope'] : undefined;
    };
    expect(scopeOf('/api/urls', 'post')).toBe('products:write');
    expect(scopeOf('/api/urls', 'get')).toBe('products:read');
    expect(scopeOf('/api/urls/{id}/show-on-shop', 'patch')).toBe('products:write');
    expect(scopeOf('/api/analytics/export.csv', 'get')).toBe('analytics:read');
    expect(scopeOf('/api/auth/api-keys', 'post')).toBeUndefined();
    expect(scopeOf('/api/shop/settings', 'put')).toBeUndefined();
    expect(scopeOf('/api/account/export', 'get')).toBeUndefined();
  });
});

describe('API key revocation on two gateways', () => {
  let gateway: SecondGateway;
  let second: string;

  beforeAll(async () => {
    gateway = await startSecondGateway('api-keys');
    second = gateway.url;
  });

  afterAll(() => gateway?.stop());

  it('refuses a revoked key on the very next request through either gateway', async () => {
    const { owner } = await shopOwner();
    const { key, secret } = await newKey(owner, ['products:read']);
    const kept = await newKey(owner, ['products:read']);
    // Both gateways have looked the keys up (and keep them).
    for (const base of [stackBaseUrl(), second])
      for (const s of [secret, kept.secret])
        expect((await withKey(s, 'GET', '/urls', undefined, base)).status).toBe(200);

    const revoked = await owner.call('DELETE', `/auth/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    for (const base of [second, stackBaseUrl()]) {
      const answer = await withKey(secret, 'GET', '/urls', undefined, base);
      expect([answer.status, answer.json!.error]).toEqual([401, 'Invalid API key.']);
      expect((await withKey(kept.secret, 'GET', '/urls', undefined, base)).status).toBe(200);
    }
    expect(
      (await owner.call<ApiKey[]>('GET', '/auth/api-keys')).body.data.map((k) => k.id),
    ).toEqual([kept.key.id]);
    // Another owner cannot revoke it.
    const stranger = new Visitor();
    await signUp(stranger);
    expect((await stranger.call('DELETE', `/auth/api-keys/${kept.key.id}`)).status).toBe(404);
    expect((await withKey(kept.secret, 'GET', '/urls', undefined, second)).status).toBe(200);
  });
});
