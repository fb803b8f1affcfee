import { pgQuery } from '@kartlink/testing';
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { findFreePort } from '@kartlink/infra';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { appEnvironment, type StackOptions } from '../stack';
import { signUp, Visitor } from '../../test/support/auth-client';
import { benchStack } from './bench-stack';

/**
 * `npm run bench -- large`: a large shop and a long history, seeded in bulk with SQL (not
 * through the API): one shop of 10,000 products owned by an owner signed up through the API,
 * 1,000 shops of 100 products each, and BENCH_EVENTS click and view events (10 million by
 * default) over 400 days, folded, with their rollups built from them in SQL.
 * Then, at 10 connections each, through the gateway: the owner's product list (first page, a
 * deep page, a search), the analytics overview, product figures and one product's report for 7,
 * 30 and 90 days, the CSV export of a year, the public shop's product list (hot, as visitors get
 * it), and a cold public product read: a second gateway replica started with its in-process
 * cache off (PUBLIC_READ_CACHE_MS=0), each request a product of the small shops never read
 * before (shop-service's Redis entry of the product misses too; the shop's entry is warm after
 * its first product). The owner's reads are asked as the web app asks them, compressed
 * (Accept-Encoding of a browser), and the two megabyte ones (product figures of 90 days, the
 * products CSV) also uncompressed, as a script might. Each figure is printed beside its target
 * (p99 ≤ 50 ms, cold ≤ 15 ms) and beside a bare Node http server answering the same bytes (as
 * the gateway sent them for the same request) in the same run: what this machine's loopback
 * and load generator allow for an answer of that size.
 * Last, the rollups' catch-up: BENCH_BACKLOG (1 million) unfolded events inserted at once, and
 * the rate at which analytics-service's fold job (BullMQ) folds them.
 *
 * BENCH_ONLY=rollups skips the read routes and measures the catch-up alone; BENCH_ROUTES (a
 * regular expression) keeps only the read routes whose label it matches.
 *
 * Raw events are kept for 500 days in this run (ANALYTICS_RETENTION_DAYS), so the hourly prune
 * does not delete most of the seeded history while it is measured.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Load before each measured run, unmeasured (BENCH_WARM_UP_SECONDS). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 1);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1_000_000);
const BIG_SHOP_PRODUCTS = 10_000;
const SMALL_SHOPS = 1_000;
const SMALL_SHOP_PRODUCTS = 100;
const HISTORY_DAYS = 400;
const TIME_ZONE = 'Asia/Kolkata';
const TARGET_MS = 50;
const COLD_TARGET_MS = 15;
const FOLD_RATE_TARGET = 20_000;
/** BENCH_ONLY=rollups: the rollups' catch-up alone (the read routes skipped). */
const ONLY_ROLLUPS = process.env.BENCH_ONLY === 'rollups';
/** BENCH_ROUTES=regex: only the read routes whose label matches (e.g. to profile one). */
const ROUTES = process.env.BENCH_ROUTES ? new RegExp(process.env.BENCH_ROUTES) : undefined;

