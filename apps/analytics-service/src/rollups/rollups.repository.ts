import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  CLICK_REPEAT_WINDOW_MINUTES,
  DIRECT_REFERRER,
  sourceOfReferrer,
  UNKNOWN_KEY,
} from '@kartlink/contracts';
import { countable, type FoldedEvent, MONTHLY_PRODUCT_DIMENSIONS, tapKey } from './fold';

/** The advisory lock space of the repeated-tap keys (the two-number form: apart from any other). */
const TAP_LOCK_SPACE = 0x74617073; // "taps"
const TAP_LOCK_BUCKETS = 1024;

/** An event (alias e) no fold_queue row holds: folded (or never to be). */
const NOT_QUEUED = 'NOT EXISTS (SELECT 1 FROM analytics.fold_queue q WHERE q.id = e.id)';

const columns = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((row) => row[key]);

/**
 * Which events a fold takes: those of the visitors of lane `index` of `of` (fold_queue.lane %
 * of). Folds of different lanes never hold events of the same visitor, so they run side by
 * side; folds of the same lane (another replica's) take turns on a visitor's taps.
 */
export interface FoldLane {
  index: number;
  of: number;
}

/** The rollup tables: folding events into them, and the click totals owed to shop-service. */
@Injectable()
export class RollupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Takes up to `limit` events nobody has folded and copies them into the session's fold_batch
   * table (emptied at each commit), inside the caller's transaction; the rollups are then summed
   * from it in SQL (applyBatch). The events are taken from fold_queue, oldest first, their queue
   * rows deleted, and that is what makes them folded once the transaction commits: rows another
   * fold holds are skipped (SKIP LOCKED), so concurrent folds never take the same event, and an
   * event committed late by the consumer (its queue row with it) is simply taken next time. An
   * event marked `folded` (by a version before the queue) is dropped from the queue, not folded
   * again. Only the events of the fold's lane are taken. Answers how many events were taken.
   */
  async takeBatch(
    manager: EntityManager,
    limit: number,
    timeZone: string,
    lane: FoldLane = { index: 0, of: 1 },
  ): Promise<number> {
    // The batch's sums and sorts in memory (a batch of 50,000 events spills at the default 4 MB).
    await manager.query(`SET LOCAL work_mem = '64MB'`);
    await manager.query(
      `CREATE TEMP TABLE IF NOT EXISTS fold_batch (
         id uuid PRIMARY KEY, type varchar NOT NULL, shop_id uuid NOT NULL, product_id uuid,
         day date NOT NULL, device varchar, browser varchar, platform varchar, region varchar,
         referrer varchar, visitor varchar NOT NULL, bot boolean NOT NULL, owner boolean NOT NULL,
         prefetch boolean NOT NULL, at timestamptz NOT NULL, source varchar, opens_in varchar,
         repeat boolean NOT NULL) ON COMMIT DELETE ROWS`,
    );
    await manager.query(
      `WITH queued AS (
         DELETE FROM analytics.fold_queue q
          WHERE q.seq IN (SELECT seq FROM analytics.fold_queue WHERE lane % $3 = $4
                           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING q.id),
       picked AS (
         -- By id (the primary key), whatever the planner guesses of the queue's rows.
         SELECT e.id, e.type, e.shop_id, e.product_id, (e.occurred_at AT TIME ZONE $2)::date,
                e.device, e.browser, e.platform, e.region, e.referrer, e.visitor, e.bot,
                e.owner, e.prefetch, e.occurred_at, e.source, e.opens_in, e.repeat_tap
           FROM analytics.events e
          WHERE e.id = ANY (ARRAY(SELECT id FROM queued)) AND NOT e.folded)
       INSERT INTO fold_batch SELECT * FROM picked`,
      [limit, timeZone, lane.of, lane.index],
    );
    // Events stored before sources were kept: their referrer tells (sourceOfReferrer).
    const referrers = (await manager.query(
      'SELECT DISTINCT referrer FROM fold_batch WHERE source IS NULL',
    )) as Array<{ referrer: string | null }>;
    if (referrers.length > 0)
      await manager.query(
        `UPDATE fold_batch b SET source = r.source
           FROM unnest($1::varchar[], $2::varchar[]) AS r(referrer, source)
          WHERE b.source IS NULL AND b.referrer IS NOT DISTINCT FROM r.referrer`,
        [referrers.map((r) => r.referrer), referrers.map((r) => sourceOfReferrer(r.referrer))],
      );
    const [{ n }] = (await manager.query('SELECT count(*)::int AS n FROM fold_batch')) as [
      { n: number },
    ];
    return n;
  }

  /** The batch's people clicks (countable): what repeatTaps and the visit sources need. */
  async batchClicks(manager: EntityManager): Promise<FoldedEvent[]> {
    return (await manager.query(
      `SELECT id, type, shop_id AS "shopId", product_id AS "productId", to_char(day, 'YYYY-MM-DD') AS day,
              device, browser, platform, region, referrer, visitor, bot, owner, prefetch,
              (extract(epoch FROM at) * 1000)::float8 AS at, source, opens_in AS "opensIn", repeat
         FROM fold_batch
        WHERE type = 'click' AND NOT bot AND NOT prefetch AND NOT owner AND product_id IS NOT NULL`,
    )) as FoldedEvent[];
  }

  /**
   * Marks the batch's repeated taps as such (in the events and in fold_batch), and gives its
   * clicks the sources of their visits, in the caller's transaction.
   */
  async settleClicks(
    manager: EntityManager,
    repeats: readonly string[],
    sources: ReadonlyMap<string, string>,
  ): Promise<void> {
    if (repeats.length > 0) {
      await manager.query(
        `UPDATE analytics.events SET repeat_tap = true WHERE id = ANY($1::uuid[])`,
        [repeats],
      );
      await manager.query(`UPDATE fold_batch SET repeat = true WHERE id = ANY($1::uuid[])`, [
        repeats,
      ]);
    }
    if (sources.size > 0)
      await manager.query(
        `UPDATE fold_batch b SET source = s.source
           FROM unnest($1::uuid[], $2::varchar[]) AS s(id, source) WHERE b.id = s.id`,
        [[...sources.keys()], [...sources.values()]],
      );
  }

  /**
   * Times of the clicks already counted (folded, not repeats) that the batch's people clicks
   * could repeat: same visitor, product and store, within the window of one of them, by
   * tapKey. Locks each key's bucket first (until the transaction ends), so that two folds
   * holding taps of the same visitor take turns and the second sees what the first counted.
   * The buckets are the lane's own: a fold of another lane holds no tap of these visitors.
   */
  async countedClicksNear(
    manager: EntityManager,
    events: readonly FoldedEvent[],
    lane: FoldLane = { index: 0, of: 1 },
  ): Promise<Map<string, number[]>> {
    const clicks = events.filter(countable);
    const counted = new Map<string, number[]>();
    if (clicks.length === 0) return counted;
    const keys = [...new Set(clicks.map(tapKey))];
    // A lock per bucket of keys (TAP_LOCK_BUCKETS at most, whatever the batch: one lock per key
    // ran out of PostgreSQL's lock table with large batches), taken in order.
    await manager.query(
      `SELECT pg_advisory_xact_lock(${TAP_LOCK_SPACE}, $2 * ${TAP_LOCK_BUCKETS} + b) FROM (
         SELECT DISTINCT abs(hashtext(k) % ${TAP_LOCK_BUCKETS}) AS b FROM unnest($1::text[]) AS k
          ORDER BY b OFFSET 0) locks`,
      [keys, lane.index],
    );
    const times = clicks.map((c) => c.at);
    // Served by the partial index events_people_clicks (its WHERE is repeated here); of those,
    // the folded ones are the counted clicks.
    const rows = (await manager.query(
      `SELECT e.id, e.product_id AS "productId", e.platform, e.visitor,
              (extract(epoch FROM e.occurred_at) * 1000)::float8 AS at
         FROM analytics.events e
         JOIN (SELECT DISTINCT * FROM unnest($1::varchar[], $2::uuid[]) AS k(visitor, product_id)) k
           ON e.visitor = k.visitor AND e.product_id = k.product_id
        WHERE e.type = 'click' AND NOT e.repeat_tap
          AND NOT e.bot AND NOT e.prefetch AND NOT e.owner
          -- Folded: no queue row holds it (or a version before the queue marked it).
          AND (e.folded OR ${NOT_QUEUED})
          AND e.occurred_at > to_timestamp($3::float8 / 1000) - make_interval(mins => $5)
          AND e.occurred_at < to_timestamp($4::float8 / 1000) + make_interval(mins => $5)`,
      [
        clicks.map((c) => c.visitor),
        clicks.map((c) => c.productId),
        Math.min(...times),
        Math.max(...times),
        CLICK_REPEAT_WINDOW_MINUTES,
      ],
    )) as Array<Pick<FoldedEvent, 'id' | 'productId' | 'platform' | 'visitor' | 'at'>>;
    // The batch has left the queue already (this transaction): its taps are not yet counted.
    const batch = new Set(events.map((e) => e.id));
    for (const row of rows) {
      if (batch.has(row.id)) continue;
      const key = tapKey(row);
      counted.set(key, [...(counted.get(key) ?? []), row.at]);
    }
    return counted;
  }

  /**
   * The source of the visit each of these clicks came from: the same visitor's latest view of
   * the shop within the window before the click, when that view came from somewhere (a click
   * through the tracked redirect has our own page as its referrer, and says "direct").
   */
  async sourcesOfVisits(
    manager: EntityManager,
    clicks: readonly FoldedEvent[],
  ): Promise<Map<string, string>> {
    if (clicks.length === 0) return new Map();
    const rows = (await manager.query(
      `SELECT c.id, v.source
         FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::float8[]) AS c(id, shop_id, visitor, at)
         CROSS JOIN LATERAL (
           SELECT e.source FROM analytics.events e
            -- Served by the partial index events_people_views.
            WHERE e.visitor = c.visitor AND e.shop_id = c.shop_id AND e.type = 'shop_view'
              AND NOT e.bot AND NOT e.prefetch
              AND e.occurred_at <= to_timestamp(c.at / 1000)
              AND e.occurred_at > to_timestamp(c.at / 1000) - make_interval(mins => $5)
            ORDER BY e.occurred_at DESC LIMIT 1) v
        WHERE v.source IS NOT NULL AND v.source <> 'direct'`,
      [
        clicks.map((c) => c.id),
        clicks.map((c) => c.shopId),
        clicks.map((c) => c.visitor),
        clicks.map((c) => c.at),
        CLICK_REPEAT_WINDOW_MINUTES,
      ],
    )) as Array<{ id: string; source: string }>;
    return new Map(rows.map((row) => [row.id, row.source]));
  }

  /**
   * Adds fold_batch to the rollups, in the caller's transaction, the batch summed by PostgreSQL
   * (foldEvents says what each figure is). Bots (link previews and prefetches included) and the
   * owner's own events only count in their own columns; a repeated tap counts as a tap, never
   * as a click. First the batch's sums, into tables of the session's own (and its visitors,
   * whom no fold of another lane holds): nothing another fold writes is locked meanwhile. Then
   * each rollup table with one INSERT … ON CONFLICT of those sums, rows in key order, so that
   * concurrent folds lock rollup rows in the same order and each holds them only while it
   * writes: lanes sum side by side and take turns to write.
   */
  async applyBatch(manager: EntityManager): Promise<void> {
    await this.sumBatch(manager);
    const added = (table: string, columns: readonly string[]) =>
      columns.map((column) => `${column} = ${table}.${column} + EXCLUDED.${column}`).join(', ');
    const figures = ['views', 'clicks'];
    const productFigures = ['clicks', 'taps', 'views', 'app_opens', 'web_opens'];
    await manager.query(
      `INSERT INTO analytics.shop_daily
         (shop_id, day, views, clicks, unique_visitors, bot_events, owner_events, taps, product_views,
          dimensions)
       SELECT * FROM fold_shop_days ORDER BY 1, 2
       ON CONFLICT (shop_id, day) DO UPDATE SET
         ${added('shop_daily', ['views', 'product_views', 'clicks', 'taps', 'unique_visitors', 'bot_events', 'owner_events'])},
         dimensions = analytics.add_dimension_counts(shop_daily.dimensions, EXCLUDED.dimensions)`,
    );
    await manager.query(
      `INSERT INTO analytics.shop_monthly_dimensions (shop_id, month, dimension, key, views, clicks)
       SELECT * FROM fold_shop_months ORDER BY 1, 2, 3, 4
       ON CONFLICT (shop_id, month, dimension, key) DO UPDATE SET
         ${added('shop_monthly_dimensions', figures)}`,
    );
    // The shops whose figures changed: their reports read afresh (ReportsCache).
    await manager.query(
      `INSERT INTO analytics.shop_report_versions (shop_id)
       SELECT shop_id FROM fold_shop_days GROUP BY 1 ORDER BY 1
       ON CONFLICT (shop_id) DO UPDATE SET version = shop_report_versions.version + 1`,
    );
    await manager.query(
      `INSERT INTO analytics.product_daily
         (product_id, day, shop_id, clicks, taps, views, app_opens, web_opens, dimensions)
       SELECT * FROM fold_product_days ORDER BY 1, 2
       ON CONFLICT (product_id, day) DO UPDATE SET
         ${added('product_daily', productFigures)},
         dimensions = analytics.add_dimension_counts(product_daily.dimensions, EXCLUDED.dimensions)`,
    );
    await manager.query(
      `INSERT INTO analytics.product_monthly_dimensions (product_id, month, dimension, key, views, clicks, shop_id)
       SELECT * FROM fold_product_months ORDER BY 1, 2, 3, 4
       ON CONFLICT (product_id, month, dimension, key) DO UPDATE SET
         ${added('product_monthly_dimensions', figures)}`,
    );
    await manager.query(
      `INSERT INTO analytics.product_monthly (product_id, month, shop_id, clicks, taps, views, app_opens, web_opens)
       SELECT product_id, date_trunc('month', day)::date, min(shop_id::text)::uuid, sum(clicks),
              sum(taps), sum(views), sum(app_opens), sum(web_opens)
         FROM fold_product_days GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (product_id, month) DO UPDATE SET
         ${added('product_monthly', productFigures)}`,
    );
    // Products whose click total changed (a repeated tap changes none).
    await manager.query(
      `INSERT INTO analytics.click_total_outbox (product_id)
       SELECT product_id FROM fold_product_days WHERE clicks > 0 GROUP BY 1 ORDER BY 1
       ON CONFLICT (product_id) DO UPDATE SET version = click_total_outbox.version + 1`,
    );
  }

  /**
   * The batch's sums, in the session's tables (emptied at each commit): a shop's day with its
   * dimensions, a shop's month by dimension, a product's day with its dimensions, a product's
   * month by MONTHLY_PRODUCT_DIMENSIONS. The day's new visitors of each shop are counted as
   * they are added to daily_visitors (a visitor is someone who opened a page of the shop that
   * day; a click alone makes none). The dimensions of a day are merged into its one row (one
   * row per shop or product and day, however many dimensions).
   */
  private async sumBatch(manager: EntityManager): Promise<void> {
    const people = 'NOT b.bot AND NOT b.prefetch AND NOT b.owner';
    const click = "b.type = 'click'";
    // The rows a counted event adds to the dimensions (a repeated tap adds none).
    const dimensions = `CROSS JOIN LATERAL (VALUES
        ('store', CASE WHEN ${click} THEN coalesce(b.platform, $1) END),
        ('opens_in', CASE WHEN ${click} THEN coalesce(b.opens_in, $1) END),
        ('device', coalesce(b.device, $1)), ('browser', coalesce(b.browser, $1)),
        ('region', coalesce(b.region, $1)), ('referrer', coalesce(b.referrer, $2)),
        ('source', b.source)) AS d(dimension, key)
      WHERE ${people} AND NOT (${click} AND b.repeat) AND d.key IS NOT NULL`;
    const viewsAndClicks = `count(*) FILTER (WHERE NOT ${click})::int AS views,
        count(*) FILTER (WHERE ${click})::int AS clicks`;
    // The map as JSON text, parsed once: with jsonb_object_agg, these two statements took
    // 655–722 and 921–948 ms of a fold batch of 50,000 events, 547 and 738 with this.
    const asJson = `('{' || string_agg(
        to_json(dimension || '|' || key)::text || ':[' || views || ',' || clicks || ']', ','
      ) || '}')::jsonb`;
    await manager.query(
      `CREATE TEMP TABLE IF NOT EXISTS fold_shop_days (
         shop_id uuid NOT NULL, day date NOT NULL, views int NOT NULL, clicks int NOT NULL,
         unique_visitors int NOT NULL, bot_events int NOT NULL, owner_events int NOT NULL,
         taps int NOT NULL, product_views int NOT NULL, dimensions jsonb NOT NULL
       ) ON COMMIT DELETE ROWS;
       CREATE TEMP TABLE IF NOT EXISTS fold_shop_months (
         shop_id uuid NOT NULL, month date NOT NULL, dimension varchar NOT NULL,
         key varchar NOT NULL, views int NOT NULL, clicks int NOT NULL
       ) ON COMMIT DELETE ROWS;
       CREATE TEMP TABLE IF NOT EXISTS fold_product_days (
         product_id uuid NOT NULL, day date NOT NULL, shop_id uuid NOT NULL, clicks int NOT NULL,
         taps int NOT NULL, views int NOT NULL, app_opens int NOT NULL, web_opens int NOT NULL,
         dimensions jsonb NOT NULL
       ) ON COMMIT DELETE ROWS;
       CREATE TEMP TABLE IF NOT EXISTS fold_product_months (
         product_id uuid NOT NULL, month date NOT NULL, dimension varchar NOT NULL,
         key varchar NOT NULL, views int NOT NULL, clicks int NOT NULL, shop_id uuid NOT NULL
       ) ON COMMIT DELETE ROWS`,
    );
    await manager.query(
      `WITH added AS (
         INSERT INTO analytics.daily_visitors (shop_id, day, visitor)
         SELECT DISTINCT b.shop_id, b.day, b.visitor FROM fold_batch b
          WHERE ${people} AND NOT ${click} ORDER BY 1, 2, 3
         ON CONFLICT DO NOTHING
         RETURNING shop_id, day),
       uniques AS (SELECT shop_id, day, count(*)::int AS n FROM added GROUP BY 1, 2),
       dd AS MATERIALIZED (
         SELECT b.shop_id, b.day, d.dimension, d.key, ${viewsAndClicks}
           FROM fold_batch b ${dimensions}
          GROUP BY 1, 2, 3, 4),
       j AS (SELECT shop_id, day, ${asJson} AS dimensions FROM dd GROUP BY 1, 2),
       months AS (
         INSERT INTO fold_shop_months
         SELECT shop_id, date_trunc('month', day)::date, dimension, key, sum(views), sum(clicks)
           FROM dd GROUP BY 1, 2, 3, 4)
       INSERT INTO fold_shop_days
       SELECT s.shop_id, s.day, s.views, s.clicks, coalesce(u.n, 0), s.bot_events, s.owner_events,
              s.taps, s.product_views, coalesce(j.dimensions, '{}')
         FROM (SELECT b.shop_id, b.day,
                      count(*) FILTER (WHERE ${people} AND NOT ${click})::int AS views,
                      count(*) FILTER (WHERE ${people} AND ${click} AND NOT b.repeat)::int AS clicks,
                      count(*) FILTER (WHERE b.bot OR b.prefetch)::int AS bot_events,
                      count(*) FILTER (WHERE b.owner AND NOT b.bot AND NOT b.prefetch)::int AS owner_events,
                      count(*) FILTER (WHERE ${people} AND ${click})::int AS taps,
                      count(*) FILTER (WHERE ${people} AND NOT ${click} AND b.product_id IS NOT NULL)::int
                        AS product_views
                 FROM fold_batch b GROUP BY 1, 2) s
         LEFT JOIN uniques u ON u.shop_id = s.shop_id AND u.day = s.day
         LEFT JOIN j ON j.shop_id = s.shop_id AND j.day = s.day`,
      [UNKNOWN_KEY, DIRECT_REFERRER],
    );
    // A product's shop: the first of its events' (one and the same).
    await manager.query(
      `WITH dd AS MATERIALIZED (
         SELECT b.product_id, b.day, d.dimension, d.key, ${viewsAndClicks},
                min(b.shop_id::text)::uuid AS shop_id
           FROM fold_batch b ${dimensions} AND b.product_id IS NOT NULL
          GROUP BY 1, 2, 3, 4),
       j AS (SELECT product_id, day, ${asJson} AS dimensions FROM dd GROUP BY 1, 2),
       months AS (
         INSERT INTO fold_product_months
         SELECT product_id, date_trunc('month', day)::date, dimension, key, sum(views), sum(clicks),
                min(shop_id::text)::uuid
           FROM dd WHERE dimension = ANY($3::varchar[])
          GROUP BY 1, 2, 3, 4)
       INSERT INTO fold_product_days
       SELECT d.*, coalesce(j.dimensions, '{}')
         FROM (SELECT b.product_id, b.day, min(b.shop_id::text)::uuid AS shop_id,
                      count(*) FILTER (WHERE ${click} AND NOT b.repeat)::int AS clicks,
                      count(*) FILTER (WHERE ${click})::int AS taps,
                      count(*) FILTER (WHERE NOT ${click})::int AS views,
                      count(*) FILTER (WHERE ${click} AND NOT b.repeat AND b.opens_in = 'app')::int AS app_opens,
                      count(*) FILTER (WHERE ${click} AND NOT b.repeat AND b.opens_in = 'web')::int AS web_opens
                 FROM fold_batch b WHERE ${people} AND b.product_id IS NOT NULL
                GROUP BY 1, 2) d
         LEFT JOIN j USING (product_id, day)`,
      [UNKNOWN_KEY, DIRECT_REFERRER, MONTHLY_PRODUCT_DIMENSIONS],
    );
  }

  /** Products whose totals are owed to shop-service, with their totals as of now. */
  async owedTotals(limit: number) {
    return (await this.dataSource.query(
      `SELECT o.product_id AS "productId", o.version,
              (SELECT coalesce(sum(p.clicks), 0)::int FROM analytics.product_daily p
                WHERE p.product_id = o.product_id) AS clicks
         FROM analytics.click_total_outbox o
        ORDER BY o.product_id
        LIMIT $1`,
      [limit],
    )) as Array<{ productId: string; version: number; clicks: number }>;
  }

  /** Clears what was announced, unless a later fold marked the product again meanwhile. */
  async settleTotals(announced: Array<{ productId: string; version: number }>) {
    if (announced.length === 0) return;
    await this.dataSource.query(
      `DELETE FROM analytics.click_total_outbox o
        USING unnest($1::uuid[], $2::int[]) AS done(product_id, version)
        WHERE o.product_id = done.product_id AND o.version = done.version`,
      [columns(announced, 'productId'), columns(announced, 'version')],
    );
  }

  /** Deletes folded events (and visitor hashes) older than the retention; answers how many events. */
  async prune(retentionDays: number, chunk = 10_000): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = (await this.dataSource.query(
        `DELETE FROM analytics.events WHERE id IN (
           SELECT e.id FROM analytics.events e
            WHERE e.occurred_at < now() - make_interval(days => $1)
              AND ${NOT_QUEUED}
            LIMIT $2)
         RETURNING id`,
        [retentionDays, chunk],
      )) as [unknown[], number] | unknown[];
      const count = Array.isArray(deleted[0]) ? (deleted[0] as unknown[]).length : deleted.length;
      total += count;
      if (count < chunk) break;
    }
    await this.dataSource.query(
      `DELETE FROM analytics.daily_visitors WHERE day < current_date - $1::int`,
      [retentionDays],
    );
    return total;
  }
}
