import { type UploadedImage } from '@kartlink/contracts';
import { waitFor } from '@kartlink/testing';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { ensureLocalServer } from '../../libs/infra/src/local-servers';
import { signUp, Visitor } from '../support/auth-client';
import { FaultLoad, summary } from '../support/fault-load';
import { OwnStack } from '../support/own-stack';

/**
 * The PostgreSQL fault test of issue 18: the database server is killed (SIGKILL of the
 * postmaster, as when its node fails) while an owner adds products and uploads photos and
 * visitors read the shop and click, and started again a few seconds later (crash recovery):
 * - a write while it is away is answered 503 with the envelope, never 500 and never a hang;
 * - nothing is half-written: every product answered 201 is there whole, and every image the
 *   database knows is served;
 * - the pools reconnect by themselves: writes and uploads succeed again soon after;
 * - the shop's public reads keep answering from the caches, and every click is stored once
 *   PostgreSQL is back (the ANALYTICS stream keeps them meanwhile).
 *
 * It runs a PostgreSQL of its own, from the installed programs, beside a product of its own.
 */
jest.setTimeout(240_000);

const BEFORE_MS = 4_000;
const OUTAGE_MS = 5_000;
const AFTER_MS = 12_000;
const HANG_MS = 30_000;

const stack = new OwnStack();
const root = mkdtempSync(join(tmpdir(), 'kartlink-pg-fault-'));
const dataRoot = join(root, '.data');
let databaseUrl: string;
let db: Client;

async function startPostgres(): Promise<string> {
  const started = await ensureLocalServer('postgres', dataRoot);
  if (started.status === 'not-installed') throw new Error('PostgreSQL is not installed');
  return started.url;
}

