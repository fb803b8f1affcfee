import { findFreePort } from '@kartlink/infra';
import pino from 'pino';
import { AppMetrics } from '../src/metrics';
import { startMetricsServer, type MetricsServer } from '../src/metrics-server';

const logger = pino({ level: 'silent' });

describe('the metrics and health port', () => {
  let server: MetricsServer;
  let base: string;
  let ready = true;
  const metrics = new AppMetrics().init({ defaults: false });

  beforeAll(async () => {
    server = (await startMetricsServer({
      // 0 would start none: a spare port instead.
      port: await findFreePort(),
      host: '127.0.0.1',
      logger,
      metrics,
      ready: () =>
        Promise.resolve({ ready, checks: { nats: { ok: true }, database: { ok: ready } } }),
    }))!;
    base = `http://127.0.0.1:${server.port}`;
  });

  afterAll(() => server.close());

  it('starts none on port 0', async () => {
    expect(
      await startMetricsServer({
        port: 0,
        host: '127.0.0.1',
        logger,
        ready: async () => ({ ready: true, checks: {} }),
      }),
    ).toBeUndefined();
  });

  it('serves the Prometheus text at /metrics', async () => {
    metrics.observeHttp('POST', '/api/analytics/track/:urlId', 202, 0.004);
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain(
      'kartlink_http_request_duration_seconds_count{method="POST",route="/api/analytics/track/:urlId",status="202"} 1',
    );
  });

  it('answers /healthz while the process serves', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when ready, 503 with the failing check when not', async () => {
    let response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { nats: { ok: true }, database: { ok: true } },
    });
    ready = false;
    response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'not-ready',
      checks: { nats: { ok: true }, database: { ok: false } },
    });
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^kartlink_ready 0$/m);
    ready = true;
  });

  it('answers 404 elsewhere and 405 to other methods', async () => {
    expect((await fetch(`${base}/api/shop/x`)).status).toBe(404);
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers not ready once draining (a shutdown began)', async () => {
    server.draining();
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^kartlink_ready 0$/m);
  });
});
