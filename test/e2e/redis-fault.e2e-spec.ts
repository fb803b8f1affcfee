import { type UploadedImage } from '@kartlink/contracts';
import { findFreePort, PROBES } from '@kartlink/infra';
import { waitFor } from '@kartlink/testing';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import { FaultLoad, killServer, startServer, summary } from '../support/fault-load';
import { OwnStack } from '../support/own-stack';

/**
 * The Redis fault test of issue 18: redis-server is killed (SIGKILL) while visitors read a shop,
 * open a product and click, and an owner uploads photos; it comes back a few seconds later
 * empty, as a Redis without persistence does (the harder case: a persistent one comes back with
 * its keys). What Redis holds is a cache, rate-limit counters and BullMQ's queues:
 * - public reads keep answering 200 (the gateway's memory, then shop-service and PostgreSQL);
 * - clicks keep answering 202: their rate limit fails open (every limit of the gateway does, see
 *   src/rate-limit/enforce.ts), and the visitor's salt is in memory;
 * - sign-in fails closed: auth-service counts each attempt in Redis before it checks a
 *   password, and without Redis answers 503 rather than let guesses through uncounted;
 * - an upload in flight when Redis goes (its job running) completes, or is answered 503 with
 *   the envelope; none is answered 201 without its image being served, and uploads complete
 *   again soon after Redis is back (BullMQ's queues and workers reconnect);
 * - the rollup fold, a BullMQ job scheduler whose schedule was in the Redis that was lost, runs
 *   again: every click is counted;
 * - the gateway's readiness says Redis is away while it is, and recovers.
 */
jest.setTimeout(180_000);

const BEFORE_MS = 4_000;
const OUTAGE_MS = 4_000;
const AFTER_MS = 12_000;
/** Uploads are one after another, this far apart (the upload limit is 30 a minute). */
const UPLOAD_EVERY_MS = 900;
const HANG_MS = 30_000;

const stack = new OwnStack();
const dir = mkdtempSync(join(tmpdir(), 'kartlink-redis-fault-'));
let redisPort: number;
let redis: ChildProcess | undefined;
let db: Client;

const startRedis = () =>
  startServer(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
    async () => (await PROBES.redis(`redis://127.0.0.1:${redisPort}`)).ok,
  );

async function killRedis() {
  const child = redis!;
  redis = undefined;
  await killServer(child);
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  redisPort = await findFreePort();
  redis = await startRedis();
  const { run } = await stack.start({
    name: 'redis-fault',
    databasePrefix: 'kartlink_test_redisfault',
    logLevel: 'warn',
    extraEnv: {
      WEB_DIST_DIR: '',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      ANALYTICS_FOLD_EVERY_MS: '500',
      // An upload's job takes this long: the one sent just before the kill is in flight.
      MEDIA_TEST_DELAY_MS: '1500',
    },
  });
  db = new Client({ connectionString: run.env.DATABASE_URL });
  await db.connect();
  await stack.launchServices('auth', 'shop', 'media', 'analytics');
}, 120_000);