/** What a browser sends (Chrome's): the owner's dashboard reads are asked so. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const rootDir = resolve(__dirname, '..', '..');
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${seconds(started)} s`);
  return result;
}

async function seedShops(ownerId: string, shopUrl: string) {
  const [{ id: shopId }] = await pgQuery<{ id: string }>(
    `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed, setup_steps)
     VALUES ($1, $2, 'Bench Megastore', 'Ten thousand products', true, true,
             '{"shopUrl": true, "basicInfo": true, "profilePhoto": true}') RETURNING id`,
    [ownerId, shopUrl],
  );
  const product = (shop: string, code: string, i: string) =>
    `${shop}, ${code}, 'Product ' || ${i} || ' ' || (ARRAY['Kurta','Saree','Sneakers','Watch','Lamp','Mug','Backpack','Earrings'])[1 + ${i} % 8],
     'A product of the benchmark, number ' || ${i}, (199 + ${i} % 5000)::numeric(12,2),
     (ARRAY['Bench','Fabindia','Boat','Titan','Nike'])[1 + ${i} % 5],
     jsonb_build_array('https://www.amazon.in/dp/B0' || ${i}, 'https://www.flipkart.com/p/' || ${i}),
     now() - ${i} * interval '1 minute'`;
  const columns = 'shop_id, short_code, title, description, price, brand, store_urls, created_at';
  await timed(`${BIG_SHOP_PRODUCTS} products of the big shop`, () =>
    pgQuery(
      `INSERT INTO shop.products (${columns})
       SELECT ${product(`'${shopId}'::uuid`, "'p-' || i", 'i')} FROM generate_series(1, ${BIG_SHOP_PRODUCTS}) i`,
    ),
  );
  await timed(`${SMALL_SHOPS} shops of ${SMALL_SHOP_PRODUCTS} products`, async () => {
    await pgQuery(
      `INSERT INTO shop.shops (user_id, shop_url, shop_name, is_shop_public, setup_completed)
       SELECT gen_random_uuid(), 'bench-small-' || s, 'Small shop ' || s, true, true
         FROM generate_series(1, ${SMALL_SHOPS}) s`,
    );
    await pgQuery(
      `INSERT INTO shop.products (${columns})
       SELECT ${product('s.id', "'p-' || i", 'i')}
         FROM shop.shops s CROSS JOIN generate_series(1, ${SMALL_SHOP_PRODUCTS}) i
        WHERE s.shop_url LIKE 'bench-small-%'`,
    );
  });
  await pgQuery('ANALYZE shop.shops; ANALYZE shop.products');
  return shopId;
}

/**
 * The history: half of the events on the big shop (its products skewed: a few are popular),
 * half spread over the small shops; a third clicks, the rest views (half of them of a product
 * page). All folded, and the rollups built from them as the fold would.
 */
