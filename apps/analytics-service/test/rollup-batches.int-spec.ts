import { readTestEnv, scratchDatabase, startServiceForTest } from '@kartlink/testing';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';
import { monthPlan, type DateRange, datesOf } from '../src/reports/date-range';
import { ReportsRepository } from '../src/reports/reports.repository';
import { type FoldedEvent, foldEvents, MONTHLY_PRODUCT_DIMENSIONS } from '../src/rollups/fold';
import { FOLD_LANES, RollupsService } from '../src/rollups/rollups.service';

/**
 * The fold's batches and the monthly rollups, on a database, Redis prefix and NATS prefix of
 * their own (a failure injected here must not reach the other tests' folds), with small
 * batches and the scheduled fold out of the way (the tests fold when they choose).
 */
let analytics: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let sql: Client;
const BATCH = 7;
/** An event (alias e) is folded once no queue row holds it. */
const FOLDED = 'NOT EXISTS (SELECT 1 FROM analytics.fold_queue q WHERE q.id = e.id)';
jest.setTimeout(90_000);

beforeAll(async () => {
  database = await scratchDatabase('rollup_batches');
  const own = `${randomUUID().slice(0, 8)}.`;
  const env = readTestEnv();
  analytics = await startServiceForTest({
    service: 'analytics',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
    env: {
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: `${env.REDIS_KEY_PREFIX}${own}`,
      NATS_SUBJECT_PREFIX: `${env.NATS_SUBJECT_PREFIX}${own}`,
      ANALYTICS_FOLD_BATCH: String(BATCH),
      ANALYTICS_FOLD_EVERY_MS: '3600000',
    },
  });
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await analytics?.close();
  await database?.drop();
});

const query = async <R>(text: string, params: unknown[] = []) =>
  (await sql.query(text, params)).rows as R[];

interface RawEvent {
  type: 'click' | 'shop_view';
  shopId: string;
  productId: string | null;
  at: string;
  visitor: string;
  platform?: string;
  source?: string;
  opensIn?: string;
}

/** Stores events as the consumer does (unfolded), received in the order given. */
async function store(events: RawEvent[]) {
  await sql.query(
    `INSERT INTO analytics.events (id, type, shop_id, product_id, occurred_at, received_at,
       device, browser, platform, region, referrer, visitor, source, opens_in)
     SELECT gen_random_uuid(), e.type, e.shop_id, e.product_id, e.at,
            now() + e.n * interval '1 millisecond', 'mobile', 'Chrome', e.platform, 'Asia/Kolkata',
            NULL, e.visitor, e.source, e.opens_in
       FROM unnest($1::varchar[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::varchar[],
                   $6::varchar[], $7::varchar[], $8::varchar[])
            WITH ORDINALITY AS e(type, shop_id, product_id, at, visitor, platform, source, opens_in, n)`,
    [
      events.map((e) => e.type),
      events.map((e) => e.shopId),
      events.map((e) => e.productId),
      events.map((e) => e.at),
      events.map((e) => e.visitor),
      events.map((e) => e.platform ?? null),
      events.map((e) => e.source ?? null),
      events.map((e) => e.opensIn ?? null),
    ],
  );
}

/** Folds until nothing is left, each run as the scheduled job would. */
async function foldAll() {
  const rollups = analytics.app.get(RollupsService);
  while ((await rollups.fold()) > 0);
}

/** Rows of the first query missing from the second, and the other way round: both empty when equal. */
async function difference(a: string, b: string) {
  return {
    missing: await query(`(${a}) EXCEPT ALL (${b})`),
    extra: await query(`(${b}) EXCEPT ALL (${a})`),
  };
}
const SAME = { missing: [], extra: [] };