afterAll(async () => {
  await stack.stop(async () => db?.end());
  if (redis) await killRedis();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps reads and clicks answering, uploads and the fold resuming, when Redis restarts empty', async () => {
  const owner = new Visitor();
  const { email, password } = await signUp(owner);
  const signIn = () => new Visitor().post('/auth/login', { email, password, rememberMe: false });
  const shopUrl = `redis-finds-${Date.now().toString(36)}`;
  const settings = await owner.call('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Redis Finds',
    shopDescription: 'Reads, clicks and uploads through a Redis restart',
    isShopPublic: true,
    setupCompleted: true,
  });
  expect(settings.status).toBe(200);
  const created = await owner.call<{ id: string; shortCode: string }>('POST', '/urls', {
    title: 'Block-print kurta',
    originalURLs: ['https://www.amazon.in/dp/B0KURTA', 'https://www.flipkart.com/p/kurta'],
  });
  expect(created.status).toBe(201);
  const { id: productId, shortCode } = created.body.data;
  const jpeg = await sampleJpeg(1200, 900);

  const clients = new FaultLoad(Date.now() + BEFORE_MS + OUTAGE_MS + AFTER_MS);
  const reads = clients.tally();
  const clicks = clients.tally();
  const uploads = clients.tally();
  const uploaded: UploadedImage[] = [];
  /** Resolves when an upload is sent once the clicks and reads ran BEFORE_MS. */
  let uploadSent: () => void = () => undefined;
  const uploadInFlight = new Promise<void>((sent) => (uploadSent = sent));
  const started = Date.now();
  let restartedAt = 0;
  let sentClicks = 0;

  const signal = () => AbortSignal.timeout(HANG_MS);
  const load = Promise.all([
    ...[
      `/api/shop/${shopUrl}`,
      `/api/shop/${shopUrl}/urls`,
      `/api/url/shop/${shopUrl}/${shortCode}`,
    ].map((path) =>
      clients.loop(reads, () => fetch(`${stack.base}${path}`, { signal: signal() }), 200),
    ),
    ...[1, 2, 3, 4].map(() =>
      clients.loop(
        clicks,
        () =>
          fetch(`${stack.base}/api/analytics/track/${productId}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              // A phone of its own for each click: each one is a click of the product's total.
              'user-agent': `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.${sentClicks++}`,
            },
            body: JSON.stringify({ device: 'mobile', browser: 'Safari', platform: 'amazon' }),
            signal: signal(),
          }),
        202,
      ),
    ),
    clients.loop(
      uploads,
      () => {
        if (Date.now() - started >= BEFORE_MS) uploadSent();
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kurta.jpg');
        return fetch(`${stack.base}/api/photos/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.accessToken!}` },
          body: form,
          signal: signal(),
        });
      },
      201,
      (image: UploadedImage) => uploaded.push(image),
      UPLOAD_EVERY_MS,
    ),
  ]);

  // Killed while an upload's job runs.
  await uploadInFlight;
  await sleep(500);
  const before = { reads: reads.ok, clicks: clicks.ok, uploads: uploads.ok };
  await killRedis();
  await sleep(OUTAGE_MS / 2);
  const readyDuringOutage = (await fetch(`${stack.base}/api/health/ready?scope=gateway`)).status;
  // Sign-in attempts are counted in Redis: without it, none is let through.
  const signInDuringOutage = await signIn();
  await sleep(OUTAGE_MS / 2);
  redis = await startRedis();
  clients.restarted = true;
  restartedAt = Date.now();
  await load;

  const stored = () =>
    count('SELECT count(*) AS n FROM analytics.events WHERE product_id = $1', [productId]);
  console.log(
    `redis-fault: Redis killed after ${before.reads} reads, ${before.clicks} clicks and ` +
      `${before.uploads} uploads, away ${OUTAGE_MS} ms, back empty; ` +
      [summary('reads', reads), summary('clicks', clicks), summary('uploads', uploads)].join('; ') +
      `; readiness during the outage: ${readyDuringOutage}; ${await stored()} clicks stored`,
  );

  expect({ reads: reads.failures, clicks: clicks.failures, uploads: uploads.failures }).toEqual({
    reads: [],
    clicks: [],
    uploads: [],
  });
  expect(reads.unavailable + clicks.unavailable).toBe(0);
  expect(readyDuringOutage).toBe(503);
  expect({ status: signInDuringOutage.status, body: signInDuringOutage.body }).toMatchObject({
    status: 503,
    body: { success: false, errorCode: 'SERVICE_UNAVAILABLE' },
  });
  expect((await signIn()).status).toBe(200);
  expect(before.uploads).toBeGreaterThan(0);
  expect(uploads.okAfterRestart).toBeGreaterThan(0);
  expect(restartedAt).toBeGreaterThan(0);

  // Every upload answered 201 is there to be seen.
  for (const image of uploaded) {
    const shown = await fetch(`${stack.base}${image.photoURL}`);
    expect(`${image.photoURL}: ${shown.status}`).toBe(`${image.photoURL}: 200`);
  }
  await waitFor(
    async () => (await fetch(`${stack.base}/api/health/ready?scope=gateway`)).status === 200,
    { timeoutMs: 10_000, intervalMs: 250, description: 'the gateway ready again' },
  );
  // The fold runs again on its own, its schedule made anew: every click is counted and its
  // total reaches shop-service.
  await waitFor(async () => (await stored()) >= clicks.ok, {
    timeoutMs: 30_000,
    intervalMs: 250,
    description: 'every click stored',
  });
  expect(await stored()).toBe(clicks.ok);
  await waitFor(
    async () =>
      (await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId])) ===
      clicks.ok,
    { timeoutMs: 30_000, intervalMs: 250, description: 'every click counted' },
  ).catch(async (err: Error) => {
    const counted = await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId]);
    throw new Error(`${err.message}: ${counted} of ${clicks.ok}`);
  });
});
