import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { type FoldedEvent, type Increments } from './fold';

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
       RETURNING e.type, e.shop_id AS "shopId", e.product_id AS "productId",
                 to_char(e.occurred_at AT TIME ZONE $2, 'YYYY-MM-DD') AS day,
                 e.device, e.browser, e.platform, e.region, e.referrer, e.visitor, e.bot, e.owner`,
      [limit, timeZone],
    )) as [FoldedEvent[], number] | FoldedEvent[];
    // TypeORM answers [rows, affected] for UPDATE … RETURNING on PostgreSQL.
    return (Array.isArray(rows[0]) ? rows[0] : rows) as FoldedEvent[];
  }

  /** Adds a batch's increments to the rollups, in the caller's transaction. */
  async apply(manager: EntityManager, inc: Increments): Promise<void> {
    const uniques = await this.newVisitors(manager, inc);
    const days = inc.shopDays;
    if (days.length > 0) {
      await manager.query(
        `INSERT INTO analytics.shop_daily
           (shop_id, day, views, clicks, unique_visitors, bot_events, owner_events)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
         ON CONFLICT (shop_id, day) DO UPDATE SET
           views = shop_daily.views + EXCLUDED.views,
           clicks = shop_daily.clicks + EXCLUDED.clicks,
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
        ],
      );
    }
    const dims = inc.shopDimensions;
    if (dims.length > 0) {
      await manager.query(
        `INSERT INTO analytics.shop_daily_dimensions (shop_id, day, dimension, key, views, clicks)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[], $4::varchar[], $5::int[], $6::int[])
         ON CONFLICT (shop_id, day, dimension, key) DO UPDATE SET
           views = shop_daily_dimensions.views + EXCLUDED.views,
           clicks = shop_daily_dimensions.clicks + EXCLUDED.clicks`,
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
        `INSERT INTO analytics.product_daily (product_id, day, shop_id, clicks)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::int[])
         ON CONFLICT (product_id, day) DO UPDATE SET
           clicks = product_daily.clicks + EXCLUDED.clicks`,
        [
          columns(products, 'productId'),
          columns(products, 'day'),
          columns(products, 'shopId'),
          columns(products, 'clicks'),
        ],
      );
    }
    const productDims = inc.productDimensions;
    if (productDims.length > 0) {
      await manager.query(
        `INSERT INTO analytics.product_daily_dimensions (product_id, day, dimension, key, clicks)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[], $4::varchar[], $5::int[])
         ON CONFLICT (product_id, day, dimension, key) DO UPDATE SET
           clicks = product_daily_dimensions.clicks + EXCLUDED.clicks`,
        [
          columns(productDims, 'productId'),
          columns(productDims, 'day'),
          columns(productDims, 'dimension'),
          columns(productDims, 'key'),
          columns(productDims, 'clicks'),
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
