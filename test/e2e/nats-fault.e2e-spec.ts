import { findFreePort, PROBES } from '@kartlink/infra';
import { waitFor } from '@kartlink/testing';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { killServer, startServer } from '../support/fault-load';
import { OwnStack } from '../support/own-stack';

/**
 * The NATS fault test of issue 18: nats-server itself is killed (SIGKILL) under click load and
 * started again a few seconds later on the same port and JetStream store, as a pod of the NATS
 * chart is when its node fails. Every click answered 202 must be stored exactly once after
 * recovery; a click during the outage is answered 503 with the error envelope, never left
 * hanging past the gateway's own publication timeout; and every app (gateway, shop-service,
 * analytics-service) reconnects by itself: nothing is restarted but nats-server.
 *
 * It runs a nats-server of its own, from the installed program, beside a product of its own
 * (gateway, shop-service and analytics-service from the build), so that killing it touches no
 * other test.
 */
jest.setTimeout(150_000);

/** Clients posting clicks at once, each one after another. */
const VISITORS = 8;
/** Clicks before the kill, the outage, and clicks after nats-server is back. */
const BEFORE_MS = 4_000;
const OUTAGE_MS = 4_000;
const AFTER_MS = 6_000;
/** The gateway answers a click 503 after 2 s without an acknowledgement: far longer is a hang. */
const HANG_MS = 10_000;

const stack = new OwnStack();
const store = mkdtempSync(join(tmpdir(), 'kartlink-nats-fault-'));
let natsPort: number;
let nats: ChildProcess | undefined;
let db: Client;

const startNats = () =>
  startServer(
    'nats-server',
    ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', store],
    async () => (await PROBES.nats(`nats://127.0.0.1:${natsPort}`)).ok,
  );

async function killNats() {
  const child = nats!;
  nats = undefined;
  await killServer(child);
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  natsPort = await findFreePort();
  nats = await startNats();
  const { run } = await stack.start({
    name: 'nats-fault',
    databasePrefix: 'kartlink_test_natsfault',
    logLevel: 'warn',
    extraEnv: {
      WEB_DIST_DIR: '',
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      ANALYTICS_FOLD_EVERY_MS: '500',
    },
  });
  db = new Client({ connectionString: run.env.DATABASE_URL });
  await db.connect();
  await stack.launchServices('shop', 'analytics');
});

afterAll(async () => {
  await stack.stop(async () => db?.end());
  if (nats) await killNats();
  rmSync(store, { recursive: true, force: true });
});

interface Tally {
  accepted: number;
  acceptedAfterRestart: number;
  unavailable: number;
  failures: string[];
}

