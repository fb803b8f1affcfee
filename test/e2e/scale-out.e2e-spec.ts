import { type UploadedImage } from '@kartlink/contracts';
import { findFreePort } from '@kartlink/infra';
import { pgQuery, waitFor } from '@kartlink/testing';
import { Queue } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMAGE_QUEUE, type PrimaryJob } from '@kartlink/media-service/testing';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { type AppProcess, AppProcesses } from '../support/app-processes';
import { signUp, Visitor } from '../support/auth-client';
import { type LoadBalancer, startLoadBalancer } from '../support/nginx';
import { OwnStack } from '../support/own-stack';

/**
 * Scale-out on one machine: two replicas of every service and two gateways behind nginx, as an
 * ingress would run them. Visitors read products and click, an owner reads their figures and
 * uploads photos; halfway through, one gateway and one replica of each service get SIGTERM (as
 * in a rolling update or a node drain). No client of the load balancer may see a failure, every
 * accepted click must be counted exactly once, and every upload in flight must complete.
 */
jest.setTimeout(180_000);

const SERVICES = ['auth-service', 'shop-service', 'media-service', 'analytics-service'];
const LOAD_MS = 24_000;
/** When, into the load, the uploads start; SIGTERM follows once their jobs run. */
const UPLOADS_AT_MS = 8_000;
const UPLOADS = 4;
const PRODUCTS = 30;
const CLICKED_PRODUCTS = 3;
const stack = new OwnStack();
let apps: AppProcesses;
let balancer: LoadBalancer;
let queue: Queue<PrimaryJob>;
let gatewayPorts: number[];

/** What one kind of client saw: answers as expected, and every other outcome. */
interface Tally {
  ok: number;
  failures: string[];
}

/** Requests one after another until the deadline, each awaited to its end (none abandoned). */
async function loop(
  deadline: number,
  tally: Tally,
  send: () => { path: string; init?: RequestInit; expect: number },
) {
  while (Date.now() < deadline) {
    const { path, init, expect: expected } = send();
    try {
      const response = await fetch(`${balancer.url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.text();
      if (response.status === expected) tally.ok += 1;
      else tally.failures.push(`${init?.method ?? 'GET'} ${path}: ${response.status} ${body}`);
    } catch (err) {
      tally.failures.push(`${init?.method ?? 'GET'} ${path}: ${(err as Error).message}`);
    }
  }
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

async function upload(token: string) {
  const form = new FormData();
  form.append('type', 'product');
  const jpeg = await sampleJpeg(1200, 900);
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kurta.jpg');
  try {
    const response = await fetch(`${balancer.url}/api/photos/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(90_000),
    });
    const body = (await response.json()) as { data: UploadedImage };
    return { status: response.status, id: body.data?._id };
  } catch (err) {
    return { status: 0, id: undefined, error: (err as Error).message };
  }
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await pgQuery<{ n: string }>(sql, params))[0]!.n);

