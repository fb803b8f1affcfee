import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { analyticsStreamName, Events, type TrackedEvent } from '@kartlink/contracts';
import { loadConfig } from '@kartlink/config';
import { createLogger, ensureAnalyticsStream } from '@kartlink/server-kit';
import { waitFor } from '@kartlink/testing';
import { Redis } from 'ioredis';
import { connect, type JetStreamManager, JSONCodec, type NatsConnection } from 'nats';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway } from '../src/app.factory';
import { configSchema } from '../src/config';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';

let gateway: NestFastifyApplication;
let base: string;
let nats: NatsConnection;
let manager: JetStreamManager;
let dist: string;
const config = loadConfig(configSchema, {
  ...process.env,
  TRUST_PROXY: '1',
  TRACK_RATE_LIMIT_PER_MINUTE: '5',
  PUBLIC_URL: 'https://kartlink.example',
  WEB_DIST_DIR: (dist = mkdtempSync(join(tmpdir(), 'kartlink-web-'))),
});
const prefix = config.NATS_SUBJECT_PREFIX;
const stream = analyticsStreamName(prefix);
const codec = JSONCodec<TrackedEvent>();

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kartlink</title>');
  gateway = await createGateway(config, createLogger('gateway', 'silent'));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  nats = await connect({ servers: config.NATS_URL });
  manager = await nats.jetstreamManager();
});
afterAll(async () => {
  await nats?.close();
  await gateway?.close();
  rmSync(dist, { recursive: true, force: true });
  const redis = new Redis(config.REDIS_URL);
  const keys = await redis.keys(`${config.REDIS_KEY_PREFIX}rl:track:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** A visitor of its own: an address (X-Forwarded-For, as an ingress sets it) and a browser. */
const visitor = (userAgent = CHROME) => ({
  'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  'user-agent': userAgent,
});

async function track(path: string, body: unknown, headers: Record<string, string> = visitor()) {
  const response = await fetch(`${base}/api/analytics/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as {
      success: boolean;
      data?: { eventId: string };
      error?: string;
      errorCode?: string;
      errors?: Array<{ path: string; msg: string }>;
    },
  };
}

/** The event stored on the stream with this id, and the raw text stored. */
async function stored(eventId: string) {
  return waitFor(
    async () => {
      const info = await manager.streams.info(stream);
      for (let seq = info.state.last_seq; seq >= info.state.first_seq; seq -= 1) {
        const message = await manager.streams.getMessage(stream, { seq }).catch(() => undefined);
        if (message?.header.get('Nats-Msg-Id') === eventId)
          return { event: codec.decode(message.data), raw: new TextDecoder().decode(message.data) };
      }
      return undefined;
    },
    { timeoutMs: 5000, description: `event ${eventId} on the stream` },
  );
}

const storedCount = async () => (await manager.streams.info(stream)).state.messages;

describe('recording visits and clicks', () => {
  it('records a store click: 202 with the event id, stored on the stream under that id', async () => {
    const productId = randomUUID();
    const headers = visitor();
    const answer = await track(
      `track/${productId.toUpperCase()}`,
      {
        device: 'Mobile',
        browser: 'Chrome',
        location: 'Asia/Calcutta',
        platform: 'Amazon',
        referrer: 'https://www.instagram.com/p/abc',
        somethingNew: 'ignored',
      },
      headers,
    );
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, data: { eventId: expect.any(String) } });
    const { event, raw } = await stored(answer.body.data!.eventId);
    expect(event).toEqual({
      id: answer.body.data!.eventId,
      type: 'click',
      productId,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      device: 'mobile',
      browser: 'Chrome',
      timeZone: 'Asia/Calcutta',
      platform: 'amazon',
      referrer: 'instagram.com',
      visitor: expect.stringMatching(/^[0-9a-f]{32}$/),
      bot: false,
      prefetch: false,
      // Kept so that the rules can be applied again later.
      userAgent: CHROME,
      source: 'instagram',
      // The beacon goes as the store's website opens.
      opensIn: 'web',
    });
    // The address is never stored, only the day's hash.
    expect(raw).not.toContain(headers['x-forwarded-for']);
    // A time-ordered id (UUID version 7) of the moment it happened: recent events are stored
    // side by side in analytics' primary key.
    const id = answer.body.data!.eventId;
    expect(id[14]).toBe('7');
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.parse(event.occurredAt));
  });

  it('marks prefetches and previews, and keeps a long user agent cut short', async () => {
    for (const header of [
      { 'sec-purpose': 'prefetch;prerender' } as Record<string, string>,
      { purpose: 'prefetch' },
      { 'x-purpose': 'preview' },
    ]) {
      const answer = await track('track-shop/meera-finds', {}, { ...visitor(), ...header });
      expect(answer.status).toBe(202);
      expect((await stored(answer.body.data!.eventId)).event).toMatchObject({
        prefetch: true,
        bot: false,
      });
    }
    const long = `${CHROME} ${'x'.repeat(1000)}`;
    const answer = await track('track-shop/meera-finds', {}, visitor(long));
    const { event } = await stored(answer.body.data!.eventId);
    expect(event).toMatchObject({ prefetch: false, userAgent: long.slice(0, 512) });
  });

  it('knows the product page a visit was on, from the body or from our own page as referer', async () => {
    const said = await track('track-shop/meera-finds', { page: 'AB3X9K2' });
    expect((await stored(said.body.data!.eventId)).event.page).toBe('ab3x9k2');
    const fromPage = await track(
      'track-shop/meera-finds',
      {},
      { ...visitor(), referer: 'https://kartlink.example/meera-finds/q7r8s9t' },
    );
    expect((await stored(fromPage.body.data!.eventId)).event).toMatchObject({
      page: 'q7r8s9t',
      referrer: null,
      source: 'direct',
    });
    const shopPage = await track(
      'track-shop/meera-finds',
      {},
      { ...visitor(), referer: 'https://kartlink.example/meera-finds' },
    );
    expect((await stored(shopPage.body.data!.eventId)).event.page).toBeUndefined();
    // A link shared with its source named: WhatsApp opens links with no referrer.
    const shared = await track(
      'track-shop/meera-finds',
      {},
      {
        ...visitor(),
        referer: 'https://kartlink.example/meera-finds/q7r8s9t?utm_source=whatsapp',
      },
    );
    expect((await stored(shared.body.data!.eventId)).event).toMatchObject({
      page: 'q7r8s9t',
      source: 'whatsapp',
    });
  });

  it('records a shop visit under the lower-cased URL, its device and browser read from the header; our own pages are no referrer', async () => {
    const answer = await track(
      'track-shop/Meera-Finds',
      { device: 'desktop' },
      {
        ...visitor(),
        referer: 'https://kartlink.example/meera-finds',
      },
    );
    expect(answer.status).toBe(202);
    const { event } = await stored(answer.body.data!.eventId);
    expect(event).toMatchObject({
      type: 'shop_view',
      shopUrl: 'meera-finds',
      // The Android Chrome of the User-Agent header, not the body's word.
      device: 'mobile',
      browser: 'Chrome',
      timeZone: null,
      platform: null,
      referrer: null,
      bot: false,
    });
    expect(event.productId).toBeUndefined();
  });

  it('reads a beacon sent as text/plain, and an empty body', async () => {
    const beacon = await fetch(`${base}/api/analytics/track-shop/meera-finds`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...visitor() },
      body: JSON.stringify({ device: 'tablet', referrer: 'android-app://com.google.android.gm/' }),
    });
    expect(beacon.status).toBe(202);
    const { eventId } = ((await beacon.json()) as { data: { eventId: string } }).data;
    expect((await stored(eventId)).event).toMatchObject({
      device: 'mobile',
      referrer: 'com.google.android.gm',
    });
    const empty = await fetch(`${base}/api/analytics/track-shop/meera-finds`, {
      method: 'POST',
      headers: visitor(),
    });
    expect(empty.status).toBe(202);
  });

  it('knows the same visitor again the same day, and tells two visitors apart', async () => {
    const asha = visitor();
    const ravi = visitor();
    const hashOf = async (headers: Record<string, string>) => {
      const answer = await track('track-shop/meera-finds', {}, headers);
      return (await stored(answer.body.data!.eventId)).event.visitor;
    };
    const first = await hashOf(asha);
    expect(await hashOf(asha)).toBe(first);
    expect(await hashOf(ravi)).not.toBe(first);
    expect(await hashOf({ ...asha, 'user-agent': `${CHROME} Edg/120.0` })).not.toBe(first);
  });

  it('marks bots and link-preview fetchers, and takes a bad token as an anonymous visit', async () => {
    for (const userAgent of [WHATSAPP, 'facebookexternalhit/1.1', 'curl/8.4.0']) {
      const answer = await track('track-shop/meera-finds', {}, visitor(userAgent));
      expect(answer.status).toBe(202);
      expect((await stored(answer.body.data!.eventId)).event.bot).toBe(true);
    }
    const forged = await track(
      'track-shop/meera-finds',
      {},
      {
        ...visitor(),
        authorization: 'Bearer not.a.token',
      },
    );
    expect(forged.status).toBe(202);
    const { event } = await stored(forged.body.data!.eventId);
    expect(event.bot).toBe(false);
    expect(event.viewerUserId).toBeUndefined();
  });

  it('refuses bad input with a clear 400 and publishes nothing', async () => {
    const before = await storedCount();
    const refusals: Array<[string, unknown, { path: string; msg: string }]> = [
      ['track/not-a-uuid', {}, { path: 'urlId', msg: 'This link id is not valid.' }],
      [
        'track-shop/ab',
        {},
        { path: 'shopUrl', msg: 'Shop URL must be at least 3 characters long.' },
      ],
      [
        'track-shop/dashboard',
        {},
        { path: 'shopUrl', msg: 'This shop URL is reserved. Please choose a different one.' },
      ],
      [`track/${randomUUID()}`, { device: 42 }, { path: 'device', msg: 'device must be text.' }],
      [
        `track/${randomUUID()}`,
        { browser: 'x'.repeat(41) },
        { path: 'browser', msg: 'browser must be at most 40 characters.' },
      ],
      [
        `track/${randomUUID()}`,
        { location: 'Mumbai, India' },
        { path: 'location', msg: 'location must be a time zone such as Asia/Kolkata.' },
      ],
      [
        'track-shop/meera-finds',
        '[1, 2]',
        { path: 'body', msg: 'The body must be a JSON object.' },
      ],
    ];
    for (const [path, body, error] of refusals) {
      const answer = await track(path, body);
      expect({ path, status: answer.status, errors: answer.body.errors }).toEqual({
        path,
        status: 400,
        errors: [error],
      });
      expect(answer.body).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    }
    const broken = await track('track-shop/meera-finds', '{"device":');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
    expect(broken.body.error).toMatch(/not valid JSON/);
    const huge = await track('track-shop/meera-finds', { referrer: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('gives each client address its own budget of recordings', async () => {
    const busy = visitor();
    for (let i = 0; i < 5; i += 1)
      expect((await track('track-shop/meera-finds', {}, busy)).status).toBe(202);
    const refused = await track('track-shop/meera-finds', {}, busy);
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await track('track-shop/meera-finds', {}, visitor())).status).toBe(202);
  });
});

