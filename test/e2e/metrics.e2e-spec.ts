import { Events, type Product, type Shop, Subjects } from '@kartlink/contracts';
import { EXPORTED_METRIC_NAMES, MetricNames } from '@kartlink/server-kit';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { signUp, Visitor } from '../support/auth-client';

jest.setTimeout(60_000);

// What an operator's Prometheus sees: each app's metrics port (the stack gives each a spare one:
// tools/stack.ts), scraped before and after a visitor's public reads and click and an owner's
// request to media-service, which uploads nothing.

const APPS = ['gateway', 'auth-service', 'shop-service', 'media-service', 'analytics-service'];

function metricsUrl(app: string): string {
  const urls = JSON.parse(process.env.KARTLINK_METRICS_URLS ?? '{}') as Record<string, string>;
  if (!urls[app]) throw new Error(`No metrics port for ${app}: KARTLINK_METRICS_URLS not set`);
  return urls[app];
}

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** One app's /metrics, parsed: its series, and the families it lists (# TYPE lines). */
async function scrape(app: string) {
  const response = await fetch(`${metricsUrl(app)}/metrics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const series: Series[] = [];
  const families = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) families.add(type[1]);
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key] = value;
    series.push({ name: match[1], labels, value: Number(match[3]) });
  }
  /** The sum of the series of `name` whose labels include `labels`. */
  const value = (name: string, labels: Record<string, string> = {}) =>
    series
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
  return { text, series, families, value };
}
type Scrape = Awaited<ReturnType<typeof scrape>>;

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

describe('the metrics and health ports', () => {
  const base = stackBaseUrl();
  const before: Record<string, Scrape> = {};
  const after: Record<string, Scrape> = {};
  let shopUrl: string;
  let product: Product;

  beforeAll(async () => {
    const owner = new Visitor();
    await signUp(owner);
    shopUrl = uniqueUrl('metrics');
    const shop = await owner.call<Shop>('PUT', '/shop/settings', {
      shopUrl,
      shopName: 'Metrics Mela',
      shopDescription: 'Counted, not guessed',
      setupCompleted: true,
      isShopPublic: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    });
    expect(shop.status).toBe(200);
    const created = await owner.post<Product>('/urls', {
      title: 'Brass diya',
      originalURLs: ['https://www.amazon.in/dp/B0X', 'https://www.flipkart.com/p/x'],
    });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    product = created.body.data;

    for (const app of APPS) before[app] = await scrape(app);
    // A visitor: the shop twice (the second from the gateway's memory), a product, a click.
    expect((await fetch(`${base}/api/shop/${shopUrl}`)).status).toBe(200);
    expect((await fetch(`${base}/api/shop/${shopUrl}`)).status).toBe(200);
    expect((await fetch(`${base}/api/url/shop/${shopUrl}/${product.shortCode}`)).status).toBe(200);
    expect((await fetch(`${base}/api/shop/${uniqueUrl('nobody')}`)).status).toBe(404);
    const click = await new Visitor().call('POST', `/analytics/track/${product.id}`, {
      device: 'mobile',
      browser: 'Chrome',
      platform: 'amazon',
    });
    expect(click.status).toBe(202);
    // The owner's banners: a request media-service answers, no upload.
    expect((await owner.call('GET', '/banners/shop')).status).toBe(200);
    for (const app of APPS) after[app] = await scrape(app);
  });

  const moved = (app: string, name: string, labels: Record<string, string>) =>
    after[app].value(name, labels) - before[app].value(name, labels);
  const requests = `${MetricNames.httpRequestDuration}_count`;

  it('times the gateway’s requests by route pattern and status, never by URL', () => {
    expect(
      moved('gateway', requests, { method: 'GET', route: '/api/shop/:shopUrl', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      moved('gateway', requests, { method: 'GET', route: '/api/shop/:shopUrl', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', requests, {
        method: 'GET',
        route: '/api/url/shop/:shopUrl/:shortCode',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', requests, {
        method: 'POST',
        route: '/api/analytics/track/:urlId',
        status: '202',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The histogram's buckets moved with the count.
    expect(
      moved('gateway', `${MetricNames.httpRequestDuration}_bucket`, {
        route: '/api/analytics/track/:urlId',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const app of APPS) {
      expect(after[app].text).not.toContain(shopUrl);
      expect(after[app].text).not.toContain(product.shortCode);
      expect(after[app].text).not.toContain(product.id);
    }
  });

  it('counts the public reads’ cache hits and misses, in the gateway’s memory and in Redis', () => {
    const lookups = MetricNames.publicReadCache;
    expect(moved('gateway', lookups, { cache: 'memory', result: 'miss' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(moved('gateway', lookups, { cache: 'memory', result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(moved('shop-service', lookups, { cache: 'redis' })).toBeGreaterThanOrEqual(1);
  });

  it('times NATS requests by subject without the environment prefix, on both sides', () => {
    const prefix = process.env.NATS_SUBJECT_PREFIX!;
    expect(prefix).not.toBe('');
    const subject = Subjects.shop.publicShop;
    expect(
      moved('gateway', `${MetricNames.natsRequestDuration}_count`, { subject }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('shop-service', `${MetricNames.natsHandleDuration}_count`, { subject }),
    ).toBeGreaterThanOrEqual(1);
    // The product read is answered outside Nest (DirectResponder): counted all the same.
    expect(
      moved('shop-service', `${MetricNames.natsHandleDuration}_count`, {
        subject: Subjects.shop.publicProduct,
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('media-service', `${MetricNames.natsHandleDuration}_count`, {
        subject: Subjects.media.listBanners,
      }),
    ).toBeGreaterThanOrEqual(1);
    // The missing shop: an error by subject and code, where it was handled and where it was asked.
    expect(
      moved('shop-service', MetricNames.natsHandleErrors, { subject, code: 'NOT_FOUND' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', MetricNames.natsRequestErrors, { subject, code: 'NOT_FOUND' }),
    ).toBeGreaterThanOrEqual(1);
    for (const app of APPS) expect(after[app].text).not.toContain(prefix);
  });

  it('times the click’s JetStream publication, with no failure', () => {
    const subject = Events.analyticsClick;
    expect(
      moved('gateway', `${MetricNames.jetstreamPublishDuration}_count`, { subject }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.gateway.value(MetricNames.jetstreamPublishFailures, { subject })).toBe(0);
    expect(
      after.gateway.series.some(
        (s) => s.name === MetricNames.jetstreamPublishFailures && s.labels.subject === subject,
      ),
    ).toBe(true);
  });

  it('reports each durable consumer’s lag, and the click is consumed', async () => {
    const consumers = (app: string) =>
      after[app].series
        .filter((s) => s.name === MetricNames.consumerPending)
        .map((s) => s.labels.consumer)
        .sort();
    expect(consumers('analytics-service')).toEqual(['analytics-store', 'analytics-user-deleted']);
    expect(consumers('shop-service')).toEqual([
      'shop-banners',
      'shop-product-clicks',
      'shop-user-deleted',
      'shop-webhook-clicks',
    ]);
    expect(consumers('media-service')).toEqual(['media-user-deleted']);
    expect(consumers('auth-service')).toEqual(['auth-user-deleted']);
    // Once applied, nothing is left pending or unacknowledged.
    await waitFor(
      async () => {
        const now = await scrape('analytics-service');
        return (
          now.value(MetricNames.consumerPending, { consumer: 'analytics-store' }) === 0 &&
          now.value(MetricNames.consumerAckPending, { consumer: 'analytics-store' }) === 0
        );
      },
      { timeoutMs: 20_000, intervalMs: 250, description: 'the click consumed' },
    );
  });

  it('reports the BullMQ queues by state, with failed and stalled job counters', () => {
    for (const [app, queues] of [
      ['media-service', ['media-image-variants', 'media-images']],
      ['analytics-service', ['analytics-rollups']],
      ['shop-service', ['shop-product-imports', 'shop-webhook-deliveries']],
    ] as const) {
      const reported = [
        ...new Set(
          after[app].series
            .filter((s) => s.name === MetricNames.queueJobs && s.labels.state === 'waiting')
            .map((s) => s.labels.queue),
        ),
      ].sort();
      expect({ app, reported }).toEqual({ app, reported: [...queues] });
      for (const queue of queues) {
        for (const name of [MetricNames.queueFailedJobs, MetricNames.queueStalledJobs])
          expect(after[app].series.some((s) => s.name === name && s.labels.queue === queue)).toBe(
            true,
          );
      }
    }
  });

  it('exports Node’s defaults and readiness from every app, and every metric the alerts may read', () => {
    const families = new Set<string>();
    for (const app of APPS) {
      for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes'])
        expect({ app, name, listed: after[app].families.has(name) }).toEqual({
          app,
          name,
          listed: true,
        });
      expect({ app, ready: after[app].value(MetricNames.ready) }).toEqual({ app, ready: 1 });
      for (const family of after[app].families) families.add(family);
    }
    // The image histogram needs an upload (the unit tests and media's own tests cover it).
    const missing = EXPORTED_METRIC_NAMES.filter(
      (name) => name !== MetricNames.imageProcessingDuration && !families.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('answers /healthz and /readyz on every app’s metrics port', async () => {
    for (const app of APPS) {
      const health = await fetch(`${metricsUrl(app)}/healthz`);
      expect({ app, status: health.status }).toEqual({ app, status: 200 });
      const ready = await fetch(`${metricsUrl(app)}/readyz`);
      const body = (await ready.json()) as { status: string; checks: Record<string, unknown> };
      expect({ app, status: ready.status, ready: body.status }).toEqual({
        app,
        status: 200,
        ready: 'ready',
      });
      expect(Object.keys(body.checks).sort()).toEqual(
        app === 'gateway' ? ['nats', 'redis'] : ['database', 'nats'],
      );
    }
  });

  it('keeps /metrics off the gateway’s public port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).not.toContain('# TYPE');
    }
  });
});