function postmasterPid(): number {
  return Number(
    readFileSync(join(dataRoot, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function killPostgres() {
  const pid = postmasterPid();
  process.kill(pid, 'SIGKILL');
  await waitFor(() => !isRunning(pid), { timeoutMs: 10_000, description: 'postgres to die' });
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  // PostgreSQL runs as the postgres user when tests run as root: it must reach the folder.
  chmodSync(root, 0o755);
  const server = new URL(await startPostgres());
  const admin = new Client({ connectionString: server.href });
  await admin.connect();
  await admin.query('CREATE DATABASE kartlink_pg_fault');
  await admin.end();
  server.pathname = '/kartlink_pg_fault';
  databaseUrl = server.href;
  await stack.start({
    name: 'postgres-fault',
    databasePrefix: 'kartlink_test_pgfault',
    logLevel: 'warn',
    extraEnv: {
      WEB_DIST_DIR: '',
      DATABASE_URL: databaseUrl,
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      ANALYTICS_FOLD_EVERY_MS: '500',
    },
  });
  await stack.launchServices('auth', 'shop', 'media', 'analytics');
}, 180_000);

afterAll(async () => {
  await stack.stop(async () => db?.end().catch(() => undefined));
  try {
    const pid = postmasterPid();
    if (isRunning(pid)) process.kill(pid, 'SIGINT');
    await waitFor(() => !isRunning(pid), { timeoutMs: 15_000, description: 'postgres to stop' });
  } catch {
    // Never started.
  }
  rmSync(root, { recursive: true, force: true });
});

it('answers 503 while PostgreSQL is away, writes nothing by halves, and reconnects by itself', async () => {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = `pg-finds-${Date.now().toString(36)}`;
  const settings = await owner.call('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'PG Finds',
    shopDescription: 'Writes through a database restart',
    isShopPublic: true,
    setupCompleted: true,
  });
  expect(settings.status).toBe(200);
  const first = await owner.call<{ id: string; shortCode: string }>('POST', '/urls', {
    title: 'Handloom saree',
    originalURLs: ['https://www.amazon.in/dp/B0SAREE', 'https://www.flipkart.com/p/saree'],
  });
  expect(first.status).toBe(201);
  const { id: productId, shortCode } = first.body.data;
  const jpeg = await sampleJpeg(1200, 900);

  const clients = new FaultLoad(Date.now() + BEFORE_MS + OUTAGE_MS + AFTER_MS);
  const writes = clients.tally();
  const reads = clients.tally();
  const clicks = clients.tally();
  const uploads = clients.tally();
  const created: Array<{ id: string; title: string }> = [];
  const uploaded: UploadedImage[] = [];
  let sent = 0;

  const signal = () => AbortSignal.timeout(HANG_MS);
  const asOwner = { authorization: `Bearer ${owner.accessToken!}` };
  const load = Promise.all([
    clients.loop<{ id: string; title: string }>(
      writes,
      () =>
        fetch(`${stack.base}/api/urls`, {
          method: 'POST',
          headers: { ...asOwner, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Block-print kurta ${sent++}`,
            originalURLs: ['https://www.amazon.in/dp/B0KURTA', 'https://www.myntra.com/kurta/1'],
          }),
          signal: signal(),
        }),
      201,
      (product) => created.push(product),
      // Under the free plan's 25 products in the run.
      800,
    ),
    ...[`/api/shop/${shopUrl}`, `/api/url/shop/${shopUrl}/${shortCode}`].map((path) =>
      clients.loop(reads, () => fetch(`${stack.base}${path}`, { signal: signal() }), 200),
    ),
    ...[1, 2, 3].map(() =>
      clients.loop(
        clicks,
        () =>
          fetch(`${stack.base}/api/analytics/track/${productId}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              // A phone of its own for each click: each one is a click of the product's total.
              'user-agent': `Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${sent++}.0 Mobile Safari/537.36`,
            },
            body: JSON.stringify({ device: 'mobile', browser: 'Chrome', platform: 'amazon' }),
            signal: signal(),
          }),
        202,
      ),
    ),
    clients.loop<UploadedImage>(
      uploads,
      () => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kurta.jpg');
        return fetch(`${stack.base}/api/photos/upload`, {
          method: 'POST',
          headers: asOwner,
          body: form,
          signal: signal(),
        });
      },
      201,
      (image) => uploaded.push(image),
      1_000,
    ),
  ]);

  await sleep(BEFORE_MS);
  const before = { writes: writes.ok, uploads: uploads.ok, clicks: clicks.ok };
  await killPostgres();
  await sleep(OUTAGE_MS);
  await startPostgres();
  clients.restarted = true;
  await load;
  // The test's own look at the database, once it is back.
  db = new Client({ connectionString: databaseUrl });
  await db.connect();

  console.log(
    `postgres-fault: PostgreSQL killed after ${before.writes} products, ${before.uploads} uploads ` +
      `and ${before.clicks} clicks, away ${OUTAGE_MS} ms; ` +
      [
        summary('product writes', writes),
        summary('reads', reads),
        summary('clicks', clicks),
        summary('uploads', uploads),
      ].join('; '),
  );

  expect({
    writes: writes.failures,
    reads: reads.failures,
    clicks: clicks.failures,
    uploads: uploads.failures,
  }).toEqual({ writes: [], reads: [], clicks: [], uploads: [] });
  expect(writes.unavailable).toBeGreaterThan(0);
  expect(writes.okAfterRestart).toBeGreaterThan(0);
  expect(uploads.okAfterRestart).toBeGreaterThan(0);
  expect(clicks.unavailable).toBe(0);

  // Every product answered 201 is there, whole; any other was written whole or not at all.
  const stored = (
    await db.query<{ id: string; title: string; urls: number }>(
      `SELECT p.id, p.title, jsonb_array_length(p.store_urls::jsonb) AS urls
         FROM shop.products p JOIN shop.shops s ON s.id = p.shop_id WHERE s.shop_url = $1`,
      [shopUrl],
    )
  ).rows;
  const storedIds = new Set(stored.map((p) => p.id));
  expect(created.filter((p) => !storedIds.has(p.id))).toEqual([]);
  expect(stored.filter((p) => !p.title || p.urls !== 2)).toEqual([]);
  // Every image the database knows is served (its primary was stored before its row).
  const images = (
    await db.query<{ id: string }>(`SELECT id FROM media.images WHERE kind = 'product'`)
  ).rows;
  expect(images.length).toBeGreaterThanOrEqual(uploaded.length);
  for (const { id } of images) {
    const shown = await fetch(`${stack.base}/api/shop/product-images/${id}`);
    expect(`${id}: ${shown.status}`).toBe(`${id}: 200`);
  }
  // Every click answered 202 is stored once, and counted.
  await waitFor(
    async () =>
      (await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId])) ===
      clicks.ok,
    { timeoutMs: 60_000, intervalMs: 250, description: 'every click counted' },
  ).catch(async (err: Error) => {
    const counted = await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId]);
    throw new Error(`${err.message}: ${counted} of ${clicks.ok}`);
  });
  expect(
    await count('SELECT count(*) AS n FROM analytics.events WHERE product_id = $1', [productId]),
  ).toBe(clicks.ok);
});
