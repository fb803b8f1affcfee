import { SERVICE_NAMES, type ApiSuccess, type Readiness } from '@kartlink/contracts';
import { stackBaseUrl } from '@kartlink/testing';

// The launched stack itself: what `npm start` gives a person, checked over HTTP.
describe('the launched stack', () => {
  const baseUrl = stackBaseUrl();

  it('answers the liveness probe', async () => {
    const response = await fetch(`${baseUrl}/api/health/live`);
    expect(response.status).toBe(200);
  });

  it('is ready, with NATS, Redis and all four services answering', async () => {
    const response = await fetch(`${baseUrl}/api/health/ready`);
    expect(response.status).toBe(200);
    const { data: readiness } = (await response.json()) as ApiSuccess<Readiness>;
    expect(readiness.status).toBe('ready');
    expect(readiness.checks.nats.ok).toBe(true);
    expect(readiness.checks.redis.ok).toBe(true);
    for (const service of SERVICE_NAMES) {
      expect({ service, ok: readiness.checks.services[service]?.ok }).toEqual({
        service,
        ok: true,
      });
    }
  });

  it('serves the web app at /', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<div id="root">/);
  });
});