/** Every monthly row equals the sum of its daily rows, and every month of daily rows has its row. */
async function expectMonthsAgreeWithDays() {
  expect(
    await difference(
      `SELECT product_id, date_trunc('month', day)::date AS month, shop_id, sum(views)::int,
              sum(clicks)::int, sum(taps)::int, sum(app_opens)::int, sum(web_opens)::int
         FROM analytics.product_daily GROUP BY 1, 2, 3`,
      `SELECT product_id, month, shop_id, views, clicks, taps, app_opens, web_opens
         FROM analytics.product_monthly`,
    ),
  ).toEqual(SAME);
  expect(
    await difference(
      `SELECT product_id, date_trunc('month', day)::date AS month, dimension, key, shop_id,
              sum(views)::int, sum(clicks)::int
         FROM analytics.product_daily_dimensions
        WHERE dimension IN (${MONTHLY_PRODUCT_DIMENSIONS.map((d) => `'${d}'`).join(', ')})
        GROUP BY 1, 2, 3, 4, 5`,
      `SELECT product_id, month, dimension, key, shop_id, views, clicks
         FROM analytics.product_monthly_dimensions`,
    ),
  ).toEqual(SAME);
  expect(
    await difference(
      `SELECT shop_id, date_trunc('month', day)::date AS month, dimension, key,
              sum(views)::int, sum(clicks)::int
         FROM analytics.shop_daily_dimensions GROUP BY 1, 2, 3, 4`,
      `SELECT shop_id, month, dimension, key, views, clicks FROM analytics.shop_monthly_dimensions`,
    ),
  ).toEqual(SAME);
  // Each product dimension row carries its product's shop.
  expect(
    await query(
      `SELECT d.product_id FROM analytics.product_daily_dimensions d
         JOIN analytics.product_daily p ON p.product_id = d.product_id AND p.day = d.day
        WHERE p.shop_id <> d.shop_id`,
    ),
  ).toEqual([]);
}

