import { SERVICE_NAMES, type ApiSuccess, type PublicServiceHealth } from '@kartlink/contracts';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { readFileSync } from 'node:fs';
import { mailCount, signUp, Visitor } from '../support/auth-client';

// The running product, every app in its own process: what a person or a client app meets.
const baseUrl = stackBaseUrl();

/**
 * The apps' pino lines written so far, with the app each came from. Skipped: lines that are
 * not JSON (an object printed by Node itself) and the last line while the stack's process is
 * still writing it (cut mid-object, it can still end in a brace); a later try reads it whole.
 */
function appLogs(): Array<{ app: string; entry: Record<string, unknown> }> {
  const path = process.env.KARTLINK_STACK_LOG;
  if (!path) throw new Error('KARTLINK_STACK_LOG is not set: run through the e2e project');
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^\[([^\]]+)\] (\{.*\})$/.exec(line);
      if (!match) return [];
      try {
        return [{ app: match[1], entry: JSON.parse(match[2]) as Record<string, unknown> }];
      } catch {
        return [];
      }
    });
}

describe('gateway → NATS → each service → PostgreSQL', () => {
  it.each(SERVICE_NAMES)('the %s service answers after checking its database', async (service) => {
    const response = await fetch(`${baseUrl}/api/health/services/${service}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as ApiSuccess<PublicServiceHealth>;
    // A generic state: no version, timings or migration counts for anyone who asks.
    expect(data).toEqual({ service, status: 'ok', checks: { database: { ok: true } } });
  });

  it("carries the caller's request id into the service's structured log", async () => {
    const requestId = `e2e-${Date.now()}`;
    const response = await fetch(`${baseUrl}/api/health/services/shop`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await waitFor(
      () => appLogs().some((l) => l.entry.requestId === requestId && l.app === 'shop-service'),
      // The log is written by another process, and read whole at each try: on a busy
      // machine that takes a few seconds.
      { timeoutMs: 15_000, description: 'the shop-service log line' },
    );
    const lines = appLogs().filter((l) => l.entry.requestId === requestId);
    expect(lines).toEqual(
      expect.arrayContaining([
        { app: 'gateway', entry: expect.objectContaining({ msg: 'incoming request' }) },
        {
          app: 'shop-service',
          entry: expect.objectContaining({
            msg: 'request handled',
            subject: expect.stringMatching(/shop\.health$/),
          }),
        },
      ]),
    );
  }, 20_000);
});

describe('bad input against the running product', () => {
  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${baseUrl}${path}`, { method: 'POST', body, headers: { 'content-type': contentType } });

  it.each([
    [
      'an unknown API route',
      () => fetch(`${baseUrl}/api/definitely/not/here`),
      404,
      'ROUTE_NOT_FOUND',
    ],
    ['malformed JSON', () => post('/api/health/live', '{"a":'), 400, 'BAD_REQUEST'],
    [
      'an oversized body',
      () => post('/api/health/live', JSON.stringify({ a: 'x'.repeat(1_100_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('%s gets its 4xx envelope, never a 500', async (_what, send, status, errorCode) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({
      success: false,
      errorCode,
      error: expect.any(String),
    });
  });

  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  it.each([
    ['JSON nested 5,000 levels deep', () => post('/api/auth/login', nested(5000))],
    [
      'a field nested 5,000 levels deep',
      () => post('/api/shop/check-url-available', `{"shopUrl":${nested(5000)}}`),
    ],
    ['a path with bad percent-encoding', () => fetch(`${baseUrl}/api/urls/%`)],
    [
      'an over-long path parameter',
      () => fetch(`${baseUrl}/api/analytics/track/${'a'.repeat(150)}`, { method: 'POST' }),
    ],
    [
      'a NUL character in an e-mail address',
      () => post('/api/auth/login', JSON.stringify({ email: 'a\u0000b@x.in', password: 'x' })),
    ],
    ['a JSON body of null', () => post('/api/auth/login', 'null')],
  ])('%s gets a 400 envelope, never a 500', async (_what, send) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('an unknown page path still gets the web app, which shows its 404 page', async () => {
    const response = await fetch(`${baseUrl}/some/unknown/deep/path`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });
});

describe('e-mail addresses no one could have typed', () => {
  const stamp = Date.now().toString(36);
  const invalid = 'Please enter a valid email address';
  it.each([
    [
      'a control character',
      `asha${stamp}@shop.in\u0007`,
      'email contains characters that are not allowed.',
    ],
    ['a lone surrogate', `asha${stamp}@shop.in\ud800`, invalid],
    ['a right-to-left override', `asha${stamp}@\u202eni.pohs`, invalid],
    ['a zero-width space', `asha${stamp}@sh\u200bop.in`, invalid],
    ['an emoji after the domain', `asha${stamp}@shop.in😀`, invalid],
  ])('with %s: refused on the field, and no code is mailed', async (_what, email, message) => {
    const answer = await new Visitor().post('/auth/register/send-otp', {
      email,
      fullName: 'Asha Rao',
      password: 'Kurta2024!',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'email', msg: message }]);
    expect(await mailCount(email)).toBe(0);
  });
});

describe('hostile input from a signed-in owner changes nothing', () => {
  let owner: Visitor;
  let productId: string;

  beforeAll(async () => {
    owner = new Visitor();
    await signUp(owner);
    const shop = await owner.call('PUT', '/shop/settings', {
      shopUrl: `hostile-${Date.now().toString(36)}`,
      shopName: 'Meera Finds',
      shopDescription: 'Handpicked home decor',
    });
    expect(shop.status).toBe(200);
    const product = await owner.post<{ id: string }>('/urls', {
      title: 'Block-print kurta',
      description: 'Hand block-printed cotton',
      originalURLs: ['https://www.amazon.in/dp/B0KURTA', 'https://www.flipkart.com/p/kurta'],
    });
    expect(product.status).toBe(201);
    productId = product.body.data.id;
  });

  const stored = async () => ({
    shop: (await owner.call<Record<string, unknown>>('GET', '/shop/user/profile')).body.data,
    product: (await owner.call<Record<string, unknown>>('GET', `/urls/${productId}`)).body.data,
    profile: (await owner.call<Record<string, unknown>>('GET', '/auth/me')).body.data,
  });

  it.each([
    ['PUT', '/shop/settings', { shopName: null }, 'shopName'],
    ['PUT', '/shop/settings', { shopDescription: null }, 'shopDescription'],
    ['PUT', '/shop/settings', { shopName: 'Meera\u0000Finds' }, 'shopName'],
    ['PUT', '/shop/settings', { seo: { title: null } }, 'seo.title'],
    ['PUT', '/user/profile', { displayName: null }, 'displayName'],
    ['PATCH', '/urls/{id}', { title: null }, 'title'],
    ['PATCH', '/urls/{id}', { description: null }, 'description'],
    ['PATCH', '/urls/{id}', { title: 'Kurta\u0000' }, 'title'],
    ['GET', '/urls?search=a%00b', undefined, 'search'],
  ])('%s %s %j is refused on its field', async (method, path, body, field) => {
    const before = await stored();
    const answer = await owner.call(method, path.replace('{id}', productId), body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: 'VALIDATION_ERROR',
      errors: [expect.objectContaining({ path: field })],
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a body of null where one is required, changing nothing', async () => {
    const before = await stored();
    const answer = await owner.call('PUT', '/shop/settings', null);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: 'body', msg: 'The request body must be a JSON object.' },
    ]);
    expect(await stored()).toEqual(before);
  });
});