describe('link previews of the public pages', () => {
  const previewsOf = async (shopUrl: string) => {
    const info = await manager.streams.info(stream);
    const events: TrackedEvent[] = [];
    for (let seq = info.state.last_seq; seq > Math.max(0, info.state.last_seq - 50); seq -= 1) {
      const message = await manager.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (message?.subject !== `${prefix}${Events.analyticsShopView}`) continue;
      const event = codec.decode(message.data);
      if (event.shopUrl === shopUrl) events.push(event);
    }
    return events;
  };

  it('counts a HEAD request or a preview fetcher reading a shop page as a bot visit', async () => {
    const shopUrl = `asha-${randomInt(1e6)}`;
    const head = await fetch(`${base}/${shopUrl}`, { method: 'HEAD', headers: visitor() });
    // No shop-service runs here: the page goes out without its own head, asked again later.
    expect(head.status).toBe(503);
    const preview = await fetch(`${base}/${shopUrl}/summer-kurta`, { headers: visitor(WHATSAPP) });
    expect(await preview.text()).toContain('<title>Kartlink</title>');
    // People, and pages that are not shops, are not recorded here.
    await fetch(`${base}/${shopUrl}`, { headers: visitor() });
    await fetch(`${base}/dashboard/analytics`, { headers: visitor(WHATSAPP) });
    const events = await waitFor(
      async () => {
        const found = await previewsOf(shopUrl);
        return found.length >= 2 ? found : undefined;
      },
      { description: 'two preview events' },
    );
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.bot && e.type === 'shop_view')).toBe(true);
  });
});

describe('when the stream cannot store', () => {
  it('answers 503 with a clear message (the web ignores it) and recovers', async () => {
    await manager.streams.delete(stream);
    try {
      const answer = await track(`track/${randomUUID()}`, { platform: 'amazon' });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        success: false,
        errorCode: 'SERVICE_UNAVAILABLE',
        error: 'Visits cannot be recorded right now. Please try again later.',
      });
    } finally {
      await ensureAnalyticsStream(manager, prefix);
    }
  });
});