async function seedHistory(bigShopId: string) {
  await pgQuery(
    `CREATE UNLOGGED TABLE public.bench_products AS
       SELECT id, shop_id, (row_number() OVER (ORDER BY shop_id = '${bigShopId}' DESC, created_at DESC) - 1)::int AS n
         FROM shop.products;
     CREATE UNIQUE INDEX ON public.bench_products (n); ANALYZE public.bench_products`,
  );
  // As the apps store them: in the order they happened, each with the id the gateway gives it
  // (uuidV7: the time's milliseconds, then random bits).
  const insertEvents = (count: number, folded: boolean, days: number) =>
    pgQuery(
      `INSERT INTO analytics.events (id, type, shop_id, product_id, occurred_at, received_at,
         device, browser, platform, region, referrer, visitor, folded, source, opens_in)
       SELECT (lpad(to_hex(floor(extract(epoch FROM e.at) * 1000)::bigint), 12, '0') || '7'
                || substr(e.r, 1, 3) || '8' || substr(e.r, 4, 15))::uuid,
              CASE WHEN e.click THEN 'click' ELSE 'shop_view' END, p.shop_id,
              CASE WHEN e.click OR e.g % 2 = 0 THEN p.id END, e.at, ${folded ? 'e.at' : 'now()'},
              (ARRAY['mobile','desktop','tablet'])[1 + e.g % 3],
              (ARRAY['Chrome','Safari','Firefox','Samsung Internet'])[1 + e.g % 4],
              CASE WHEN e.click THEN (ARRAY['amazon','flipkart','myntra','meesho'])[1 + (e.g / 7) % 4] END,
              (ARRAY['IN','US','AE','GB','SG'])[1 + (e.g / 3) % 5],
              (ARRAY[NULL,'instagram.com','wa.me'])[1 + (e.g / 11) % 3],
              'v' || (e.g::bigint * 7919 % 300000), ${folded},
              (ARRAY['direct','instagram','whatsapp'])[1 + (e.g / 11) % 3],
              CASE WHEN e.click THEN (ARRAY['app','web'])[1 + (e.g / 13) % 2] END
         FROM (SELECT g, md5(random()::text) AS r, g % 3 = 0 AS click,
                      now() - random() * ${days} * interval '1 day' AS at,
                      CASE WHEN g % 2 = 0 THEN floor(random() ^ 3 * ${BIG_SHOP_PRODUCTS})::int
                           ELSE ${BIG_SHOP_PRODUCTS} + floor(random() * ${SMALL_SHOPS * SMALL_SHOP_PRODUCTS})::int END AS n
                 FROM generate_series(1, ${count}) g) e
         JOIN public.bench_products p ON p.n = e.n
        ORDER BY e.at`,
    );
  await timed(`${EVENTS.toLocaleString('en')} events over ${HISTORY_DAYS} days`, () =>
    insertEvents(EVENTS, true, HISTORY_DAYS),
  );
  const day = `(occurred_at AT TIME ZONE '${TIME_ZONE}')::date`;
  const dimensions = `CROSS JOIN LATERAL (VALUES ('device', e.device), ('browser', e.browser),
      ('region', e.region), ('referrer', coalesce(e.referrer, 'direct')), ('source', e.source),
      ('store', e.platform), ('opens_in', e.opens_in)) d(dimension, key)`;
  const viewsAndClicks = `count(*) FILTER (WHERE type = 'shop_view'), count(*) FILTER (WHERE type = 'click')`;
  // A day's dimensions in its shop_daily or product_daily row, as the fold keeps them.
  const dayDimensions = (table: string, key: string) =>
    `UPDATE analytics.${table} r SET dimensions = t.dimensions
       FROM (SELECT ${key}, day,
                    jsonb_object_agg(dimension || '|' || key, jsonb_build_array(views, clicks))
                      AS dimensions
               FROM (SELECT e.${key}, ${day} AS day, d.dimension, d.key,
                            count(*) FILTER (WHERE type = 'shop_view') AS views,
                            count(*) FILTER (WHERE type = 'click') AS clicks
                       FROM analytics.events e ${dimensions}
                      WHERE d.key IS NOT NULL AND e.${key} IS NOT NULL GROUP BY 1, 2, 3, 4) k
              GROUP BY 1, 2) t
      WHERE r.${key} = t.${key} AND r.day = t.day`;
  await timed('rollups built from them', () =>
    pgQuery(
      `INSERT INTO analytics.shop_daily (shop_id, day, views, clicks, taps, unique_visitors, product_views)
       SELECT shop_id, ${day}, ${viewsAndClicks}, count(*) FILTER (WHERE type = 'click'),
              count(DISTINCT visitor) FILTER (WHERE type = 'shop_view'),
              count(*) FILTER (WHERE type = 'shop_view' AND product_id IS NOT NULL)
         FROM analytics.events GROUP BY 1, 2;
       INSERT INTO analytics.product_daily (product_id, day, shop_id, views, clicks, taps, app_opens, web_opens)
       SELECT product_id, ${day}, shop_id, ${viewsAndClicks}, count(*) FILTER (WHERE type = 'click'),
              count(*) FILTER (WHERE opens_in = 'app'), count(*) FILTER (WHERE opens_in = 'web')
         FROM analytics.events WHERE product_id IS NOT NULL GROUP BY 1, 2, 3;
       ${dayDimensions('shop_daily', 'shop_id')};
       ${dayDimensions('product_daily', 'product_id')};
       INSERT INTO analytics.product_monthly (product_id, month, shop_id, views, clicks, taps, app_opens, web_opens)
       SELECT product_id, date_trunc('month', day), shop_id, sum(views), sum(clicks), sum(taps),
              sum(app_opens), sum(web_opens)
         FROM analytics.product_daily GROUP BY 1, 2, 3;
       INSERT INTO analytics.product_monthly_dimensions (product_id, month, dimension, key, shop_id, views, clicks)
       SELECT product_id, date_trunc('month', day), dimension, key, shop_id, sum(views), sum(clicks)
         FROM analytics.product_daily_dimensions
        -- What the fold keeps by month (MONTHLY_PRODUCT_DIMENSIONS); the others are read by day.
        WHERE dimension IN ('store', 'source')
        GROUP BY 1, 2, 3, 4, 5;
       INSERT INTO analytics.shop_monthly_dimensions (shop_id, month, dimension, key, views, clicks)
       SELECT shop_id, date_trunc('month', day), dimension, key, sum(views), sum(clicks)
         FROM analytics.shop_daily_dimensions GROUP BY 1, 2, 3, 4;
       UPDATE shop.products p SET clicks = t.clicks
         FROM (SELECT product_id, sum(clicks)::int AS clicks FROM analytics.product_daily GROUP BY 1) t
        WHERE p.id = t.product_id`,
    ),
  );
  await timed('VACUUM ANALYZE', () =>
    pgQuery(
      'VACUUM ANALYZE analytics.events, analytics.shop_daily, analytics.product_daily, analytics.product_monthly, analytics.product_monthly_dimensions, analytics.shop_monthly_dimensions, shop.products',
    ),
  );
  // The seeding's writes flushed now, not by a checkpoint while the first route is measured.
  await timed('CHECKPOINT', () => pgQuery('CHECKPOINT'));
  return (count: number) => insertEvents(count, false, 7);
}

