import type {
  Product,
  Shop,
  TrackAccepted,
  WebhookClick,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEventBody,
} from '@kartlink/contracts';
import { pgQuery, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { mailNumber, signUp, strongPassword, Visitor } from '../support/auth-client';

// Signed webhooks against the whole built stack, the receiver a local server on 127.0.0.1
// (allowed over http by WEBHOOK_ALLOW_HTTP_HOSTS in test/stack-setup.ts, which also makes the
// timeout 1 s, retries 0.2 s, 0.4 s, … and disabling after 2.5 s of failures).
jest.setTimeout(60_000);

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: WebhookEventBody;
  at: number;
}

/** What each path answers, in turn; past the list, 200. 'hang' answers after the timeout. */
const scripts = new Map<string, Array<number | 'hang'>>();
const received: Received[] = [];
let receiver: Server;
let base: string;

const at = (path: string) => received.filter((r) => r.path === path);

/** The README's verification snippet, run as it is written there. */
const verify = (() => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const code = /<!-- webhook-verify -->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('README.md lacks the webhook verification snippet');
  const context = { require, Buffer, Date, fn: undefined as unknown };
  runInNewContext(`${code}\nfn = verifyKartlinkSignature;`, context);
  return context.fn as (secret: string, header: string, body: string) => boolean;
})();

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

async function shopOwner() {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = uniqueUrl('hooks');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Meera Finds',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, email, shopUrl };
}

const kurta = (title = 'Block-print kurta') => ({
  title,
  price: 1299,
  originalURLs: ['https://www.amazon.in/dp/B0KURTA', 'https://www.myntra.com/kurta/123'],
});

