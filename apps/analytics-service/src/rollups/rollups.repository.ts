import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CLICK_REPEAT_WINDOW_MINUTES } from '@kartlink/contracts';
import {
  countable,
  type FoldedEvent,
  type Increments,
  MONTHLY_PRODUCT_DIMENSIONS,
  tapKey,
} from './fold';

/** The advisory lock space of the repeated-tap keys (the two-number form: apart from any other). */
const TAP_LOCK_SPACE = 0x74617073; // "taps"
const TAP_LOCK_BUCKETS = 1024;

const columns = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((row) => row[key]);

/** The rollup tables: folding events into them, and the click totals owed to shop-service. */
@Injectable()
export class RollupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Takes up to `limit` events nobody has folded and marks them folded, inside the caller's
   * transaction. Rows another fold holds are skipped (SKIP LOCKED), so concurrent folds never
   * take the same event, and an event committed late by the consumer is simply taken next time.
   */
  async takeUnfolded(
    manager: EntityManager,
    limit: number,
    timeZone: string,
  ): Promise<FoldedEvent[]> {
    const rows = (await manager.query(
      `UPDATE analytics.events e SET folded = true
         FROM (SELECT id FROM analytics.events WHERE folded = false
               ORDER BY received_at LIMIT $1 FOR UPDATE SKIP LOCKED) picked
        WHERE e.id = picked.id
       RETURNING e.id, e.type, e.shop_id AS "shopId", e.product_id AS "productId",
                 to_char(e.occurred_at AT TIME ZONE $2, 'YYYY-MM-DD') AS day,
                 e.device, e.browser, e.platform, e.region, e.referrer, e.visitor, e.bot, e.owner,
                 e.prefetch, (extract(epoch FROM e.occurred_at) * 1000)::float8 AS at,
                 e.source, e.opens_in AS "opensIn", e.repeat_tap AS repeat`,
      [limit, timeZone],
    )) as [FoldedEvent[], number] | FoldedEvent[];
    // TypeORM answers [rows, affected] for UPDATE … RETURNING on PostgreSQL.
    return (Array.isArray(rows[0]) ? rows[0] : rows) as FoldedEvent[];
  }

  /**
   * Times of the clicks already counted (folded, not repeats) that the batch's people clicks
   * could repeat: same visitor, product and store, within the window of one of them, by
   * tapKey. Locks each key's bucket first (until the transaction ends), so that two folds
   * holding taps of the same visitor take turns and the second sees what the first counted.
   */
  async countedClicksNear(
    manager: EntityManager,
    events: readonly FoldedEvent[],
  ): Promise<Map<string, number[]>> {
    const clicks = events.filter(countable);
    const counted = new Map<string, number[]>();
    if (clicks.length === 0) return counted;
    const keys = [...new Set(clicks.map(tapKey))];
    // A lock per bucket of keys (TAP_LOCK_BUCKETS at most, whatever the batch: one lock per key
    // ran out of PostgreSQL's lock table with large batches), taken in order.
    await manager.query(
      `SELECT pg_advisory_xact_lock(${TAP_LOCK_SPACE}, b) FROM (
         SELECT DISTINCT abs(hashtext(k) % ${TAP_LOCK_BUCKETS}) AS b FROM unnest($1::text[]) AS k
          ORDER BY b OFFSET 0) locks`,
      [keys],
    );
    const times = clicks.map((c) => c.at);
    // Served by the partial index events_counted_clicks: its WHERE is repeated here.
    const rows = (await manager.query(
      `SELECT e.id, e.product_id AS "productId", e.platform, e.visitor,
              (extract(epoch FROM e.occurred_at) * 1000)::float8 AS at
         FROM analytics.events e
         JOIN (SELECT DISTINCT * FROM unnest($1::varchar[], $2::uuid[]) AS k(visitor, product_id)) k
           ON e.visitor = k.visitor AND e.product_id = k.product_id
        WHERE e.type = 'click' AND e.folded AND NOT e.repeat_tap
          AND NOT e.bot AND NOT e.prefetch AND NOT e.owner
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
    // The batch itself is marked folded already: its taps are not yet counted clicks.
    const batch = new Set(events.map((e) => e.id));
    for (const row of rows) {
      if (batch.has(row.id)) continue;
      const key = tapKey(row);
      counted.set(key, [...(counted.get(key) ?? []), row.at]);
    }
    return counted;
  }

  /** Marks the batch's repeated taps as such, in the caller's transaction. */
  async markRepeats(manager: EntityManager, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE analytics.events SET repeat_tap = true WHERE id = ANY($1::uuid[])`,
      [ids],
    );
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

  /** Adds a batch's increments to the rollups, in the caller's transaction. */
  async apply(manager: EntityManager, inc: Increments): Promise<void> {
    const uniques = await this.newVisitors(manager, inc);
    const days = inc.shopDays;
    if (days.length > 0) {
      await manager.query(
        `INSERT INTO analytics.shop_daily
           (shop_id, day, views, clicks, unique_visitors, bot_events, owner_events, taps, product_views)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[])
         ON CONFLICT (shop_id, day) DO UPDATE SET
           views = shop_daily.views + EXCLUDED.views,
           product_views = shop_daily.product_views + EXCLUDED.product_views,
           clicks = shop_daily.clicks + EXCLUDED.clicks,
           taps = shop_daily.taps + EXCLUDED.taps,
           unique_visitors = shop_daily.unique_visitors + EXCLUDED.unique_visitors,
           bot_events = shop_daily.bot_events + EXCLUDED.bot_events,
           owner_events = shop_daily.owner_events + EXCLUDED.owner_events`,
        [
          columns(days, 'shopId'),
          columns(days, 'day'),
          columns(days, 'views'),
          columns(days, 'clicks'),
          days.map((d) => uniques.get(`${d.shopId}|${d.day}`) ?? 0),
          columns(days, 'botEvents'),
          columns(days, 'ownerEvents'),
          columns(days, 'taps'),
          columns(days, 'productViews'),
        ],
      );
    }
    if (days.length > 0) {
      // The shops whose figures changed: their reports read afresh (ReportsCache).
      await manager.query(
        `INSERT INTO analytics.shop_report_versions (shop_id)
         SELECT DISTINCT unnest($1::uuid[]) ORDER BY 1
         ON CONFLICT (shop_id) DO UPDATE SET version = shop_report_versions.version + 1`,
        [columns(days, 'shopId')],
      );
    }
    // Each daily table and its monthly sums in one statement: the month rows take the batch's
    // increments summed by month, in key order (concurrent folds lock rows in the same order).
    const dims = inc.shopDimensions;
    if (dims.length > 0) {
      await manager.query(
        `WITH d AS (
           SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[], $4::varchar[], $5::int[], $6::int[])
             AS d(shop_id, day, dimension, key, views, clicks)),
         daily AS (
           INSERT INTO analytics.shop_daily_dimensions (shop_id, day, dimension, key, views, clicks)
           SELECT * FROM d
           ON CONFLICT (shop_id, day, dimension, key) DO UPDATE SET
             views = shop_daily_dimensions.views + EXCLUDED.views,
             clicks = shop_daily_dimensions.clicks + EXCLUDED.clicks)
         INSERT INTO analytics.shop_monthly_dimensions (shop_id, month, dimension, key, views, clicks)
         SELECT shop_id, date_trunc('month', day)::date, dimension, key, sum(views), sum(clicks)
           FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
         ON CONFLICT (shop_id, month, dimension, key) DO UPDATE SET
           views = shop_monthly_dimensions.views + EXCLUDED.views,
           clicks = shop_monthly_dimensions.clicks + EXCLUDED.clicks`,
        [
          columns(dims, 'shopId'),
          columns(dims, 'day'),
          columns(dims, 'dimension'),
          columns(dims, 'key'),
          columns(dims, 'views'),
          columns(dims, 'clicks'),
        ],
      );
    }
    const products = inc.productDays;
    if (products.length > 0) {
      await manager.query(
        `WITH d AS (
           SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[])
             AS d(product_id, day, shop_id, clicks, taps, views, app_opens, web_opens)),
         daily AS (
           INSERT INTO analytics.product_daily (product_id, day, shop_id, clicks, taps, views, app_opens, web_opens)
           SELECT * FROM d
           ON CONFLICT (product_id, day) DO UPDATE SET
             clicks = product_daily.clicks + EXCLUDED.clicks,
             taps = product_daily.taps + EXCLUDED.taps,
             views = product_daily.views + EXCLUDED.views,
             app_opens = product_daily.app_opens + EXCLUDED.app_opens,
             web_opens = product_daily.web_opens + EXCLUDED.web_opens)
         INSERT INTO analytics.product_monthly (product_id, month, shop_id, clicks, taps, views, app_opens, web_opens)
         SELECT product_id, date_trunc('month', day)::date, shop_id, sum(clicks), sum(taps), sum(views),
                sum(app_opens), sum(web_opens)
           FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2
         ON CONFLICT (product_id, month) DO UPDATE SET
           clicks = product_monthly.clicks + EXCLUDED.clicks,
           taps = product_monthly.taps + EXCLUDED.taps,
           views = product_monthly.views + EXCLUDED.views,
           app_opens = product_monthly.app_opens + EXCLUDED.app_opens,
           web_opens = product_monthly.web_opens + EXCLUDED.web_opens`,
        [
          columns(products, 'productId'),
          columns(products, 'day'),
          columns(products, 'shopId'),
          columns(products, 'clicks'),
          columns(products, 'taps'),
          columns(products, 'views'),
          columns(products, 'appOpens'),
          columns(products, 'webOpens'),
        ],
      );
    }
    const productDims = inc.productDimensions;
    if (productDims.length > 0) {
      await manager.query(
        `WITH d AS (
           SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[], $4::varchar[], $5::int[], $6::int[], $7::uuid[])
             AS d(product_id, day, dimension, key, clicks, views, shop_id)),
         daily AS (
           INSERT INTO analytics.product_daily_dimensions (product_id, day, dimension, key, clicks, views, shop_id)
           SELECT * FROM d
           ON CONFLICT (product_id, day, dimension, key) DO UPDATE SET
             clicks = product_daily_dimensions.clicks + EXCLUDED.clicks,
             views = product_daily_dimensions.views + EXCLUDED.views)
         INSERT INTO analytics.product_monthly_dimensions (product_id, month, dimension, key, clicks, views, shop_id)
         SELECT product_id, date_trunc('month', day)::date, dimension, key, sum(clicks), sum(views), shop_id
           FROM d WHERE dimension = ANY($8::varchar[])
          GROUP BY 1, 2, 3, 4, 7 ORDER BY 1, 2, 3, 4
         ON CONFLICT (product_id, month, dimension, key) DO UPDATE SET
           clicks = product_monthly_dimensions.clicks + EXCLUDED.clicks,
           views = product_monthly_dimensions.views + EXCLUDED.views`,
        [
          columns(productDims, 'productId'),
          columns(productDims, 'day'),
          columns(productDims, 'dimension'),
          columns(productDims, 'key'),
          columns(productDims, 'clicks'),
          columns(productDims, 'views'),
          columns(productDims, 'shopId'),
          MONTHLY_PRODUCT_DIMENSIONS,
        ],
      );
    }
    if (inc.productIds.length > 0) {
      await manager.query(
        `INSERT INTO analytics.click_total_outbox (product_id)
         SELECT unnest($1::uuid[])
         ON CONFLICT (product_id) DO UPDATE SET version = click_total_outbox.version + 1`,
        [inc.productIds],
      );
    }
  }

  /** Records the batch's visitors; answers how many were new per shop and day. */
  private async newVisitors(manager: EntityManager, inc: Increments): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (inc.visitors.length === 0) return counts;
    const added = (await manager.query(
      `INSERT INTO analytics.daily_visitors (shop_id, day, visitor)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[])
       ON CONFLICT DO NOTHING
       RETURNING shop_id AS "shopId", to_char(day, 'YYYY-MM-DD') AS day`,
      [
        columns(inc.visitors, 'shopId'),
        columns(inc.visitors, 'day'),
        columns(inc.visitors, 'visitor'),
      ],
    )) as Array<{ shopId: string; day: string }>;
    for (const { shopId, day } of added) {
      const key = `${shopId}|${day}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
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
           SELECT id FROM analytics.events
            WHERE folded AND occurred_at < now() - make_interval(days => $1)
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
