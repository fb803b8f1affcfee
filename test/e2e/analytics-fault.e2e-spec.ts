import { waitFor } from '@kartlink/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OwnStack } from '../support/own-stack';

/**
 * The fault test of issue 6: 20,000 clicks through the gateway while analytics-service is
 * killed with SIGKILL halfway through storing them and started again. Every click must be
 * counted exactly once, in the rollups and in the product's clicks in shop-service. They come
 * from one phone within seconds: every one is a tap, kept and counted once in the taps, and
 * they are one click (a visitor's repeated taps on a store within 30 minutes, issue 15).
 *
 * It runs its own small product (gateway, shop-service, analytics-service as real processes
 * from the build) on a run of its own, so that it can kill analytics-service without touching
 * the stack the other e2e tests use.
 */
jest.setTimeout(120_000);

const CLICKS = 20_000;
const stack = new OwnStack();
let db: Client;

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0].n);

beforeAll(async () => {
  const { run } = await stack.start({
    name: 'analytics-fault',
    databasePrefix: 'kartlink_test_fault',
    logLevel: 'warn',
    extraEnv: {
      WEB_DIST_DIR: '',
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      // Deliveries to the killed process come back after this, instead of 15 s.
      ANALYTICS_ACK_WAIT_MS: '3000',
      ANALYTICS_FOLD_EVERY_MS: '500',
    },
  });
  db = new Client({ connectionString: run.env.DATABASE_URL });
  await db.connect();
  await stack.launchServices('shop', 'analytics');
});

afterAll(() => stack.stop(async () => db?.end()));

it('counts every one of 20,000 clicks exactly once when analytics-service is killed halfway', async () => {
  const [{ id: shopId }] = (
    await db.query<{ id: string }>(
      `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed)
       VALUES ($1, 'fault-finds', 'Fault Finds', 'Twenty thousand clicks', true, true) RETURNING id`,
      [randomUUID()],
    )
  ).rows;
  const [{ id: productId }] = (
    await db.query<{ id: string }>(
      `INSERT INTO shop.products (shop_id, short_code, title, store_urls)
       VALUES ($1, 'kurta', 'Kurta', '["https://www.amazon.in/dp/B0X", "https://www.flipkart.com/p/x"]')
       RETURNING id`,
      [shopId],
    )
  ).rows;
  const { apps } = stack;
  const [analytics] = apps.running('analytics-service');

  // Several connections at once, as many visitors would.
  const load = stack.trackClicks({
    productId,
    connections: 20,
    amount: CLICKS,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    click: { device: 'mobile', browser: 'Chrome', location: 'Asia/Kolkata', platform: 'amazon' },
  });

  const storedAtKill = await waitFor(
    async () => {
      const stored = await count('SELECT count(*) AS n FROM analytics.events');
      return stored >= CLICKS / 2 ? stored : 0;
    },
    { timeoutMs: 60_000, intervalMs: 20, description: 'half of the clicks stored' },
  );
  expect(await apps.kill(analytics!, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  expect(storedAtKill).toBeLessThan(CLICKS);
  apps.launch('analytics-service');

  const result = await load;
  expect({ accepted: result['2xx'], refused: result.non2xx, errors: result.errors }).toEqual({
    accepted: CLICKS,
    refused: 0,
    errors: 0,
  });

  const figures = async () => ({
    stored: await count('SELECT count(*) AS n FROM analytics.events'),
    unfolded: await count('SELECT count(*) AS n FROM analytics.fold_queue'),
    repeats: await count('SELECT count(*) AS n FROM analytics.events WHERE repeat_tap'),
    shopTaps: await count(
      'SELECT coalesce(sum(taps), 0) AS n FROM analytics.shop_daily WHERE shop_id = $1',
      [shopId],
    ),
    productTaps: await count(
      'SELECT coalesce(sum(taps), 0) AS n FROM analytics.product_daily WHERE product_id = $1',
      [productId],
    ),
    shopClicks: await count(
      'SELECT coalesce(sum(clicks), 0) AS n FROM analytics.shop_daily WHERE shop_id = $1',
      [shopId],
    ),
    productClicks: await count(
      'SELECT coalesce(sum(clicks), 0) AS n FROM analytics.product_daily WHERE product_id = $1',
      [productId],
    ),
    storeClicks: await count(
      `SELECT coalesce(sum(clicks), 0) AS n FROM analytics.shop_daily_dimensions
        WHERE shop_id = $1 AND dimension = 'store' AND key = 'amazon'`,
      [shopId],
    ),
    inShopService: await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId]),
  });
  const everything = {
    stored: CLICKS,
    unfolded: 0,
    repeats: CLICKS - 1,
    shopTaps: CLICKS,
    productTaps: CLICKS,
    shopClicks: 1,
    productClicks: 1,
    storeClicks: 1,
    inShopService: 1,
  };
  await waitFor(async () => JSON.stringify(await figures()) === JSON.stringify(everything), {
    timeoutMs: 60_000,
    intervalMs: 250,
    description: 'every click counted',
  }).catch(async (err: Error) => {
    throw new Error(`${err.message}: ${JSON.stringify(await figures())}`);
  });
  expect(await figures()).toEqual(everything);
});