/** The page size of the public shop page's product list (the web app's). */
const PUBLIC_PAGE = 24;

/** The cursor of each page of the big shop's public list: the id of each page's last product. */
async function pageCursors(shopId: string): Promise<string[]> {
  const rows = await pgQuery<{ id: string }>(
    `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n
                       FROM shop.products WHERE shop_id = $1 AND show_on_shop) t
      WHERE n % ${PUBLIC_PAGE} = 0 ORDER BY n`,
    [shopId],
  );
  return rows.map((row) => row.id);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * autocannon (8) appends every answer's body to a string, chunk by chunk, to hand it to checks
 * this benchmark does not make: for a binary answer (a compressed report) that decoding costs
 * the load generator more than the server's answer costs the server (a bare server's 222 KB
 * brotli answer measured 300 req/s with it, 6,000 without). Its bytes are still read and
 * counted; only that copy is skipped, for Kartlink and the bare baseline alike.
 */
const keepNoBody = (client: autocannon.Client) => {
  (client as unknown as { pipelinedRequests: { addBody: () => void } }).pipelinedRequests.addBody =
    () => undefined;
};

async function load(
  base: string,
  paths: () => string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: paths(), headers }) },
      ],
      setupClient: keepNoBody,
    });
  // The code of each route warmed up first (compiled by V8's optimizer), unmeasured.
  if (WARM_UP_SECONDS > 0) await run(WARM_UP_SECONDS);
  const result = await run(SECONDS);
  if (result.requests.total === 0) throw new Error(`no answer within ${SECONDS} s`);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${paths()}: ${result.non2xx} non-2xx answers, ${result.errors} errors and ${result.timeouts} timeouts under load`,
    );
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** An answer as sent on the wire (fetch would inflate it): its status, headers and bytes. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding'])
          if (res.headers[name]) kept[name] = String(res.headers[name]);
        done({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    }).on('error', fail);
  });
}

/**
 * The baseline: a bare Node http server in this process answering `/{n}` with the n-th answer
 * recorded (the same bytes and encoding the gateway sent), nothing else done per request.
 */
async function bareServer(
  answers: Array<{ headers: Record<string, string>; body: Buffer }>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const answer = answers[Number((req.url ?? '').slice(1))];
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(200, answer.headers).end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * The cold read's baseline: a bare Node http server in this process that asks PostgreSQL for
 * the product of each `/api/url/shop/{shopUrl}/{shortCode}` (one prepared query, as
 * shop-service's, on a pool of CONNECTIONS) and answers its row as JSON: no cache, no other
 * service, no checks.
 */
async function bareDatabaseServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: CONNECTIONS });
  const server = createServer((req, res) => {
    const [shopUrl, shortCode] = (req.url ?? '').split('/').slice(4);
    pool
      .query({
        name: 'bare-product',
        text: `SELECT p.* FROM shop.shops s
                 JOIN shop.products p ON p.shop_id = s.id AND p.short_code = $2
                WHERE s.shop_url = $1`,
        values: [shopUrl, shortCode],
      })
      .then(
        ({ rows: [product] }) =>
          res
            .writeHead(product ? 200 : 404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ success: Boolean(product), data: product ?? null })),
        (err: Error) => res.writeHead(500).end(err.message),
      );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.close();
      await pool.end();
    },
  };
}

/** A second gateway replica on the same services, with its in-process public-read cache off. */
async function coldGateway(
  infra: StackOptions['infra'],
): Promise<{ url: string; child: ChildProcess }> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env = appEnvironment({
    rootDir,
    infra,
    port,
    host: '127.0.0.1',
    publicUrl: url,
    webOrigins: [url],
    nodeEnv: 'production',
    logLevel: 'warn',
    // Production mode wants a NATS user (as benchStack's); the local server lets any in.
    extraEnv: {
      PUBLIC_READ_CACHE_MS: '0',
      RATE_LIMIT_MAX: '1000000',
      NATS_USER: 'kartlink-bench-cold',
      NATS_PASSWORD: randomBytes(24).toString('base64url'),
    },
  });
  const nodeArgs = (process.env.APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, resolve(rootDir, 'apps/gateway/dist/main.js')],
    {
      cwd: rootDir,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let tries = 0; tries < 300; tries += 1) {
    // Its own readiness: a report's queries still running must not hold the cold read up.
    const ready = await fetch(`${url}/api/health/ready?scope=gateway`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill();
  throw new Error('the cache-less gateway did not become ready');
}

const dayOffset = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(
    new Date(Date.now() - days * 86_400_000),
  );
const range = (days: number) => `from=${dayOffset(days - 1)}&to=${dayOffset(0)}`;

async function main() {
  const logged: Record<string, number> = {};
  console.log(
    `Machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const { run, stack } = await benchStack({
    extraEnv: { ANALYTICS_RETENTION_DAYS: '500', RATE_LIMIT_MAX: '1000000' },
    // Errors of the apps, the first few of each (a failing route would repeat its own).
    onLine: (app, line) => {
      if (/^\{/.test(line) && !/"level":(50|60)/.test(line)) return;
      if ((logged[app] = (logged[app] ?? 0) + 1) > 8) return;
      console.log(`[${app}] ${line.slice(0, 600)}`);
    },
  });
  let cold: ChildProcess | undefined;
  try {
    console.log('Starting the stack…');
    await stack.start();
    void stack.unexpectedExit.then((message) => console.log(`Stack: ${message}`));
    Object.assign(process.env, run.env, { KARTLINK_BASE_URL: stack.baseUrl });
    const owner = new Visitor();
    await signUp(owner);
    const ownerId = JSON.parse(
      Buffer.from(owner.accessToken!.split('.')[1]!, 'base64url').toString('utf8'),
    ).sub as string;
    const shopUrl = `bench-big-${run.runId}`.toLowerCase().slice(0, 50);

    console.log('Seeding (SQL)…');
    const bigShopId = await seedShops(ownerId, shopUrl);
    const insertBacklog = await seedHistory(bigShopId);
    const [popular] = await pgQuery<{ id: string }>(
      `SELECT product_id AS id FROM analytics.product_daily WHERE shop_id = $1
        GROUP BY 1 ORDER BY sum(clicks) DESC LIMIT 1`,
      [bigShopId],
    );

    // A fresh token: seeding may have outlived the first one.
    const refreshed = await owner.post('/auth/refresh');
    if (refreshed.status !== 200) throw new Error(`refresh refused: ${refreshed.status}`);
    const auth = { authorization: `Bearer ${owner.accessToken!}` };
    const routes: Array<[string, () => string, Record<string, string>, number]> = [];
    const owned = (label: string, path: string, headers: Record<string, string> = BROWSER) =>
      routes.push([label, () => path, { ...auth, ...headers }, TARGET_MS]);
    owned('owner: products, page 1', '/api/urls?page=1&limit=20');
    owned('owner: products, page 250', '/api/urls?page=250&limit=20');
    owned('owner: products, search', '/api/urls?search=sneakers%20123&limit=20');
    owned('owner: products, search page 3', '/api/urls?search=watch&page=3&limit=20');
    for (const days of [7, 30, 90])
      owned(`analytics overview, ${days} d`, `/api/analytics/overview?${range(days)}`);
    for (const days of [7, 30, 90])
      owned(`analytics products, ${days} d`, `/api/analytics/products?${range(days)}`);
    for (const days of [7, 30, 90])
      owned(
        `analytics one product, ${days} d`,
        `/api/analytics/products/${popular!.id}?${range(days)}`,
      );
    owned('CSV export, 365 d', `/api/analytics/export.csv?${range(365)}`);
    owned('CSV products export, 365 d', `/api/analytics/products.csv?${range(365)}`);
    // The megabyte ones as a script might ask them, uncompressed.
    owned('analytics products, 90 d, uncompressed', `/api/analytics/products?${range(90)}`, {});
    owned(
      'CSV products export, 365 d, uncompressed',
      `/api/analytics/products.csv?${range(365)}`,
      {},
    );
    routes.push([
      'public shop products (10,000), whole list',
      () => `/api/shop/${shopUrl}/urls`,
      {},
      TARGET_MS,
    ]);
    // The same as a browser asks it: 8.4 MB of JSON uncompressed, the cached brotli copy sent.
    routes.push([
      'public shop products (10,000), whole list, as a browser asks (br)',
      () => `/api/shop/${shopUrl}/urls`,
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      TARGET_MS,
    ]);
    // The shop page's requests: its first page, then a page after each page's last product.
    const cursors = await pageCursors(bigShopId);
    routes.push([
      `public shop products (10,000), first page (${PUBLIC_PAGE})`,
      () => `/api/shop/${shopUrl}/urls?limit=${PUBLIC_PAGE}`,
      {},
      TARGET_MS,
    ]);
    let nextCursor = 0;
    routes.push([
      `public shop products (10,000), all ${cursors.length} pages in turn`,
      () =>
        `/api/shop/${shopUrl}/urls?limit=${PUBLIC_PAGE}&after=${cursors[nextCursor++ % cursors.length]}`,
      {},
      TARGET_MS,
    ]);
    routes.push([
      'public shop products (100)',
      () => '/api/shop/bench-small-1/urls',
      {},
      TARGET_MS,
    ]);
    routes.push([
      `public shop products (100), first page (${PUBLIC_PAGE})`,
      () => `/api/shop/bench-small-1/urls?limit=${PUBLIC_PAGE}`,
      {},
      TARGET_MS,
    ]);
    routes.push(['public product, cached', () => `/api/url/shop/${shopUrl}/p-7`, {}, TARGET_MS]);

    // The public reads first: a report that times out leaves its queries running for a while,
    // which would weigh on the routes after it.
    routes.sort((a, b) => Number(!a[0].startsWith('public')) - Number(!b[0].startsWith('public')));
    if (ONLY_ROLLUPS) routes.length = 0;
    if (ROUTES) routes.splice(0, routes.length, ...routes.filter(([label]) => ROUTES.test(label)));

    // Each route's answer as sent, for the baseline; one that fails on its own is reported as
    // failing, not loaded.
    const failing = new Map<string, string>();
    const answers: Array<{ headers: Record<string, string>; body: Buffer }> = [];
    for (const [label, path, headers] of routes) {
      const started = Date.now();
      const answer = await rawGet(`${stack.baseUrl}${path()}`, headers);
      answers.push(answer);
      if (answer.status !== 200)
        failing.set(
          label,
          `${answer.status} after ${seconds(started)} s: ${answer.body.toString().slice(0, 120)}`,
        );
    }
    const bare = await bareServer(answers);
    console.log(`\nLoad: ${CONNECTIONS} connections, ${SECONDS} s each, on ${cpus().length} cores`);
    const rows: Array<Record<string, string | number>> = [];
    const row = (
      label: string,
      figures: Figures,
      target: number,
      baseline?: { figures: Figures; bytes?: number },
    ) => {
      rows.push({
        route: label,
        'req/s': figures.rps,
        'p50 ms': figures.p50,
        'p99 ms': figures.p99,
        target: `p99 ≤ ${target} ms`,
        met: figures.p99 <= target ? 'yes' : 'NO',
        ...(baseline && {
          'bare req/s': baseline.figures.rps,
          'bare p99 ms': baseline.figures.p99,
          ...(baseline.bytes !== undefined && { 'answer KB': Math.round(baseline.bytes / 1024) }),
        }),
      });
    };
    for (const [i, [label, path, headers, target]] of routes.entries()) {
      const failure = failing.get(label);
      if (failure) rows.push({ route: label, target: `p99 ≤ ${target} ms`, met: 'NO', failure });
      else
        await load(stack.baseUrl, path, headers).then(
          async (figures) =>
            row(label, figures, target, {
              figures: await load(bare.url, () => `/${i}`),
              bytes: answers[i]!.body.length,
            }),
          (err: Error) =>
            rows.push({
              route: label,
              target: `p99 ≤ ${target} ms`,
              met: 'NO',
              failure: err.message,
            }),
        );
    }

    console.table(rows);
    rows.length = 0;
    bare.server.close();

    if (!ONLY_ROLLUPS) {
      // A report that timed out may still be running its queries: the cold read waits for them.
      for (let waited = 0; waited < 120; waited += 1) {
        const [{ active }] = await pgQuery<{ active: number }>(
          `SELECT count(*)::int AS active FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        );
        if (active === 0) break;
        await new Promise((done) => setTimeout(done, 500));
      }
      const replica = await coldGateway(run.env);
      cold = replica.child;
      let next = 0;
      const coldPath = () => {
        // Shop after shop, a product of each: never the same product twice.
        const i = next++;
        const shop = 1 + (i % SMALL_SHOPS);
        const product = 1 + Math.floor(i / SMALL_SHOPS);
        return `/api/url/shop/bench-small-${shop}/p-${product}`;
      };
      // The shops' own entries warmed first: the read measured misses on the product only.
      for (let s = 1; s <= SMALL_SHOPS; s += 1)
        await fetch(`${replica.url}/api/shop/bench-small-${s}`).then((r) => r.arrayBuffer());
      next = 0;
      const coldFigures = await load(replica.url, coldPath);
      // The baseline on products neither read before (the same sequence, carried on).
      const readByKartlink = next;
      const bareDatabase = await bareDatabaseServer();
      const bareFigures = await load(bareDatabase.url, coldPath).finally(bareDatabase.close);
      if (next > SMALL_SHOPS * SMALL_SHOP_PRODUCTS)
        throw new Error('products read twice: make the run shorter');
      row(`public product, cold (${readByKartlink} distinct)`, coldFigures, COLD_TARGET_MS, {
        figures: bareFigures,
      });
      console.table(rows);
    }

    console.log(`\nRollups: ${BACKLOG.toLocaleString('en')} unfolded events inserted at once…`);
    await timed('backlog inserted', () => insertBacklog(BACKLOG));
    // The WAL the fold writes (PostgreSQL's whole server: nothing else writes meanwhile).
    const [{ lsn }] = await pgQuery<{ lsn: string }>('SELECT pg_current_wal_insert_lsn() AS lsn');
    const started = Date.now();
    let left = BACKLOG;
    while (left > 0) {
      if (Date.now() - started > 30 * 60_000)
        throw new Error(`${left} events still unfolded after 30 min`);
      await new Promise((done) => setTimeout(done, 500));
      // The events waiting (each queued with the event, its row deleted by the fold that takes it).
      [{ left }] = await pgQuery<{ left: number }>(
        'SELECT count(*)::int AS "left" FROM analytics.fold_queue',
      );
    }
    const elapsed = (Date.now() - started) / 1000;
    const rate = Math.round(BACKLOG / elapsed);
    const [{ wal }] = await pgQuery<{ wal: number }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1)::float8 AS wal',
      [lsn],
    );
    console.table([
      {
        backlog: BACKLOG,
        'folded in s': elapsed.toFixed(1),
        'events/s': rate,
        'WAL MB': Math.round(wal / 2 ** 20),
        target: `≥ ${FOLD_RATE_TARGET}`,
        met: rate >= FOLD_RATE_TARGET ? 'yes' : 'NO',
      },
    ]);
    console.log(
      `Machine load after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    cold?.kill('SIGTERM');
    await stack.stop();
    // BENCH_KEEP=1 keeps the seeded database, to EXPLAIN its queries afterwards.
    if (process.env.BENCH_KEEP) console.log(`Kept: ${run.env.DATABASE_URL}`);
    else await run.cleanup();
  }
}

// Exits when done: with BENCH_KEEP the run's mail server is not stopped, and would keep it open.
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
