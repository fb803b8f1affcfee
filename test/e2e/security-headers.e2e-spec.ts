import { type Product, REFRESH_COOKIE, type Shop } from '@kartlink/contracts';
import { stackBaseUrl } from '@kartlink/testing';
import { createHash, randomInt } from 'node:crypto';
import { signUp, Visitor } from '../support/auth-client';
import { HtmlPage } from '../support/html';

// Issue 16: the headers every kind of answer carries, from the one place the gateway sets them
// (apps/gateway/src/http/security-headers.ts), against the whole built stack. The stack's
// public address is http://127.0.0.1:<port>: no HSTS here (the https case is a unit test of the
// same configuration, security-headers.spec.ts).
jest.setTimeout(90_000);

const FOREIGN_ORIGIN = 'https://evil.example';

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${stackBaseUrl()}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A CSP header as its directives, each with its sources. */
function directivesOf(answer: Answer): Record<string, string[]> {
  const csp = answer.headers.get('content-security-policy');
  if (!csp) throw new Error('no Content-Security-Policy');
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What every answer carries, whatever it is. */
function expectBaseline(answer: Answer) {
  const csp = directivesOf(answer);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(answer.headers.get('permissions-policy')).toMatch(/\bcamera=\(\), microphone=\(\)/);
  // The stack's public address is plain http.
  expect(answer.headers.get('strict-transport-security')).toBeNull();
  // Nothing says what runs the server.
  expect(answer.headers.get('x-powered-by')).toBeNull();
}

/** The web app's strict policy, with the page's style nonce as its only way to inline style. */
function expectPagePolicy(answer: Answer) {
  expectBaseline(answer);
  const csp = directivesOf(answer);
  expect(csp['script-src']).toEqual([
    "'self'",
    expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/),
    expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/),
  ]);
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  const [self, nonce] = csp['style-src']!;
  expect(self).toBe("'self'");
  // The page hands the same nonce to the app (for react-hot-toast's <style>).
  const page = new HtmlPage(answer.body);
  const meta = page.all('meta').find((element) => element.attr('property') === 'csp-nonce');
  expect(nonce).toBe(`'nonce-${meta?.attr('nonce')}'`);
  // Every script is a file of the app, data, or the one inline script the policy names by hash.
  for (const script of page.all('script')) {
    const type = script.attr('type');
    if (script.attr('src') !== undefined) expect(type).toBe('module');
    else if (type !== 'application/json' && type !== 'application/ld+json')
      expect(csp['script-src']).toContain(
        `'sha256-${createHash('sha256').update(script.text).digest('base64')}'`,
      );
  }
  // No inline style attribute (the policy would drop it) and no inline event handler.
  const styled = page.elements.filter((element) => element.attr('style') !== undefined);
  expect(styled.map((element) => `<${element.tag} style="${element.attr('style')}">`)).toEqual([]);
  expect(answer.body).not.toMatch(/\son[a-z]+=/i);
}

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

let owner: Visitor;
let shopUrl: string;
let product: Product;

beforeAll(async () => {
  owner = new Visitor();
  await signUp(owner);
  shopUrl = uniqueUrl('headers');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Priya Sarees',
    shopDescription: 'Handloom sarees from Kanchipuram and Banaras',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  expect(shop.status).toBe(200);
  const created = await owner.post<Product>('/urls', {
    title: 'Red silk saree',
    price: 2499,
    originalURLs: ['https://www.amazon.in/dp/B0SAREE01', 'https://www.flipkart.com/saree/p/1'],
  });
  expect(created.status).toBe(201);
  product = created.body.data;
});

