import { AppMetrics, EXPORTED_METRIC_NAMES, MetricNames } from './metrics';

/** One series' value from the Prometheus text, e.g. sample(text, 'x_count{a="b"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('AppMetrics', () => {
  it('times HTTP requests by method, route pattern and status', async () => {
    const metrics = new AppMetrics().init({ defaults: false });
    metrics.observeHttp('GET', '/api/shop/:shopUrl', 200, 0.003);
    metrics.observeHttp('GET', '/api/shop/:shopUrl', 200, 0.2);
    metrics.observeHttp('GET', '/api/shop/:shopUrl', 404, 0.001);
    const text = await metrics.scrape();
    const ok = 'method="GET",route="/api/shop/:shopUrl",status="200"';
    expect(sample(text, `kartlink_http_request_duration_seconds_count{${ok}}`)).toBe(2);
    expect(sample(text, `kartlink_http_request_duration_seconds_bucket{le="0.005",${ok}}`)).toBe(1);
    expect(sample(text, `kartlink_http_request_duration_seconds_bucket{le="0.25",${ok}}`)).toBe(2);
    expect(sample(text, `kartlink_http_request_duration_seconds_bucket{le="+Inf",${ok}}`)).toBe(2);
    expect(sample(text, `kartlink_http_request_duration_seconds_sum{${ok}}`)).toBeCloseTo(0.203);
    expect(text).toContain('# TYPE kartlink_http_request_duration_seconds histogram');
    expect(
      sample(
        text,
        'kartlink_http_request_duration_seconds_count{method="GET",route="/api/shop/:shopUrl",status="404"}',
      ),
    ).toBe(1);
  });

  it('labels NATS requests with the subject without the environment prefix, and counts errors by code', async () => {
    const metrics = new AppMetrics().init({ subjectPrefix: 'test.ab12.', defaults: false });
    metrics.observeNatsHandled('test.ab12.shop.public.shop', 0.01);
    metrics.observeNatsHandled('test.ab12.shop.public.shop', 0.02, 'NOT_FOUND');
    metrics.observeNatsRequest('shop.public.product', 0.004, 'SERVICE_TIMEOUT');
    const text = await metrics.scrape();
    expect(
      sample(text, 'kartlink_nats_handle_duration_seconds_count{subject="shop.public.shop"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'kartlink_nats_handle_errors_total{subject="shop.public.shop",code="NOT_FOUND"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'kartlink_nats_request_errors_total{subject="shop.public.product",code="SERVICE_TIMEOUT"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('test.ab12.');
  });

  it('counts cache hits and misses by cache', async () => {
    const metrics = new AppMetrics().init({ defaults: false });
    metrics.countCacheLookup('memory', true);
    metrics.countCacheLookup('memory', true);
    metrics.countCacheLookup('memory', false);
    metrics.countCacheLookup('redis', false);
    const text = await metrics.scrape();
    const name = MetricNames.publicReadCache;
    expect(sample(text, `${name}{cache="memory",result="hit"}`)).toBe(2);
    expect(sample(text, `${name}{cache="memory",result="miss"}`)).toBe(1);
    expect(sample(text, `${name}{cache="redis",result="miss"}`)).toBe(1);
  });

  it("reads each watched consumer's lag at scrape time, and forgets one unwatched", async () => {
    const metrics = new AppMetrics().init({ defaults: false });
    let pending = 5;
    const unwatch = metrics.watchConsumer('ANALYTICS', 'analytics-events', {
      info: () => Promise.resolve({ num_pending: pending, num_ack_pending: 2 }),
    });
    // A consumer whose server does not answer is left out, the others still reported.
    metrics.watchConsumer('SHOP', 'stuck', { info: () => Promise.reject(new Error('timeout')) });
    const series = 'stream="ANALYTICS",consumer="analytics-events"';
    expect(sample(await metrics.scrape(), `${MetricNames.consumerPending}{${series}}`)).toBe(5);
    pending = 7;
    const text = await metrics.scrape();
    expect(sample(text, `${MetricNames.consumerPending}{${series}}`)).toBe(7);
    expect(sample(text, `${MetricNames.consumerAckPending}{${series}}`)).toBe(2);
    expect(text).not.toContain('consumer="stuck"');
    unwatch();
    expect(await metrics.scrape()).not.toContain(series);
  });

  it("reports a queue's jobs by state and counts its worker's stalled and failed jobs", async () => {
    const metrics = new AppMetrics().init({ defaults: false });
    const listeners = new Map<string, () => void>();
    metrics.watchQueue(
      'media-images',
      { getJobCounts: () => Promise.resolve({ waiting: 3, delayed: 1, active: 2, failed: 4 }) },
      { on: (event, listener) => listeners.set(event, listener as () => void) },
    );
    listeners.get('stalled')!();
    listeners.get('failed')!();
    listeners.get('failed')!();
    const text = await metrics.scrape();
    expect(sample(text, 'kartlink_queue_jobs{queue="media-images",state="waiting"}')).toBe(3);
    expect(sample(text, 'kartlink_queue_jobs{queue="media-images",state="failed"}')).toBe(4);
    expect(sample(text, 'kartlink_queue_stalled_jobs_total{queue="media-images"}')).toBe(1);
    expect(sample(text, 'kartlink_queue_failed_jobs_total{queue="media-images"}')).toBe(2);
  });

  it('times image processing, a failed one too', async () => {
    const metrics = new AppMetrics().init({ defaults: false });
    await metrics.timeImageProcessing('primary', () => Promise.resolve());
    await expect(
      metrics.timeImageProcessing('variants', () => Promise.reject(new Error('corrupt'))),
    ).rejects.toThrow('corrupt');
    const text = await metrics.scrape();
    expect(sample(text, 'kartlink_image_processing_duration_seconds_count{job="primary"}')).toBe(1);
    expect(sample(text, 'kartlink_image_processing_duration_seconds_count{job="variants"}')).toBe(
      1,
    );
  });

  it('reports readiness and each dependency at scrape time', async () => {
    const metrics = new AppMetrics().init({ defaults: false });
    let database = true;
    metrics.watchReadiness(() =>
      Promise.resolve({
        ready: database,
        checks: { nats: { ok: true }, database: { ok: database } },
      }),
    );
    expect(sample(await metrics.scrape(), 'kartlink_ready')).toBe(1);
    database = false;
    const text = await metrics.scrape();
    expect(sample(text, 'kartlink_ready')).toBe(0);
    expect(sample(text, 'kartlink_dependency_up{check="database"}')).toBe(0);
    expect(sample(text, 'kartlink_dependency_up{check="nats"}')).toBe(1);
  });

  it("lists only the families it was given, with prom-client's defaults when asked", async () => {
    const metrics = new AppMetrics().init();
    const text = await metrics.scrape();
    expect(text).not.toContain('kartlink_');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    for (const name of EXPORTED_METRIC_NAMES.filter((n) => !n.startsWith('kartlink_')))
      expect({ name, listed: text.includes(`# TYPE ${name} `) }).toEqual({ name, listed: true });
  });
});