beforeAll(async () => {
  gatewayPorts = [await findFreePort(), await findFreePort()];
  let balancerPort = await findFreePort();
  while (gatewayPorts.includes(balancerPort)) balancerPort = await findFreePort();
  ({ apps } = await stack.start({
    name: 'scale-out',
    databasePrefix: 'kartlink_test_scale',
    port: gatewayPorts[0]!,
    publicUrl: `http://127.0.0.1:${balancerPort}`,
    logLevel: 'info',
    extraEnv: {
      WEB_DIST_DIR: '',
      // nginx is the one proxy in front, as the ingress of the manifests is.
      TRUST_PROXY: '1',
      // Every visitor comes through nginx, from one address.
      RATE_LIMIT_MAX: '1000000',
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      // Uploads stay in flight this long: SIGTERM lands while their jobs run.
      MEDIA_TEST_DELAY_MS: '4000',
      ANALYTICS_FOLD_EVERY_MS: '500',
    },
  }));
  for (const service of SERVICES) await apps.migrate(service);
  const replicas = SERVICES.flatMap((service) => [apps.launch(service), apps.launch(service)]);
  // The gateways log only warnings: a line per request would cost the load its CPU.
  for (const port of gatewayPorts)
    apps.launch('gateway', { PORT: String(port), LOG_LEVEL: 'warn' });
  await Promise.all(replicas.map((replica) => replica.logged(/listening on NATS$/)));
  for (const port of gatewayPorts)
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200,
      { timeoutMs: 60_000, intervalMs: 250, description: `the gateway on ${port} to be ready` },
    );
  balancer = await startLoadBalancer({
    port: balancerPort,
    upstreams: gatewayPorts,
    onLine: (line) => stack.log.write(`[nginx] ${line}\n`),
  });
  queue = new Queue<PrimaryJob>(IMAGE_QUEUE, {
    connection: { url: stack.run.env.REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${stack.run.env.REDIS_KEY_PREFIX}bull`,
  });
}, 300_000);

afterAll(async () => {
  await balancer?.stop();
  await stack.stop(async () => queue?.close());
});

it('shows a write through one gateway on the other’s very next read', async () => {
  const owner = new Visitor();
  await signUp(owner);
  const [one, other] = gatewayPorts.map((port) => `http://127.0.0.1:${port}/api`);
  const send = async <T>(base: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${owner.accessToken!}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  const shopUrl = `two-gateways-${Date.now().toString(36)}`;
  await send(one!, 'PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Two Gateways',
    shopDescription: 'One shop, two replicas',
    isShopPublic: true,
    setupCompleted: true,
  });
  const created = await fetch(`${one}/urls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.accessToken!}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Edit 0',
      originalURLs: ['https://www.amazon.in/dp/B0EDIT', 'https://www.flipkart.com/p/edit'],
    }),
  });
  expect(created.status).toBe(201);
  const product = ((await created.json()) as { data: { id: string; shortCode: string } }).data;
  const readTitles = async () => {
    const one = await send<{ title: string }>(
      other!,
      'GET',
      `/url/shop/${shopUrl}/${product.shortCode}`,
    );
    const list = await send<Array<{ title: string }>>(other!, 'GET', `/shop/${shopUrl}/urls`);
    return [one.title, list.map((p) => p.title)];
  };

  // The other gateway holds the product and the shop's list in its memory, then each edit
  // through the first must show on its very next read.
  const stale: string[] = [];
  for (let edit = 1; edit <= 20; edit += 1) {
    await readTitles();
    await send(one!, 'PATCH', `/urls/${product.id}`, { title: `Edit ${edit}` });
    const seen = await readTitles();
    if (JSON.stringify(seen) !== JSON.stringify([`Edit ${edit}`, [`Edit ${edit}`]]))
      stale.push(`edit ${edit}: ${JSON.stringify(seen)}`);
  }
  expect(stale).toEqual([]);

  // A product hidden and then deleted through the first is gone from the other at once.
  await send(one!, 'PATCH', `/urls/${product.id}/show-on-shop`, { showOnShop: false });
  expect(await send(other!, 'GET', `/shop/${shopUrl}/urls`)).toEqual([]);
  await send(one!, 'DELETE', `/urls/${product.id}`);
  const gone = await fetch(`${other}/url/shop/${shopUrl}/${product.shortCode}`);
  expect(gone.status).toBe(404);
});

it('limits a client behind nginx however it forges the first X-Forwarded-For hop', async () => {
  // 60 Google sign-in starts per client address per 15 minutes (a budget nothing else here
  // spends); each forged hop names a new address, and nginx adds the real one after it.
  const statuses: number[] = [];
  for (let i = 0; i < 61; i += 1) {
    const response = await fetch(`${balancer.url}/api/auth/google`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  expect(statuses).toEqual([...Array<number>(60).fill(302), 429]);
});

it('loses no request, no click and no upload when a gateway and a replica of each service stop mid-load', async () => {
  const owner = new Visitor();
  const { session } = await signUp(owner);
  const token = owner.accessToken!;
  const shopUrl = 'scale-bazaar';
  const [{ id: shopId }] = await pgQuery<{ id: string }>(
    `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed)
     VALUES ($1, $2, 'Scale Bazaar', 'Thirty products and a rolling update', true, true) RETURNING id`,
    [session.user.id, shopUrl],
  );
  const products = await pgQuery<{ id: string; short_code: string }>(
    `INSERT INTO shop.products (shop_id, short_code, title, store_urls)
     SELECT $1, 'item-' || n, 'Item ' || n, '["https://www.amazon.in/dp/B0S"]'
       FROM generate_series(1, ${PRODUCTS}) AS n
     RETURNING id, short_code`,
    [shopId!],
  );
  const clicked = products.slice(0, CLICKED_PRODUCTS).map((p) => p.id);
  const visitor = {
    'content-type': 'application/json',
    'user-agent':
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
  };

  const tallies = {
    reads: { ok: 0, failures: [] } as Tally,
    clicks: { ok: 0, failures: [] } as Tally,
    ownerReads: { ok: 0, failures: [] } as Tally,
  };
  const started = Date.now();
  const deadline = started + LOAD_MS;
  const clients = [
    ...Array.from({ length: 6 }, () =>
      loop(deadline, tallies.reads, () => ({
        path: `/api/url/shop/${shopUrl}/${pick(products).short_code}`,
        expect: 200,
      })),
    ),
    ...Array.from({ length: 6 }, () =>
      loop(deadline, tallies.clicks, () => ({
        path: `/api/analytics/track/${pick(clicked)}`,
        init: {
          method: 'POST',
          headers: visitor,
          body: JSON.stringify({ device: 'mobile', browser: 'Chrome', platform: 'amazon' }),
        },
        expect: 202,
      })),
    ),
    // Reads no cache answers: every service in turn (readiness asks each one), shop-service
    // and analytics-service for the owner.
    ...Array.from({ length: 2 }, () =>
      loop(deadline, tallies.ownerReads, () => ({
        ...pick([
          { path: '/api/health/ready' },
          { path: '/api/shop/status' },
          { path: '/api/analytics/overview' },
        ]),
        init: { headers: { authorization: `Bearer ${token}` } },
        expect: 200,
      })),
    ),
  ];

  await sleep(UPLOADS_AT_MS);
  const active = await queue.getActiveCount();
  const uploads = Promise.all(Array.from({ length: UPLOADS }, () => upload(token)));
  await waitFor(async () => (await queue.getActiveCount()) >= active + UPLOADS, {
    timeoutMs: 30_000,
    intervalMs: 50,
    description: 'every upload to be processing',
  });

  const stopped: AppProcess[] = [
    apps.running('gateway')[0]!,
    ...SERVICES.map((s) => apps.running(s)[0]!),
  ];
  for (const app of stopped) apps.terminate(app);
  apps.mark(`SIGTERM sent ${Date.now() - started} ms into the load`);

  const exits = await Promise.all(stopped.map(async (app) => [app.label, await app.exited]));
  await Promise.all(clients);
  const uploaded = await uploads;
  apps.mark(
    `load over: ${JSON.stringify(Object.fromEntries(Object.entries(tallies).map(([k, t]) => [k, t.ok])))}`,
  );

  // Each stopped process finished its work and exited by itself.
  expect(exits).toEqual(stopped.map((app) => [app.label, { code: 0, signal: null }]));
  // Not one failure as the clients of the load balancer saw it.
  expect({
    reads: tallies.reads.failures,
    clicks: tallies.clicks.failures,
    ownerReads: tallies.ownerReads.failures,
    uploads: uploaded.filter((u) => u.status !== 201),
  }).toEqual({ reads: [], clicks: [], ownerReads: [], uploads: [] });
  expect(Math.min(tallies.reads.ok, tallies.clicks.ok, tallies.ownerReads.ok)).toBeGreaterThan(0);

  // Every upload in flight was processed and stored, its thumbnail made by the replica left.
  const ids = uploaded.map((u) => u.id!);
  await waitFor(
    async () =>
      (await count(
        `SELECT count(*) AS n FROM media.images WHERE id = ANY($1) AND variants ? 'thumbnail'`,
        [ids],
      )) === UPLOADS,
    { timeoutMs: 60_000, intervalMs: 250, description: 'every uploaded image with its thumbnail' },
  );

  // Every accepted click counted once: stored, folded into the rollups as a tap, and in
  // shop-service. One visitor's taps on a product's store within 30 minutes are one click
  // (issue 15): the load's taps, all within minutes, count one click for each product, store
  // and visitor.
  const accepted = tallies.clicks.ok;
  const figures = async () => ({
    stored: await count('SELECT count(*) AS n FROM analytics.events WHERE product_id = ANY($1)', [
      clicked,
    ]),
    productsClicked: await count(
      `SELECT count(*) AS n FROM (SELECT DISTINCT product_id, platform, visitor
         FROM analytics.events WHERE product_id = ANY($1) AND type = 'click') taps`,
      [clicked],
    ),
    unfolded: await count(
      `SELECT count(*) AS n FROM analytics.events e JOIN analytics.fold_queue q USING (id)
        WHERE e.product_id = ANY($1)`,
      [clicked],
    ),
    productTaps: await count(
      'SELECT coalesce(sum(taps), 0) AS n FROM analytics.product_daily WHERE product_id = ANY($1)',
      [clicked],
    ),
    productClicks: await count(
      'SELECT coalesce(sum(clicks), 0) AS n FROM analytics.product_daily WHERE product_id = ANY($1)',
      [clicked],
    ),
    inShopService: await count(
      'SELECT coalesce(sum(clicks), 0) AS n FROM shop.products WHERE id = ANY($1)',
      [clicked],
    ),
  });
  // Once every click is stored, the products, stores and visitors clicked are known.
  const exactOf = (f: { productsClicked: number }) => ({
    stored: accepted,
    productsClicked: f.productsClicked,
    unfolded: 0,
    productTaps: accepted,
    productClicks: f.productsClicked,
    inShopService: f.productsClicked,
  });
  await waitFor(
    async () => {
      const f = await figures();
      return JSON.stringify(f) === JSON.stringify(exactOf(f));
    },
    {
      timeoutMs: 60_000,
      intervalMs: 250,
      description: 'every accepted click counted',
    },
  ).catch(async (err: Error) => {
    throw new Error(`${err.message}: ${JSON.stringify(await figures())}, accepted ${accepted}`);
  });
  const final = await figures();
  expect(final).toEqual(exactOf(final));

  // Both gateways carried the load; the requests nginx had to send to the other gateway.
  const lines = balancer.accessLog();
  const retried = lines.filter((line) => /upstreams=\S+, /.test(line));
  apps.mark(`nginx: ${lines.length} requests, ${retried.length} sent on to the other gateway`);
  for (const line of retried.slice(0, 20)) apps.mark(`  ${line}`);
  for (const port of gatewayPorts)
    expect(lines.some((line) => line.includes(`127.0.0.1:${port}`))).toBe(true);
});