describe('security headers', () => {
  it('gives the app’s pages the strict policy, a fresh nonce each time, and no caching of the nonce', async () => {
    for (const path of ['/', '/auth', '/dashboard', '/admin-login?token=x', '/no/such/page']) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({
        path,
        status: path === '/no/such/page' ? 404 : 200,
      });
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expectPagePolicy(answer);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
    const [first, second] = [directivesOf(await get('/')), directivesOf(await get('/'))];
    expect(first['style-src']).not.toEqual(second!['style-src']);
  });

  it('gives the public shop and product pages, as the server renders them, the same policy', async () => {
    for (const path of [`/${shopUrl}`, `/${shopUrl}/${product.shortCode}`]) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.body).toContain('Red silk saree');
      // Rendered on the server: the page's markup is there before any script runs.
      expect(answer.body).toMatch(/<div id="root"><[a-z]/);
      expectPagePolicy(answer);
    }
  });

  it('sends the app’s files with nosniff and the policy, cached for a year', async () => {
    const page = await get('/');
    const script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const answer = await get(script!);
    expect(answer.status).toBe(200);
    expectBaseline(answer);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the QR codes (and every served picture) sandboxed, for any site to show', async () => {
    const answer = await get(`/api/shop/${shopUrl}/qr.svg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    // An SVG opened on its own runs nothing.
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none';sandbox");
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000');
  });

  it('lets public API reads be cached, but never an answer to a signed-in caller', async () => {
    const visitor = await get(`/api/shop/${shopUrl}/urls`);
    expect(visitor.status).toBe(200);
    expectBaseline(visitor);
    expect(visitor.headers.get('content-type')).toMatch(/^application\/json/);
    expect(visitor.headers.get('cache-control')).not.toBe('no-store');
    expect(visitor.headers.get('cross-origin-resource-policy')).toBe('same-origin');

    const bearer = { authorization: `Bearer ${owner.accessToken}` };
    for (const path of ['/api/shop/status', '/api/urls', `/api/shop/${shopUrl}/urls`]) {
      const answer = await get(path, bearer);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect({ path, cacheControl: answer.headers.get('cache-control') }).toEqual({
        path,
        cacheControl: 'no-store',
      });
      expectBaseline(answer);
    }
  });

  it('sends every sign-in answer no-store, the session with its cookie and a refusal alike', async () => {
    const refresh = await fetch(`${stackBaseUrl()}/api/auth/refresh`, {
      method: 'POST',
      headers: {
        cookie: `${REFRESH_COOKIE}=${owner.refreshCookie}`,
        'x-forwarded-for': owner.ip,
      },
    });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('set-cookie')).toContain(REFRESH_COOKIE);
    expect(refresh.headers.get('cache-control')).toBe('no-store');

    const providers = await get('/api/auth/providers');
    expect(providers.status).toBe(200);
    expect(providers.headers.get('cache-control')).toBe('no-store');
    expectBaseline(providers);

    const refused = await fetch(`${stackBaseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': owner.ip },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the store redirect’s own referrer policy and no-store', async () => {
    const answer = await get(`/${shopUrl}/${product.shortCode}/go/amazon`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toContain('amazon.in');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectBaseline(answer);

    // An unknown product: the app's 404 page, under the pages' policy with its own nonce.
    const unknown = await get(`/${shopUrl}/nosuch1/go/amazon`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expectPagePolicy(unknown);
  });

  it('allows credentials to the configured web origin only', async () => {
    const own = new URL(stackBaseUrl()).origin;
    const allowed = await get('/api/health/live', { origin: own });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(own);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('vary')).toMatch(/origin/i);

    const foreign = await get('/api/health/live', { origin: FOREIGN_ORIGIN });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    expect(foreign.headers.get('access-control-expose-headers')).toBeNull();

    // Preflight: the allowed origin gets its answer, a foreign one nothing it could use.
    const preflight = (origin: string) =>
      fetch(`${stackBaseUrl()}/api/shop/settings`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const ownPreflight = await preflight(own);
    expect(ownPreflight.status).toBe(204);
    expect(ownPreflight.headers.get('access-control-allow-origin')).toBe(own);
    expect(ownPreflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ownPreflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreignPreflight = await preflight(FOREIGN_ORIGIN);
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreignPreflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(foreignPreflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('lets the OpenAPI page write its inline styles, and nothing else more than the app', async () => {
    const answer = await get('/api/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expectBaseline(answer);
    const csp = directivesOf(answer);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    // Its scripts are files: no inline script it would need to run.
    const page = new HtmlPage(answer.body);
    for (const script of page.all('script')) expect(script.attr('src')).toBeDefined();

    const json = await get('/api/docs/json');
    expect(json.status).toBe(200);
    expectBaseline(json);
  });

  it('sends the headers with a refusal too', async () => {
    const answer = await get('/api/no-such-route');
    expect(answer.status).toBe(404);
    expectBaseline(answer);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
