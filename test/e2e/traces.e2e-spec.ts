import { type Product, Subjects } from '@kartlink/contracts';
import { findFreePort } from '@kartlink/infra';
import { waitFor } from '@kartlink/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { signUp, Visitor } from '../support/auth-client';
import { OwnStack } from '../support/own-stack';

/**
 * Traces as an operator's OpenTelemetry Collector receives them: the apps export by OTLP over
 * HTTP (JSON) to a receiver of the test's own, and one request is followed from the gateway
 * through NATS into the services, by its trace id and by its log lines.
 */
jest.setTimeout(180_000);

const SERVICES = ['auth', 'shop', 'analytics'];
// OTLP's enum, one above the API's: SERVER 2, CLIENT 3, PRODUCER 4, CONSUMER 5.
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  links?: Array<{ traceId: string; spanId: string }>;
}
/** A span as received, with its app's service.name and its attributes as plain values. */
interface Received extends OtlpSpan {
  service: string;
  attrs: Record<string, unknown>;
}

const plain = (value: OtlpValue): unknown =>
  value.arrayValue
    ? (value.arrayValue.values ?? []).map(plain)
    : (value.stringValue ?? value.boolValue ?? Number(value.intValue));
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));

/** A stand-in for an OpenTelemetry Collector: keeps what is POSTed to /v1/traces. */
async function startReceiver() {
  const spans: Received[] = [];
  const refused: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (request.method !== 'POST' || request.url !== '/v1/traces')
          throw new Error(`${request.method} ${request.url}`);
        if (!String(request.headers['content-type']).startsWith('application/json'))
          throw new Error(`content-type ${request.headers['content-type']}`);
        let body = Buffer.concat(chunks);
        if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const sent = JSON.parse(body.toString()) as {
          resourceSpans: Array<{
            resource: { attributes: OtlpAttribute[] };
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        };
        for (const { resource, scopeSpans } of sent.resourceSpans) {
          const service = String(attributesOf(resource.attributes)['service.name']);
          for (const scope of scopeSpans)
            for (const span of scope.spans)
              spans.push({ ...span, service, attrs: attributesOf(span.attributes) });
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (err) {
        refused.push((err as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    refused,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const stack = new OwnStack();
let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** The one span matching, once it has arrived. */
function span(description: string, matches: (span: Received) => boolean): Promise<Received> {
  return waitFor(
    () => {
      const found = receiver.spans.filter(matches);
      if (found.length > 1) throw new Error(`more than one ${description}`);
      return found[0];
    },
    { timeoutMs: 15_000, intervalMs: 100, description },
  );
}

/** The gateway's server span of the request sent with this x-request-id. */
const gatewaySpan = (requestId: string) =>
  span(`the gateway's span of ${requestId}`, (s) => {
    const ids = s.attrs['http.request.header.x-request-id'];
    return s.service === 'gateway' && Array.isArray(ids) && ids[0] === requestId;
  });

/** The span's one child of this kind in this app. */
const childOf = (parent: Received, service: string, kind: number) =>
  span(
    `a ${service} span (kind ${kind}) under ${parent.name}`,
    (s) => s.parentSpanId === parent.spanId && s.service === service && s.kind === kind,
  );

const shopLines = () => stack.apps.running('shop-service').flatMap((p) => p.lines);
const prefix = () => stack.env.NATS_SUBJECT_PREFIX ?? '';

beforeAll(async () => {
  receiver = await startReceiver();
  await stack.start({
    name: 'traces',
    databasePrefix: 'kartlink_test_traces',
    logLevel: 'info',
    extraEnv: {
      WEB_DIST_DIR: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Batches leave every 200 ms instead of 5 s (the SDK reads it).
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
  await stack.launchServices(...SERVICES);
}, 300_000);

afterAll(async () => {
  await stack.stop();
  await receiver?.close();
});

const owner = new Visitor();
let shopUrl: string;

describe('with an OTLP endpoint', () => {
  let product: Product;
  const createId = `create-${randomUUID()}`;

  beforeAll(async () => {
    await signUp(owner);
    shopUrl = `traced-${Date.now().toString(36)}`;
    const settings = await owner.call('PUT', '/shop/settings', {
      shopUrl,
      shopName: 'Traced Finds',
      shopDescription: 'Every request followed',
      isShopPublic: true,
      setupCompleted: true,
    });
    expect(settings.status).toBe(200);
  });

  it('follows a signed-in product creation into shop-service, and its log lines', async () => {
    const created = await owner.call<Product>(
      'POST',
      '/urls',
      {
        title: 'Block-print cotton kurta',
        description: 'Hand block-printed in Jaipur',
        price: 1299,
        brand: 'Meera',
        originalURLs: ['https://www.amazon.in/dp/B0KURTA', 'https://www.myntra.com/kurta/123'],
      },
      { 'x-request-id': createId },
    );
    expect(created.status).toBe(201);
    product = created.body.data;

    const http = await gatewaySpan(createId);
    expect(http).toMatchObject({ kind: KIND.server, name: 'POST /api/urls' });
    expect(http.attrs).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/urls',
      'http.response.status_code': 201,
    });
    const subject = `${prefix()}${Subjects.shop.createProduct}`;
    const request = await span('the gateway’s request to create the product', (s) =>
      Boolean(
        s.service === 'gateway' &&
        s.kind === KIND.client &&
        s.parentSpanId === http.spanId &&
        s.attrs['messaging.destination.name'] === subject,
      ),
    );
    expect(request.name).toBe(`send ${subject}`);
    const handler = await childOf(request, 'shop-service', KIND.server);
    expect(handler.traceId).toBe(http.traceId);
    expect(handler.name).toBe(`process ${subject}`);

    // shop-service's line of that request: the request id the client sent, and the trace's ids.
    const line = await waitFor(
      () =>
        shopLines().find(
          (l) => l.requestId === createId && l.subject === subject && l.msg === 'request handled',
        ),
      { timeoutMs: 10_000, description: 'shop-service’s line of the request' },
    );
    expect(line).toMatchObject({ traceId: http.traceId, spanId: handler.spanId });
  });

  it('follows a public read from the gateway to shop-service', async () => {
    const readId = `read-${randomUUID()}`;
    // The first read of the product since it was written: the gateway's cache asks shop-service.
    const read = await fetch(`${stack.base}/api/url/shop/${shopUrl}/${product.shortCode}`, {
      headers: { 'x-request-id': readId },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-request-id')).toBe(readId);

    const http = await gatewaySpan(readId);
    expect(http.name).toBe('GET /api/url/shop/:shopUrl/:shortCode');
    expect(http.attrs).toMatchObject({
      'http.route': '/api/url/shop/:shopUrl/:shortCode',
      'http.response.status_code': 200,
    });
    const request = await childOf(http, 'gateway', KIND.client);
    const handler = await childOf(request, 'shop-service', KIND.server);
    expect(new Set([http.traceId, request.traceId, handler.traceId]).size).toBe(1);
    const line = await waitFor(
      () => shopLines().find((l) => l.traceId === http.traceId && l.msg === 'request handled'),
      { timeoutMs: 10_000, description: 'shop-service’s line of the read' },
    );
    expect(line.spanId).toBe(handler.spanId);
  });

  it('links the click’s storing in analytics-service to the gateway’s trace', async () => {
    const clickId = `click-${randomUUID()}`;
    const click = await fetch(`${stack.base}/api/analytics/track/${product.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': clickId },
      body: JSON.stringify({ location: 'Asia/Kolkata', platform: 'amazon' }),
    });
    expect(click.status).toBe(202);

    const http = await gatewaySpan(clickId);
    expect(http.name).toBe('POST /api/analytics/track/:urlId');
    const published = await childOf(http, 'gateway', KIND.producer);
    expect(published.attrs['messaging.destination.name']).toMatch(/analytics/);
    const stored = await span('analytics-service’s span storing the click', (s) =>
      Boolean(
        s.service === 'analytics-service' &&
        s.kind === KIND.consumer &&
        s.links?.some((l) => l.spanId === published.spanId),
      ),
    );
    expect(stored.links).toContainEqual(
      expect.objectContaining({ traceId: http.traceId, spanId: published.spanId }),
    );
    expect(receiver.refused).toEqual([]);
  });
});

describe('without an OTLP endpoint', () => {
  it('a gateway exports nothing and its lines carry no trace, while it answers as ever', async () => {
    const port = await findFreePort();
    const untraced = stack.apps.launch('gateway', {
      PORT: String(port),
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    });
    await untraced.logged(/gateway listening/);
    const requestId = `plain-${randomUUID()}`;
    const answer = await fetch(`http://127.0.0.1:${port}/api/urls?page=1&limit=10`, {
      headers: { authorization: `Bearer ${owner.accessToken!}`, 'x-request-id': requestId },
    });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { data: { items?: Array<{ title: string }> } };
    expect(JSON.stringify(page.data)).toContain('Block-print cotton kurta');

    // shop-service still traces its own part: a trace of its own, with no parent, as no
    // traceparent came with the request.
    const line = await waitFor(
      () => shopLines().find((l) => l.requestId === requestId && l.msg === 'request handled'),
      { timeoutMs: 10_000, description: 'shop-service’s line of the request' },
    );
    const handler = await span('shop-service’s span of the untraced request', (s) =>
      Boolean(s.service === 'shop-service' && s.spanId === line.spanId),
    );
    expect(handler.parentSpanId ?? '').toBe('');
    // Time for anything the untraced gateway might have sent (batches leave every 200 ms).
    await sleep(1000);
    expect(
      receiver.spans.filter((s) => s.traceId === handler.traceId && s.service === 'gateway'),
    ).toEqual([]);
    expect(
      receiver.spans.filter((s) => {
        const ids = s.attrs['http.request.header.x-request-id'];
        return Array.isArray(ids) && ids[0] === requestId;
      }),
    ).toEqual([]);
    expect(untraced.lines.length).toBeGreaterThan(0);
    expect(untraced.lines.filter((l) => 'traceId' in l)).toEqual([]);
    expect(untraced.messages).not.toContain('exporting traces');
  });
});