/** A fixed pseudo-random sequence, so that a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

describe('monthly rollups', () => {
  const shopId = randomUUID();
  const products = [randomUUID(), randomUUID(), randomUUID()];
  const edge = randomUUID();
  const STORES = ['amazon', 'flipkart', 'myntra'];
  const SOURCES = ['instagram', 'whatsapp', 'direct'];

  beforeAll(async () => {
    const next = sequence(17);
    const start = Date.parse('2023-11-25T00:00:00Z');
    const span = Date.parse('2024-04-10T00:00:00Z') - start;
    const events: RawEvent[] = Array.from({ length: 400 }, (_, i) => {
      const click = next(3) === 0;
      return {
        type: click ? 'click' : 'shop_view',
        shopId,
        productId: click || next(2) === 0 ? products[next(3)]! : null,
        at: new Date(start + Math.floor((span * next(10_000)) / 10_000)).toISOString(),
        // Enough visitors that most clicks count, a few repeated taps all the same.
        visitor: `v${next(40)}-${i % 7}`,
        platform: click ? STORES[next(3)] : undefined,
        source: SOURCES[next(3)],
        opensIn: click ? ['app', 'web'][next(2)] : undefined,
      };
    });
    // Either side of midnight in India (UTC+5:30) at month ends, a leap day among them.
    for (const at of [
      '2023-12-31T18:29:59.999Z',
      '2023-12-31T18:30:00.000Z',
      '2024-01-31T18:29:59.999Z',
      '2024-01-31T18:30:00.000Z',
      '2024-02-29T18:29:59.999Z',
      '2024-02-29T18:30:00.000Z',
    ])
      events.push({
        type: 'click',
        shopId,
        productId: edge,
        at,
        visitor: `edge-${at}`,
        platform: 'amazon',
        source: 'instagram',
        opensIn: 'app',
      });
    await store(events);
    await foldAll();
  });

  it('sum the daily rows of each month of the reporting time zone', async () => {
    await expectMonthsAgreeWithDays();
    expect(
      await query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, clicks FROM analytics.product_daily
          WHERE product_id = $1 ORDER BY day`,
        [edge],
      ),
    ).toEqual([
      { day: '2023-12-31', clicks: 1 },
      { day: '2024-01-01', clicks: 1 },
      { day: '2024-01-31', clicks: 1 },
      { day: '2024-02-01', clicks: 1 },
      { day: '2024-02-29', clicks: 1 },
      { day: '2024-03-01', clicks: 1 },
    ]);
    expect(
      await query(
        `SELECT to_char(month, 'YYYY-MM-DD') AS month, clicks FROM analytics.product_monthly
          WHERE product_id = $1 ORDER BY month`,
        [edge],
      ),
    ).toEqual([
      { month: '2023-12-01', clicks: 1 },
      { month: '2024-01-01', clicks: 2 },
      { month: '2024-02-01', clicks: 2 },
      { month: '2024-03-01', clicks: 1 },
    ]);
  });

  it('give every range the figures its days add up to', async () => {
    const reports = analytics.app.get(ReportsRepository);
    const byDays = async (range: DateRange) => ({
      figures: await query(
        `SELECT product_id AS "productId", sum(views)::int AS views, sum(clicks)::int AS clicks,
                sum(taps)::int AS taps, sum(app_opens)::int AS "appOpens",
                sum(web_opens)::int AS "webOpens"
           FROM analytics.product_daily WHERE shop_id = $1 AND day BETWEEN $2 AND $3
          GROUP BY product_id HAVING sum(clicks) > 0 OR sum(views) > 0
          ORDER BY sum(clicks) DESC, sum(views) DESC, product_id`,
        [shopId, range.from, range.to],
      ),
      dimensions: await query(
        `SELECT dimension, key, sum(views)::int AS views, sum(clicks)::int AS clicks
           FROM analytics.shop_daily_dimensions WHERE shop_id = $1 AND day BETWEEN $2 AND $3
          GROUP BY dimension, key ORDER BY dimension, key`,
        [shopId, range.from, range.to],
      ),
      productDimensions: await query(
        `SELECT product_id AS "productId", dimension, key, sum(clicks)::int AS clicks
           FROM analytics.product_daily_dimensions
          WHERE shop_id = $1 AND day BETWEEN $2 AND $3 AND dimension IN ('store', 'source')
          GROUP BY 1, 2, 3 HAVING sum(clicks) > 0 ORDER BY 1, 2, 3`,
        [shopId, range.from, range.to],
      ),
    });
    const sorted = <T>(rows: T[]) =>
      rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    const ranges: Array<[DateRange, string]> = [
      [{ from: '2024-01-01', to: '2024-01-31' }, '2024-04-10'],
      [{ from: '2024-01-31', to: '2024-02-01' }, '2024-04-10'],
      [{ from: '2024-02-01', to: '2024-02-29' }, '2024-04-10'],
      [{ from: '2023-12-31', to: '2024-03-01' }, '2024-04-10'],
      // Ranges ending "today", as the app asks: 7, 30 and 90 days.
      [{ from: '2024-02-23', to: '2024-02-29' }, '2024-02-29'],
      [{ from: '2024-01-31', to: '2024-02-29' }, '2024-02-29'],
      [{ from: '2023-12-02', to: '2024-02-29' }, '2024-02-29'],
      // "Today" mid-month, and a year.
      [{ from: '2023-12-17', to: '2024-03-15' }, '2024-03-15'],
      [{ from: '2023-04-11', to: '2024-04-09' }, '2024-04-09'],
    ];
    const next = sequence(5);
    for (let i = 0; i < 12; i += 1) {
      const from = datesOf({ from: '2023-11-20', to: '2024-04-15' })[next(148)]!;
      const after = datesOf({ from, to: '2024-04-20' });
      const to = after[Math.min(after.length - 1, next(120))]!;
      ranges.push([{ from, to }, ['2024-01-15', '2024-03-31'][i % 2]!]);
    }
    for (const [range, today] of ranges) {
      const plan = monthPlan(range, today);
      const expected = await byDays(range);
      expect([range, await reports.productFigures(shopId, plan)]).toEqual([
        range,
        expected.figures,
      ]);
      expect([range, sorted(await reports.shopDimensions(shopId, plan))]).toEqual([
        range,
        sorted(expected.dimensions),
      ]);
      expect([
        range,
        sorted(await reports.productDimensionClicks(shopId, plan, ['store', 'source'])),
      ]).toEqual([range, sorted(expected.productDimensions)]);
    }
    // The figures are there to compare: most ranges hold some.
    expect((await byDays(ranges[3]![0])).figures).toHaveLength(4);
  });
});

describe('folding in batches', () => {
  it('applies each batch once, and a batch that fails leaves nothing behind nor anything lost', async () => {
    const shopId = randomUUID();
    const [steady, poison] = [randomUUID(), randomUUID()];
    const event = (productId: string, i: number): RawEvent => ({
      type: i % 3 === 0 ? 'shop_view' : 'click',
      shopId,
      productId,
      at: new Date(Date.parse('2024-05-31T18:00:00Z') + i * 60_000).toISOString(),
      // Named alike in every run: each visitor's lane (hashtext) is the same every time.
      visitor: `visitor-${productId === poison ? 'poison' : 'steady'}-${i}`,
      platform: 'amazon',
      source: 'whatsapp',
      opensIn: 'web',
    });
    // 40 events, the poisoned one among them.
    await store([
      ...Array.from({ length: 24 }, (_, i) => event(steady, i)),
      event(poison, 1),
      ...Array.from({ length: 15 }, (_, i) => event(steady, 24 + i)),
    ]);
    const folded = () =>
      query<{ productId: string; folded: boolean; type: string; n: number }>(
        `SELECT product_id AS "productId", ${FOLDED} AS folded, type, count(*)::int AS n
           FROM analytics.events e WHERE shop_id = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        [shopId],
      );
    const rolledUp = async (productId: string) => {
      const [row] = await query<{ views: number; clicks: number; taps: number }>(
        `SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(clicks), 0)::int AS clicks,
                coalesce(sum(taps), 0)::int AS taps
           FROM analytics.product_daily WHERE product_id = $1`,
        [productId],
      );
      return row;
    };
    /** What the folded events of a product add up to. */
    const expected = async (productId: string) => {
      const rows = await folded();
      const n = (type: string) =>
        rows.find((r) => r.productId === productId && r.folded && r.type === type)?.n ?? 0;
      return { views: n('shop_view'), clicks: n('click'), taps: n('click') };
    };

    // The last write of a batch fails for the poisoned product: a crash after the rollups of
    // that batch were written, before its commit.
    await sql.query(
      `CREATE FUNCTION analytics.test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'injected failure'; END $$;
       CREATE TRIGGER test_poison BEFORE INSERT OR UPDATE ON analytics.click_total_outbox
         FOR EACH ROW WHEN (NEW.product_id = '${poison}') EXECUTE FUNCTION analytics.test_poison()`,
    );
    const version = async () =>
      Number(
        (
          await query<{ version: string }>(
            'SELECT version FROM analytics.shop_report_versions WHERE shop_id = $1',
            [shopId],
          )
        )[0]?.version ?? 0,
      );
    const rollups = analytics.app.get(RollupsService);
    // The lanes fold side by side, each its visitors' events in batches of BATCH in the order
    // they were queued: the poisoned event's lane commits the batches before the one holding
    // it, the other lanes every batch of theirs.
    const queued = await query<{ productId: string; lane: number }>(
      `SELECT e.product_id AS "productId", q.lane % ${FOLD_LANES} AS lane
         FROM analytics.fold_queue q JOIN analytics.events e USING (id) ORDER BY q.seq`,
    );
    const lanes = Array.from({ length: FOLD_LANES }, (_, lane) =>
      queued.filter((e) => e.lane === lane),
    );
    const poisoned = lanes.find((lane) => lane.some((e) => e.productId === poison))!;
    const poisonedBatch = Math.floor(poisoned.findIndex((e) => e.productId === poison) / BATCH);
    const others = lanes.filter((lane) => lane !== poisoned);
    // Both kinds of lane are there to see (the visitors' names spread them).
    expect(poisonedBatch).toBeGreaterThan(0);
    expect(others.some((lane) => lane.length > BATCH)).toBe(true);
    try {
      await expect(rollups.fold()).rejects.toThrow('injected failure');
      // The batches before the poisoned one committed, it rolled back whole: its events wait,
      // unfolded; the other lanes folded all of theirs.
      const state = await folded();
      const done = state.filter((r) => r.folded).reduce((sum, r) => sum + r.n, 0);
      const othersDone = others.reduce((sum, lane) => sum + lane.length, 0);
      expect(done).toBe(othersDone + poisonedBatch * BATCH);
      expect(state.find((r) => r.productId === poison)).toMatchObject({ folded: false });
      expect(await rolledUp(steady)).toEqual(await expected(steady));
      expect(await rolledUp(poison)).toEqual({ views: 0, clicks: 0, taps: 0 });
      await expectMonthsAgreeWithDays();
      // The shop's report version moved with each batch that committed, not with the one that failed.
      const othersBatches = others.reduce((sum, lane) => sum + Math.ceil(lane.length / BATCH), 0);
      expect(await version()).toBe(othersBatches + poisonedBatch);
      // Tried again while still failing: nothing more is applied, nothing twice.
      await expect(rollups.fold()).rejects.toThrow('injected failure');
      expect(await rolledUp(steady)).toEqual(await expected(steady));
    } finally {
      await sql.query(
        'DROP TRIGGER test_poison ON analytics.click_total_outbox; DROP FUNCTION analytics.test_poison()',
      );
    }

    // The failure gone, several folds at once: every event is applied, each exactly once.
    await Promise.all([rollups.fold(), rollups.fold(), rollups.fold()]);
    await foldAll();
    expect(await folded()).toEqual(
      [
        { productId: poison, folded: true, type: 'click', n: 1 },
        { productId: steady, folded: true, type: 'click', n: 26 },
        { productId: steady, folded: true, type: 'shop_view', n: 13 },
      ].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)),
    );
    expect(await rolledUp(steady)).toEqual({ views: 13, clicks: 26, taps: 26 });
    expect(await rolledUp(poison)).toEqual({ views: 0, clicks: 1, taps: 1 });
    expect(await version()).toBeGreaterThanOrEqual(6);
    // 18:00 UTC on 31 May is 23:30 in India: from 18:30 on, it is June there.
    expect(
      await query(
        `SELECT to_char(month, 'YYYY-MM') AS month, views, clicks FROM analytics.product_monthly
          WHERE product_id = $1 ORDER BY month`,
        [steady],
      ),
    ).toEqual([
      { month: '2024-05', views: 10, clicks: 20 },
      { month: '2024-06', views: 3, clicks: 6 },
    ]);
    await expectMonthsAgreeWithDays();
    const [shop] = await query<{ clicks: number; views: number; taps: number }>(
      `SELECT sum(clicks)::int AS clicks, sum(views)::int AS views, sum(taps)::int AS taps
         FROM analytics.shop_daily WHERE shop_id = $1`,
      [shopId],
    );
    expect(shop).toEqual({ clicks: 27, views: 13, taps: 27 });
  });
});