async function addEndpoint(owner: Visitor, path: string, events: string[]) {
  const created = await owner.post<WebhookEndpointCreated>('/webhooks', {
    url: `${base}${path}`,
    events,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

const deliveries = async (owner: Visitor, id: string) =>
  (await owner.call<WebhookDelivery[]>('GET', `/webhooks/${id}/deliveries`)).body.data;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const raw = Buffer.concat(chunks).toString();
      received.push({
        path,
        headers: req.headers,
        raw,
        body: JSON.parse(raw) as WebhookEventBody,
        at: Date.now(),
      });
      const next = scripts.get(path)?.shift() ?? 200;
      if (next === 'hang') {
        setTimeout(() => res.writeHead(200).end('late'), 1500).unref();
        return;
      }
      if (path === '/redirect') {
        res.writeHead(302, { location: 'http://10.0.0.1/admin' });
        return res.end();
      }
      res.writeHead(next, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
});

describe('webhooks', () => {
  let meera: Awaited<ReturnType<typeof shopOwner>>;

  beforeAll(async () => {
    meera = await shopOwner();
  });

  it('shows the secret once and signs each delivery so that the README snippet verifies it', async () => {
    const endpoint = await addEndpoint(meera.owner, '/signed', ['product.created']);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpoint).toMatchObject({ status: 'active', events: ['product.created'] });
    const listed = await meera.owner.call<WebhookEndpoint[]>('GET', '/webhooks');
    expect(listed.body.data.find((e) => e.id === endpoint.id)).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

    const product = (await meera.owner.post<Product>('/urls', kurta())).body.data;
    const [delivery] = await waitFor(() => at('/signed').length > 0 && at('/signed'));
    expect(delivery.body).toMatchObject({
      type: 'product.created',
      data: { product: { id: product.id, title: 'Block-print kurta' } },
    });
    expect(delivery.headers['kartlink-event']).toBe('product.created');
    expect(delivery.headers['kartlink-event-id']).toBe(delivery.body.id);
    const signature = String(delivery.headers['kartlink-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(endpoint.secret, signature, delivery.raw)).toBe(true);
    expect(verify(endpoint.secret, signature, delivery.raw.replace('kurta', 'Kurta'))).toBe(false);
    expect(verify(`${endpoint.secret}x`, signature, delivery.raw)).toBe(false);
    const stale = signature.replace(/t=(\d+)/, (_m, t: string) => `t=${Number(t) - 301}`);
    expect(verify(endpoint.secret, stale, delivery.raw)).toBe(false);
  });

  it('keeps the deliveries of one product in order, retrying after a 500 before the next', async () => {
    const endpoint = await addEndpoint(meera.owner, '/ordered', [
      'product.created',
      'product.updated',
      'product.deleted',
    ]);
    scripts.set('/ordered', [500]);
    const product = (await meera.owner.post<Product>('/urls', kurta('First'))).body.data;
    await meera.owner.call('PATCH', `/urls/${product.id}`, { title: 'Second' });
    await meera.owner.call('PATCH', `/urls/${product.id}`, { title: 'Third' });
    await meera.owner.call('DELETE', `/urls/${product.id}`);
    await waitFor(() => at('/ordered').length >= 5, { description: '5 requests' });
    const seen = at('/ordered').map((r) => {
      const data = r.body.data as { product: { title?: string } };
      return `${r.body.type} ${data.product.title ?? ''}`.trim();
    });
    // The first (answered 500) came again, and nothing of the product passed it.
    expect(seen).toEqual([
      'product.created First',
      'product.created First',
      'product.updated Second',
      'product.updated Third',
      'product.deleted',
    ]);
    const [first, retry] = at('/ordered');
    expect(retry.headers['kartlink-delivery']).toBe(first.headers['kartlink-delivery']);
    expect(retry.at - first.at).toBeGreaterThanOrEqual(150);
    const log = await waitFor(async () => {
      const rows = await deliveries(meera.owner, endpoint.id);
      return rows.length === 4 && rows.every((d) => d.status === 'succeeded') && rows;
    });
    const created = log.find((d) => d.event === 'product.created')!;
    expect(created).toMatchObject({ attempts: 2, responseStatus: 200, nextRetryAt: null });
    expect(created.latencyMs).toEqual(expect.any(Number));
  });

  it('retries a delivery that timed out, and lists it with its attempts', async () => {
    const endpoint = await addEndpoint(meera.owner, '/slow', ['shop.updated']);
    scripts.set('/slow', ['hang']);
    const sent = await meera.owner.post<WebhookDelivery>(`/webhooks/${endpoint.id}/test`);
    expect(sent.status).toBe(200);
    await waitFor(() => at('/slow').length >= 2);
    const row = await waitFor(async () =>
      (await deliveries(meera.owner, endpoint.id)).find(
        (d) => d.id === sent.body.data.id && d.status === 'succeeded',
      ),
    );
    expect(row).toMatchObject({ event: 'webhook.test', attempts: 2, responseStatus: 200 });
    expect(at('/slow')[1].body.id).toBe(at('/slow')[0].body.id);
  });

  it('sends the clicks recorded, batched, each exactly once', async () => {
    const endpoint = await addEndpoint(meera.owner, '/clicks', ['click.recorded']);
    const product = (await meera.owner.post<Product>('/urls', kurta('Clicked'))).body.data;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const clicked = await new Visitor().call<TrackAccepted>(
        'POST',
        `/analytics/track/${product.id}`,
        { device: 'mobile', browser: 'Chrome', location: 'Asia/Kolkata', platform: 'amazon' },
        { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' },
      );
      expect(clicked.status).toBe(202);
      ids.push(clicked.body.data.eventId);
      // Spread over about two seconds: more than one batch, fewer than one a click.
      await new Promise((done) => setTimeout(done, 400));
    }
    const clicksIn = () =>
      at('/clicks').flatMap((r) => (r.body.data as { clicks: WebhookClick[] }).clicks);
    await waitFor(() => clicksIn().length >= 5, { description: '5 clicks' });
    // Nothing more comes after them.
    await new Promise((done) => setTimeout(done, 2000));
    expect(
      clicksIn()
        .map((c) => c.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(clicksIn().every((c) => c.productId === product.id && c.platform === 'amazon')).toBe(
      true,
    );
    const batches = at('/clicks');
    expect(batches.every((b) => b.body.type === 'click.recorded')).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.length).toBeLessThan(5);
    // At most one a second: the batches were made (the log's createdAt) a second apart or more.
    const made = (await deliveries(meera.owner, endpoint.id))
      .map((d) => Date.parse(d.createdAt))
      .sort((a, b) => a - b);
    expect(made).toHaveLength(batches.length);
    for (let i = 1; i < made.length; i += 1)
      expect(made[i] - made[i - 1]).toBeGreaterThanOrEqual(900);
  });

  it('redelivers an event from the log: the same event id, a new delivery', async () => {
    const endpoint = await addEndpoint(meera.owner, '/again', ['shop.updated']);
    await meera.owner.call('PUT', '/shop/settings', { shopName: 'Meera Finds & Gifts' });
    await waitFor(() => at('/again').length === 1);
    const [row] = await waitFor(async () => {
      const rows = await deliveries(meera.owner, endpoint.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(row).toMatchObject({ event: 'shop.updated', responseStatus: 200, attempts: 1 });
    const again = await meera.owner.post<WebhookDelivery>(
      `/webhooks/${endpoint.id}/deliveries/${row.id}/redeliver`,
    );
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(row.id);
    await waitFor(() => at('/again').length === 2);
    const [first, second] = at('/again');
    expect(second.raw).toBe(first.raw);
    expect(second.headers['kartlink-delivery']).toBe(again.body.data.id);
    expect((first.body.data as { shop: Shop }).shop.shopName).toBe('Meera Finds & Gifts');
  });

  it('keeps a month of deliveries in the log', async () => {
    const endpoint = await addEndpoint(meera.owner, '/month', ['shop.updated']);
    const first = await meera.owner.post<WebhookDelivery>(`/webhooks/${endpoint.id}/test`);
    await waitFor(
      async () => (await deliveries(meera.owner, endpoint.id))[0]?.status === 'succeeded',
    );
    await pgQuery(
      `UPDATE shop.webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = $1`,
      [first.body.data.id],
    );
    const second = await meera.owner.post<WebhookDelivery>(`/webhooks/${endpoint.id}/test`);
    const log = await waitFor(async () => {
      const rows = await deliveries(meera.owner, endpoint.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(log.map((d) => d.id)).toEqual([second.body.data.id]);
  });

  it('disables an endpoint failing for the whole window and e-mails its owner; it can be enabled again', async () => {
    const owner = await shopOwner();
    const endpoint = await addEndpoint(owner.owner, '/down', ['shop.updated']);
    scripts.set('/down', Array<number>(20).fill(500));
    await owner.owner.post(`/webhooks/${endpoint.id}/test`);
    const disabled = await waitFor(
      async () => {
        const list = await owner.owner.call<WebhookEndpoint[]>('GET', '/webhooks');
        return list.body.data.find((e) => e.id === endpoint.id && e.status === 'disabled');
      },
      { timeoutMs: 15_000, description: 'the endpoint disabled' },
    );
    expect(disabled.disabledReason).toMatch(/failed since/);
    const mail = await mailNumber(owner.email, 1);
    expect(mail.subject).toBe('A Kartlink webhook endpoint was disabled');
    expect(mail.text).toContain(`${base}/down`);
    const [row] = await deliveries(owner.owner, endpoint.id);
    expect(row).toMatchObject({ status: 'failed', responseStatus: 500, nextRetryAt: null });
    const count = at('/down').length;
    const refused = await owner.owner.post(`/webhooks/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    await owner.owner.call('PUT', '/shop/settings', { shopName: 'Quiet now' });
    await new Promise((done) => setTimeout(done, 500));
    expect(at('/down').length).toBe(count);

    scripts.set('/down', []);
    const enabled = await owner.owner.call<WebhookEndpoint>('PATCH', `/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(enabled.body.data).toMatchObject({ status: 'active', disabledReason: null });
    await owner.owner.post(`/webhooks/${endpoint.id}/test`);
    await waitFor(() => at('/down').length === count + 1);
  });

  it('deletes the endpoints and their log with the account', async () => {
    const leaving = await shopOwner();
    const endpoint = await addEndpoint(leaving.owner, '/leaving', ['shop.updated']);
    await leaving.owner.post(`/webhooks/${endpoint.id}/test`);
    await waitFor(() => at('/leaving').length === 1);
    const count = async () =>
      (
        await pgQuery<{ n: string }>(
          `SELECT (SELECT count(*) FROM shop.webhook_endpoints WHERE id = $1) +
                  (SELECT count(*) FROM shop.webhook_deliveries WHERE endpoint_id = $1) AS n`,
          [endpoint.id],
        )
      )[0].n;
    expect(Number(await count())).toBeGreaterThanOrEqual(2);
    const deleted = await leaving.owner.post('/account/delete', { password: strongPassword });
    expect(deleted.status).toBe(200);
    expect(Number(await count())).toBe(0);
  });

  it("keeps another owner's endpoints out of reach", async () => {
    const endpoint = await addEndpoint(meera.owner, '/private', ['shop.updated']);
    const other = new Visitor();
    await signUp(other);
    expect((await other.call<WebhookEndpoint[]>('GET', '/webhooks')).body.data).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/webhooks/${endpoint.id}/deliveries`, undefined],
      ['PATCH', `/webhooks/${endpoint.id}`, { events: ['product.created'] }],
      ['DELETE', `/webhooks/${endpoint.id}`, undefined],
      ['POST', `/webhooks/${endpoint.id}/test`, {}],
    ] as const) {
      const answer = await other.call(method, path, body);
      expect(answer.status).toBe(404);
    }
    const mine = await meera.owner.call<WebhookEndpoint[]>('GET', '/webhooks');
    expect(mine.body.data.find((e) => e.id === endpoint.id)?.events).toEqual(['shop.updated']);
    expect(at('/private')).toHaveLength(0);
  });

  it('refuses plain http, private addresses and bad events, follows no redirect, and caps endpoints', async () => {
    const owner = new Visitor();
    await signUp(owner);
    const refused = async (url: string, events: unknown = ['shop.updated']) => {
      const answer = await owner.post('/webhooks', { url, events });
      expect(answer.status).toBe(400);
      return answer.body.errors?.[0]?.msg ?? answer.body.error;
    };
    expect(await refused('http://hooks.example.com/in')).toBe(
      'Webhook endpoints must use https://',
    );
    expect(await refused('https://10.1.2.3/in')).toMatch(/private network/);
    expect(await refused('https://[::1]/in')).toMatch(/private network/);
    expect(await refused('https://localhost/in')).toMatch(/private network/);
    expect(await refused('ftp://example.com/in')).toMatch(/starting with https/);
    expect(await refused('https://hooks.example.com/in', [])).toBe('Choose at least one event');
    expect(await refused('https://hooks.example.com/in', ['order.paid'])).toMatch(/Events must/);
    expect((await owner.call<WebhookEndpoint[]>('GET', '/webhooks')).body.data).toEqual([]);

    const redirecting = await addEndpoint(owner, '/redirect', ['shop.updated']);
    await owner.post(`/webhooks/${redirecting.id}/test`);
    const [row] = await waitFor(async () => {
      const rows = await deliveries(owner, redirecting.id);
      return rows[0]?.responseStatus === 302 && rows;
    });
    expect(row.error).toBe('The endpoint answered 302');
    expect(row.status).not.toBe('succeeded');

    for (let i = 1; i < 10; i += 1)
      expect(
        (
          await owner.post('/webhooks', {
            url: `https://h${i}.example.com/`,
            events: ['shop.updated'],
          })
        ).status,
      ).toBe(201);
    const eleventh = await owner.post('/webhooks', {
      url: 'https://h11.example.com/',
      events: ['shop.updated'],
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error).toBe('You can have at most 10 webhook endpoints.');
  });
});
