import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnalyticsExport, RemovedCounts } from '@kartlink/contracts';
import type { DataSource } from 'typeorm';

/** Tables keyed by the shop alone (the events and the click totals are deleted before them). */
const SHOP_TABLES = [
  'shop_daily',
  'shop_monthly_dimensions',
  'daily_visitors',
  'product_daily',
  'product_monthly',
  'product_monthly_dimensions',
  'shop_report_versions',
] as const;

/** A shop's figures as a whole: read for the account export, deleted with the account. */
@Injectable()
export class AnalyticsAccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async export(shopId: string): Promise<AnalyticsExport> {
    const [shopDaily, productMonthly] = await Promise.all([
      this.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, views, product_views AS "productViews",
                clicks, taps, unique_visitors AS "uniqueVisitors"
           FROM analytics.shop_daily WHERE shop_id = $1 ORDER BY day`,
        [shopId],
      ) as Promise<AnalyticsExport['shopDaily']>,
      this.dataSource.query(
        `SELECT product_id AS "productId", to_char(month, 'YYYY-MM') AS month, views, clicks,
                taps, app_opens AS "appOpens", web_opens AS "webOpens"
           FROM analytics.product_monthly WHERE shop_id = $1 ORDER BY month, product_id`,
        [shopId],
      ) as Promise<AnalyticsExport['productMonthly']>,
    ]);
    return { shopDaily, productMonthly };
  }

  /**
   * Deletes every event and rollup of the shop in one transaction. The events go first: a fold
   * holding some of them (FOR UPDATE) commits before they can be deleted, so its rollups and
   * click totals are there to be deleted next; a later fold finds no event of the shop.
   */
  deleteShop(shopId: string): Promise<RemovedCounts> {
    return this.dataSource.transaction(async (manager) => {
      const gone = (await manager.query(
        `WITH gone AS (DELETE FROM analytics.events WHERE shop_id = $1 RETURNING product_id)
         SELECT count(*)::int AS events,
                coalesce(array_agg(DISTINCT product_id) FILTER (WHERE product_id IS NOT NULL),
                         '{}') AS products
           FROM gone`,
        [shopId],
      )) as Array<{ events: number; products: string[] }>;
      const products = `(SELECT product_id FROM analytics.product_daily WHERE shop_id = $1
                         UNION SELECT product_id FROM analytics.product_monthly WHERE shop_id = $1
                         UNION SELECT unnest($2::uuid[]))`;
      const ids = gone[0]?.products ?? [];
      await manager.query(
        `DELETE FROM analytics.click_total_outbox WHERE product_id IN ${products}`,
        [shopId, ids],
      );
      let rollups = 0;
      for (const table of SHOP_TABLES) {
        const [, affected] = (await manager.query(
          `DELETE FROM analytics.${table} WHERE shop_id = $1`,
          [shopId],
        )) as [unknown, number];
        rollups += affected;
      }
      return { events: gone[0]?.events ?? 0, rollups };
    });
  }
}