describe('the batch summed in SQL', () => {
  it('adds to the rollups what foldEvents says each event adds', async () => {
    const shopId = randomUUID();
    const products = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Mulberry32: its low bits vary too (sequence(n) % 2 alternates).
    let state = 23;
    const next = (n: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const pick = <T>(values: readonly T[]) => values[next(values.length)]!;
    const start = Date.parse('2024-07-30T12:00:00Z');
    // Every kind of event: bots, prefetches, the owner, missing values, events stored before
    // sources were kept (their referrer tells), and bursts of taps by the same visitor.
    const events = Array.from({ length: 400 }, () => {
      const click = next(2) === 0;
      return {
        id: randomUUID(),
        type: click ? 'click' : 'shop_view',
        productId: click || next(2) === 0 ? pick(products) : null,
        at: new Date(start + next(4 * 24 * 60) * 60_000).toISOString(),
        device: pick(['mobile', 'desktop', null]),
        // Keys that JSON escapes (the dimensions are kept as JSON).
        browser: pick(['Chrome', 'Safari', 'Mi "Browser" \\ 2', null]),
        platform: click ? pick(['amazon', 'flipkart', null]) : null,
        region: pick(['Asia/Kolkata', 'Europe/London', null]),
        referrer: pick(['instagram.com', 'wa.me', 'example.org', 'यूट्यूब.भारत', null]),
        visitor: `v${next(12)}`,
        bot: next(10) === 0,
        owner: next(12) === 0,
        prefetch: next(15) === 0,
        // Never "direct" on a click: the source of the visit before it is the service's test.
        source: click ? pick(['instagram', 'whatsapp', null]) : pick(['instagram', 'direct', null]),
        opensIn: click ? pick(['app', 'web', null]) : null,
      };
    });
    const column = <K extends keyof (typeof events)[number]>(key: K) => events.map((e) => e[key]);
    await sql.query(
      `INSERT INTO analytics.events (id, type, shop_id, product_id, occurred_at, received_at,
         device, browser, platform, region, referrer, visitor, bot, owner, prefetch, source, opens_in)
       SELECT e.id, e.type, $1, e.product_id, e.at, now() + e.n * interval '1 millisecond',
              e.device, e.browser, e.platform, e.region, e.referrer, e.visitor, e.bot, e.owner,
              e.prefetch, e.source, e.opens_in
         FROM unnest($2::uuid[], $3::varchar[], $4::uuid[], $5::timestamptz[], $6::varchar[],
                     $7::varchar[], $8::varchar[], $9::varchar[], $10::varchar[], $11::varchar[],
                     $12::boolean[], $13::boolean[], $14::boolean[], $15::varchar[], $16::varchar[])
              WITH ORDINALITY AS e(id, type, product_id, at, device, browser, platform, region,
                                   referrer, visitor, bot, owner, prefetch, source, opens_in, n)`,
      [
        shopId,
        column('id'),
        column('type'),
        column('productId'),
        column('at'),
        column('device'),
        column('browser'),
        column('platform'),
        column('region'),
        column('referrer'),
        column('visitor'),
        column('bot'),
        column('owner'),
        column('prefetch'),
        column('source'),
        column('opensIn'),
      ],
    );
    await foldAll();

    // The events as folded (repeated taps as the fold marked them), summed by foldEvents.
    const stored = await query<FoldedEvent & { folded: boolean }>(
      `SELECT id, type, shop_id AS "shopId", product_id AS "productId",
              to_char(occurred_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day, device,
              browser, platform, region, referrer, visitor, bot, owner, prefetch,
              (extract(epoch FROM occurred_at) * 1000)::float8 AS at, source,
              opens_in AS "opensIn", repeat_tap AS repeat, ${FOLDED} AS folded
         FROM analytics.events e WHERE shop_id = $1`,
      [shopId],
    );
    expect(stored.filter((e) => !e.folded)).toEqual([]);
    expect(stored.filter((e) => e.repeat).length).toBeGreaterThan(0);
    const inc = foldEvents(stored);
    const byKey = <T>(rows: T[]) =>
      rows.map((r) => JSON.stringify(r)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const visitors = new Map<string, number>();
    for (const v of inc.visitors)
      visitors.set(`${v.shopId}|${v.day}`, (visitors.get(`${v.shopId}|${v.day}`) ?? 0) + 1);
    const day = "to_char(day, 'YYYY-MM-DD') AS day";

    expect(
      byKey(
        await query(
          `SELECT shop_id AS "shopId", ${day}, views, product_views AS "productViews", clicks,
                  taps, bot_events AS "botEvents", owner_events AS "ownerEvents",
                  unique_visitors AS "uniqueVisitors"
             FROM analytics.shop_daily WHERE shop_id = $1`,
          [shopId],
        ),
      ),
    ).toEqual(
      byKey(
        inc.shopDays.map((d) => ({
          ...d,
          uniqueVisitors: visitors.get(`${d.shopId}|${d.day}`) ?? 0,
        })),
      ),
    );
    expect(
      byKey(
        await query(
          `SELECT shop_id AS "shopId", ${day}, dimension, key, views, clicks
             FROM analytics.shop_daily_dimensions WHERE shop_id = $1`,
          [shopId],
        ),
      ),
    ).toEqual(byKey(inc.shopDimensions));
    expect(
      byKey(
        await query(
          `SELECT product_id AS "productId", ${day}, shop_id AS "shopId", views, clicks, taps,
                  app_opens AS "appOpens", web_opens AS "webOpens"
             FROM analytics.product_daily WHERE shop_id = $1`,
          [shopId],
        ),
      ),
    ).toEqual(byKey(inc.productDays));
    expect(
      byKey(
        await query(
          `SELECT product_id AS "productId", ${day}, shop_id AS "shopId", dimension, key, views,
                  clicks
             FROM analytics.product_daily_dimensions WHERE shop_id = $1`,
          [shopId],
        ),
      ),
    ).toEqual(byKey(inc.productDimensions));
    await expectMonthsAgreeWithDays();
  });
});

describe('an event committed late', () => {
  it('is folded by the next run, once, and a run meanwhile folds the others', async () => {
    const shopId = randomUUID();
    const productId = randomUUID();
    const click = (i: number): RawEvent => ({
      type: 'click',
      shopId,
      productId,
      at: new Date(Date.parse('2024-08-10T10:00:00Z') + i * 3600_000).toISOString(),
      visitor: `late-${i}`,
      platform: 'amazon',
      source: 'instagram',
      opensIn: 'app',
    });
    const clicks = async () =>
      (
        await query<{ clicks: number }>(
          'SELECT coalesce(sum(clicks), 0)::int AS clicks FROM analytics.product_daily WHERE product_id = $1',
          [productId],
        )
      )[0]!.clicks;
    // The consumer's transaction, still open while the fold runs: its event is received (its
    // received_at is the transaction's now()) before the others and committed after them.
    const consumer = new Client({ connectionString: database.url });
    await consumer.connect();
    try {
      await consumer.query('BEGIN');
      await consumer.query(
        `INSERT INTO analytics.events (id, type, shop_id, product_id, occurred_at, visitor, platform, source, opens_in)
         VALUES ($1, 'click', $2, $3, '2024-08-10T09:00:00Z', 'late-0', 'amazon', 'instagram', 'app')`,
        [randomUUID(), shopId, productId],
      );
      await store([click(1), click(2)]);
      await foldAll();
      expect(await clicks()).toBe(2);
      await consumer.query('COMMIT');
    } finally {
      await consumer.end();
    }
    await foldAll();
    expect(await clicks()).toBe(3);
    await foldAll();
    expect(await clicks()).toBe(3);
    expect(
      await query(
        `SELECT ${FOLDED} AS folded, count(*)::int AS n FROM analytics.events e
          WHERE shop_id = $1 GROUP BY 1`,
        [shopId],
      ),
    ).toEqual([{ folded: true, n: 3 }]);
    await expectMonthsAgreeWithDays();
  });
});
