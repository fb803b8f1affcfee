import { readTestEnv, scratchDatabase, startServiceForTest, waitFor } from '@kartlink/testing';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';
import type { EventRow } from '../src/events/event-rows';
import { EventsRepository } from '../src/events/events.repository';
import { RollupsService } from '../src/rollups/rollups.service';
import { migrateTo } from './migrate-to';

/**
 * The queue of events waiting to be folded (analytics.fold_queue): filled with each event
 * stored, emptied by the folds that take them; and, on a database migrated with a backlog,
 * holding the events that were waiting. On a database of its own, migrated step by step.
 */
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let sql: Client;
jest.setTimeout(90_000);

beforeAll(async () => {
  database = await scratchDatabase('fold_queue');
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

const query = async <R>(text: string, params: unknown[] = []) =>
  (await sql.query(text, params)).rows as R[];

const clicksOf = async (productId: string) =>
  (
    await query<{ clicks: number; taps: number; views: number }>(
      `SELECT coalesce(sum(clicks), 0)::int AS clicks, coalesce(sum(taps), 0)::int AS taps,
              coalesce(sum(views), 0)::int AS views
         FROM analytics.product_daily WHERE product_id = $1`,
      [productId],
    )
  )[0]!;

const waiting = async () =>
  (await query<{ n: number }>('SELECT count(*)::int AS n FROM analytics.fold_queue'))[0]!.n;

it('carries the events waiting into the queue on migration, and folds each of them once', async () => {
  const env = readTestEnv();
  const migrate = (before?: string) => migrateTo(database.url, before);
  // The database as it was before the queue, with a backlog: events folded and events waiting.
  await migrate('FoldQueue');
  const [shopId, productId] = [randomUUID(), randomUUID()];
  const stored = async (folded: boolean, count: number, minutes: number) =>
    (
      await query<{ id: string }>(
        `INSERT INTO analytics.events (id, type, shop_id, product_id, occurred_at, received_at,
           visitor, platform, source, folded)
         SELECT gen_random_uuid(), CASE WHEN g % 2 = 0 THEN 'click' ELSE 'shop_view' END, $1, $2,
                date_trunc('day', now()) - interval '3 days' + g * interval '1 hour',
                now() - make_interval(mins => $4) + g * interval '1 second',
                'migrated-' || $4 || '-' || g, 'amazon', 'instagram', $3
           FROM generate_series(1, $5) g
         RETURNING id`,
        [shopId, productId, folded, minutes, count],
      )
    ).map((row) => row.id);
  await stored(true, 4, 60);
  const backlog = [...(await stored(false, 6, 30)), ...(await stored(false, 4, 10))];

  await migrate();
  // Exactly the events that waited, in the order they were received.
  expect(
    (await query<{ id: string }>('SELECT id FROM analytics.fold_queue ORDER BY seq')).map(
      (row) => row.id,
    ),
  ).toEqual(backlog);
  // Each in its visitor's lane (FoldLanes), as the trigger queues events stored from now on.
  const lanes = async () =>
    query<{ lane: number; visitorLane: number }>(
      `SELECT q.lane, hashtext(e.visitor) & 255 AS "visitorLane"
         FROM analytics.fold_queue q JOIN analytics.events e USING (id) ORDER BY q.seq`,
    );
  const migratedLanes = await lanes();
  expect(migratedLanes.every((row) => row.lane === row.visitorLane)).toBe(true);
  expect(new Set(migratedLanes.map((row) => row.lane % 2)).size).toBe(2);

  // Its scheduled fold (at start) may run beside the folds of the test: each event counts once.
  const analytics = await startServiceForTest({
    service: 'analytics',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
    env: {
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: `${env.REDIS_KEY_PREFIX}${randomUUID().slice(0, 8)}.`,
      NATS_SUBJECT_PREFIX: `${env.NATS_SUBJECT_PREFIX}${randomUUID().slice(0, 8)}.`,
      ANALYTICS_FOLD_BATCH: '3',
      ANALYTICS_FOLD_EVERY_MS: '3600000',
    },
  });
  try {
    const rollups = analytics.app.get(RollupsService);
    await Promise.all([rollups.fold(), rollups.fold()]);
    while ((await rollups.fold()) > 0);
    // A batch the scheduled fold still holds is skipped by ours: it commits its own.
    await waitFor(async () => (await waiting()) === 0, {
      timeoutMs: 20_000,
      intervalMs: 50,
      description: 'the queue emptied',
    });
    // The 10 that waited counted (5 clicks, 5 views), the 4 folded before not again.
    expect(await clicksOf(productId)).toEqual({ clicks: 5, taps: 5, views: 5 });
    expect(
      // Folded: marked so before the queue, or no longer in it.
      await query(
        `SELECT e.folded OR NOT EXISTS (SELECT 1 FROM analytics.fold_queue q WHERE q.id = e.id)
                  AS folded, count(*)::int AS n
           FROM analytics.events e GROUP BY 1`,
      ),
    ).toEqual([{ folded: true, n: 14 }]);

    // Events stored from now on are queued with them, once each, however often delivered.
    const events = analytics.app.get(EventsRepository);
    const row = (i: number): EventRow => ({
      id: randomUUID(),
      type: 'click',
      shopId,
      productId,
      // Within the retention (the hourly prune deletes older folded events).
      occurredAt: new Date(Date.now() - 86_400_000 + i * 3600_000).toISOString(),
      device: 'mobile',
      browser: 'Chrome',
      platform: 'amazon',
      region: 'Asia/Kolkata',
      referrer: null,
      visitor: `later-${i}`,
      bot: false,
      owner: false,
      prefetch: false,
      userAgent: null,
      source: 'instagram',
      opensIn: 'app',
    });
    const rows = [row(1), row(2), row(3)];
    expect(await events.insertBatch(rows)).toBe(3);
    expect(await events.insertBatch([...rows, row(4)])).toBe(1);
    expect(await waiting()).toBe(4);
    // The trigger puts each in its visitor's lane.
    const storedLanes = await lanes();
    expect(storedLanes).toHaveLength(4);
    expect(storedLanes.every((queued) => queued.lane === queued.visitorLane)).toBe(true);
    // A fold that fails leaves its batch queued; the next takes it, once.
    await sql.query(
      `CREATE FUNCTION analytics.test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'injected failure'; END $$;
       CREATE TRIGGER test_fail BEFORE INSERT OR UPDATE ON analytics.click_total_outbox
         FOR EACH ROW EXECUTE FUNCTION analytics.test_fail()`,
    );
    try {
      await expect(rollups.fold()).rejects.toThrow('injected failure');
      expect(await waiting()).toBe(4);
      expect(await clicksOf(productId)).toEqual({ clicks: 5, taps: 5, views: 5 });
    } finally {
      await sql.query(
        'DROP TRIGGER test_fail ON analytics.click_total_outbox; DROP FUNCTION analytics.test_fail()',
      );
    }
    while ((await rollups.fold()) > 0);
    expect(await clicksOf(productId)).toEqual({ clicks: 9, taps: 9, views: 5 });
    expect(await waiting()).toBe(0);
  } finally {
    await analytics.close();
  }
});
