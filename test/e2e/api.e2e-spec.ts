import { SERVICE_NAMES, type ApiSuccess, type ServiceHealth } from '@kartlink/contracts';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { readFileSync } from 'node:fs';

// The running product, every app in its own process: what a person or a client app meets.
const baseUrl = stackBaseUrl();

/** The apps' JSON log lines written so far, with the app each came from. */
function appLogs(): Array<{ app: string; entry: Record<string, unknown> }> {
  const path = process.env.KARTLINK_STACK_LOG;
  if (!path) throw new Error('KARTLINK_STACK_LOG is not set: run through the e2e project');
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^\[([^\]]+)\] (\{.*\})$/.exec(line);
      return match
        ? [{ app: match[1], entry: JSON.parse(match[2]) as Record<string, unknown> }]
        : [];
    });
}

describe('gateway → NATS → each service → PostgreSQL', () => {
  it.each(SERVICE_NAMES)('the %s service answers after checking its database', async (service) => {
    const response = await fetch(`${baseUrl}/api/health/services/${service}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as ApiSuccess<ServiceHealth>;
    expect(data).toMatchObject({
      service,
      status: 'ok',
      checks: { database: { ok: true, pendingMigrations: 0 } },
    });
  });

  it("carries the caller's request id into the service's structured log", async () => {
    const requestId = `e2e-${Date.now()}`;
    const response = await fetch(`${baseUrl}/api/health/services/shop`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await waitFor(
      () => appLogs().some((l) => l.entry.requestId === requestId && l.app === 'shop-service'),
      {
        timeoutMs: 5000,
        description: 'the shop-service log line',
      },
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
  });
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
  ])('%s gets a %i envelope, never a 500', async (_what, send, status, errorCode) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({
      success: false,
      errorCode,
      error: expect.any(String),
    });
  });

  it('an unknown page path still gets the web app, which shows its 404 page', async () => {
    const response = await fetch(`${baseUrl}/some/unknown/deep/path`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });
});