it('keeps every acknowledged click, answers 503 while NATS is away, and reconnects by itself', async () => {
  const [{ id: shopId }] = (
    await db.query<{ id: string }>(
      `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed)
       VALUES ($1, 'nats-finds', 'NATS Finds', 'Clicks through a NATS restart', true, true) RETURNING id`,
      [randomUUID()],
    )
  ).rows;
  const [{ id: productId }] = (
    await db.query<{ id: string }>(
      `INSERT INTO shop.products (shop_id, short_code, title, store_urls)
       VALUES ($1, 'saree', 'Saree', '["https://www.amazon.in/dp/B0X", "https://www.flipkart.com/p/x"]')
       RETURNING id`,
      [shopId],
    )
  ).rows;

  const tally: Tally = { accepted: 0, acceptedAfterRestart: 0, unavailable: 0, failures: [] };
  let restarted = false;
  let sent = 0;
  const deadline = Date.now() + BEFORE_MS + OUTAGE_MS + AFTER_MS;
  // Each click from a phone of its own (its own User-Agent, so its own visitor): a stored event
  // seen twice would show as a visitor seen twice.
  const visitor = async () => {
    while (Date.now() < deadline) {
      const n = sent++;
      try {
        const answer = await fetch(`${stack.base}/api/analytics/track/${productId}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Mobile Safari/537.36`,
          },
          body: JSON.stringify({ device: 'mobile', browser: 'Chrome', platform: 'amazon' }),
          signal: AbortSignal.timeout(HANG_MS),
        });
        const body = (await answer.json()) as { success?: boolean; errorCode?: string };
        if (answer.status === 202) {
          tally.accepted += 1;
          if (restarted) tally.acceptedAfterRestart += 1;
        } else if (
          answer.status === 503 &&
          body.success === false &&
          body.errorCode === 'SERVICE_UNAVAILABLE'
        ) {
          tally.unavailable += 1;
        } else {
          tally.failures.push(`${answer.status} ${JSON.stringify(body)}`);
        }
      } catch (err) {
        tally.failures.push((err as Error).message);
      }
    }
  };
  const load = Promise.all(Array.from({ length: VISITORS }, visitor));

  await sleep(BEFORE_MS);
  const acceptedBeforeKill = tally.accepted;
  await killNats();
  await sleep(OUTAGE_MS / 2);
  const readyDuringOutage = (await fetch(`${stack.base}/api/health/ready?scope=gateway`)).status;
  await sleep(OUTAGE_MS / 2);
  nats = await startNats();
  restarted = true;
  await load;

  const stored = async () => ({
    events: await count('SELECT count(*) AS n FROM analytics.events WHERE product_id = $1', [
      productId,
    ]),
    visitors: await count(
      'SELECT count(DISTINCT visitor) AS n FROM analytics.events WHERE product_id = $1',
      [productId],
    ),
  });
  // The consumer is back on the restarted server too: everything acknowledged arrives.
  await waitFor(async () => (await stored()).events >= tally.accepted, {
    timeoutMs: 60_000,
    intervalMs: 250,
    description: `the ${tally.accepted} acknowledged clicks stored`,
  }).catch(async (err: Error) => {
    throw new Error(`${err.message}: ${JSON.stringify(await stored())}`);
  });
  // A click answered 503 may still have reached the stream (its acknowledgement lost with the
  // server): stored once too, never twice.
  await sleep(2_000);
  const after = await stored();
  console.log(
    `nats-fault: ${sent} clicks sent by ${VISITORS} visitors; nats-server killed after ` +
      `${acceptedBeforeKill} were accepted, away ${OUTAGE_MS} ms; ${tally.accepted} answered 202 ` +
      `(${tally.acceptedAfterRestart} after the restart), ${tally.unavailable} answered 503, ` +
      `${tally.failures.length} failed otherwise; ${after.events} stored, ` +
      `${after.events - after.visitors} twice; readiness during the outage: ${readyDuringOutage}`,
  );

  expect(tally.failures).toEqual([]);
  expect(acceptedBeforeKill).toBeGreaterThan(0);
  expect(tally.unavailable).toBeGreaterThan(0);
  expect(tally.acceptedAfterRestart).toBeGreaterThan(0);
  expect(readyDuringOutage).toBe(503);
  expect(after.visitors).toBe(after.events);
  expect(after.events).toBeGreaterThanOrEqual(tally.accepted);
  expect(after.events).toBeLessThanOrEqual(tally.accepted + tally.unavailable);

  // The services answer requests again without a restart: the gateway's readiness (NATS and
  // Redis: what a load balancer asks), each service's health, a public read, and the click
  // totals announced back to shop-service.
  await waitFor(
    async () => (await fetch(`${stack.base}/api/health/ready?scope=gateway`)).status === 200,
    { timeoutMs: 30_000, intervalMs: 250, description: 'the gateway ready again' },
  );
  for (const service of ['shop', 'analytics']) await stack.healthy(service);
  const shop = await fetch(`${stack.base}/api/shop/nats-finds`);
  expect(shop.status).toBe(200);
  // Each click came from a visitor of its own: every stored one is a click of the total.
  await waitFor(
    async () =>
      (await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId])) ===
      after.events,
    { timeoutMs: 30_000, intervalMs: 250, description: 'the click total back in shop-service' },
  );
});
