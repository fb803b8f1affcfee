import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { MONTHLY_PRODUCT_DIMENSIONS } from '../rollups/fold';
import type { DateRange, MonthPlan } from './date-range';

export interface ShopTotalsRow {
  views: number;
  productViews: number;
  clicks: number;
  taps: number;
  uniqueVisitors: number;
  botEvents: number;
  ownerEvents: number;
}
export interface DayRow {
  date: string;
  views: number;
  clicks: number;
  uniqueVisitors: number;
  taps: number;
}
/** One day's clicks of one value of a dimension. */
export interface DimensionDayRow {
  date: string;
  dimension: string;
  key: string;
  clicks: number;
}
/** A product's figures over a range. */
export interface ProductFiguresRow {
  productId: string;
  views: number;
  clicks: number;
  taps: number;
  appOpens: number;
  webOpens: number;
}
export interface DimensionRow {
  dimension: string;
  key: string;
  views: number;
  clicks: number;
}

/** Reads of the rollups only: the raw events are never scanned to answer the owner. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The shop's report version: raised by each fold that changes its rollups (0: none yet).
   * Asked with every report read: a statement prepared once per connection (named), on the
   * service's pool, so PostgreSQL plans it once.
   */
  async version(shopId: string): Promise<string> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const { rows } = await pool.query<{ version: string }>({
      name: 'analytics-report-version',
      text: 'SELECT version FROM analytics.shop_report_versions WHERE shop_id = $1',
      values: [shopId],
    });
    return rows[0]?.version ?? '0';
  }

  async shopTotals(shopId: string, range: DateRange): Promise<ShopTotalsRow> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(clicks), 0)::int AS clicks,
              coalesce(sum(taps), 0)::int AS taps,
              coalesce(sum(unique_visitors), 0)::int AS "uniqueVisitors",
              coalesce(sum(bot_events), 0)::int AS "botEvents",
              coalesce(sum(owner_events), 0)::int AS "ownerEvents",
              coalesce(sum(product_views), 0)::int AS "productViews"
         FROM analytics.shop_daily
        WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [shopId, range.from, range.to],
    )) as ShopTotalsRow[];
    return row;
  }

  shopDays(shopId: string, range: DateRange): Promise<DayRow[]> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, views, clicks, taps,
              unique_visitors AS "uniqueVisitors"
         FROM analytics.shop_daily
        WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date
        ORDER BY day`,
      [shopId, range.from, range.to],
    );
  }

  /** Views and clicks by dimension value: whole months from the monthly rows (monthPlan). */
  shopDimensions(shopId: string, plan: MonthPlan): Promise<DimensionRow[]> {
    return this.dataSource.query(
      // Every daily row counts a view or a click: a value with nothing in the range is left out.
      `SELECT dimension, key, sum(views)::int AS views, sum(clicks)::int AS clicks
         FROM (SELECT dimension, key, views, clicks FROM analytics.shop_monthly_dimensions
                WHERE shop_id = $1 AND month = ANY($2::date[])
               UNION ALL
               SELECT dimension, key, views, clicks FROM analytics.shop_daily_dimensions
                WHERE shop_id = $1 AND day = ANY($3::date[])
               UNION ALL
               SELECT dimension, key, -views, -clicks FROM analytics.shop_daily_dimensions
                WHERE shop_id = $1 AND day = ANY($4::date[])) f
        GROUP BY dimension, key
        HAVING sum(views) > 0 OR sum(clicks) > 0`,
      [shopId, plan.months, plan.plusDays, plan.minusDays],
    );
  }

  /** Clicks of each day by the values of some dimensions (the CSV's columns). */
  shopDimensionDays(
    shopId: string,
    range: DateRange,
    dimensions: readonly string[],
  ): Promise<DimensionDayRow[]> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, dimension, key, clicks
         FROM analytics.shop_daily_dimensions
        WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date
          AND dimension = ANY($4::varchar[]) AND clicks > 0`,
      [shopId, range.from, range.to, dimensions],
    );
  }

  /**
   * Each product of a shop with page views or clicks in the range, most clicked first, then
   * most viewed; with its clicks that opened the store's app and its website. Whole months are
   * read from product_monthly, the edge days from product_daily (monthPlan): index-only scans
   * of their (shop_id, month|day) covering indexes, no join.
   */
  productFigures(shopId: string, plan: MonthPlan, limit?: number): Promise<ProductFiguresRow[]> {
    return this.dataSource.query(
      `SELECT product_id AS "productId", sum(views)::int AS views,
              sum(clicks)::int AS clicks, sum(taps)::int AS taps,
              sum(app_opens)::int AS "appOpens", sum(web_opens)::int AS "webOpens"
         FROM (SELECT product_id, views, clicks, taps, app_opens, web_opens
                 FROM analytics.product_monthly WHERE shop_id = $1 AND month = ANY($2::date[])
               UNION ALL
               SELECT product_id, views, clicks, taps, app_opens, web_opens
                 FROM analytics.product_daily WHERE shop_id = $1 AND day = ANY($3::date[])
               UNION ALL
               SELECT product_id, -views, -clicks, -taps, -app_opens, -web_opens
                 FROM analytics.product_daily WHERE shop_id = $1 AND day = ANY($4::date[])) f
        GROUP BY product_id
        HAVING sum(clicks) > 0 OR sum(views) > 0
        ORDER BY sum(clicks) DESC, sum(views) DESC, product_id
        LIMIT $5`,
      [shopId, plan.months, plan.plusDays, plan.minusDays, limit ?? null],
    );
  }

  /**
   * Clicks of each product of a shop in the range by the values of some dimensions, of those
   * kept by month (MONTHLY_PRODUCT_DIMENSIONS).
   */
  productDimensionClicks(
    shopId: string,
    plan: MonthPlan,
    dimensions: readonly (typeof MONTHLY_PRODUCT_DIMENSIONS)[number][],
  ): Promise<Array<{ productId: string; dimension: string; key: string; clicks: number }>> {
    return this.dataSource.query(
      // Whole months: an index-only scan of (shop_id, month, dimension) INCLUDE (product_id,
      // key, clicks); the edge days: the shop's product_daily rows by (shop_id, day), their
      // dimensions unfolded by the view.
      `SELECT product_id AS "productId", dimension, key, sum(clicks)::int AS clicks
         FROM (SELECT product_id, dimension, key, clicks FROM analytics.product_monthly_dimensions
                WHERE shop_id = $1 AND month = ANY($2::date[]) AND dimension = ANY($5::varchar[])
               UNION ALL
               SELECT product_id, dimension, key, clicks FROM analytics.product_daily_dimensions
                WHERE shop_id = $1 AND day = ANY($3::date[]) AND dimension = ANY($5::varchar[])
               UNION ALL
               SELECT product_id, dimension, key, -clicks FROM analytics.product_daily_dimensions
                WHERE shop_id = $1 AND day = ANY($4::date[]) AND dimension = ANY($5::varchar[])) f
        GROUP BY product_id, dimension, key
        HAVING sum(clicks) > 0`,
      [shopId, plan.months, plan.plusDays, plan.minusDays, dimensions],
    );
  }

  productDays(
    productId: string,
    range: DateRange,
  ): Promise<Array<{ date: string; views: number; clicks: number; taps: number }>> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, views, clicks, taps
         FROM analytics.product_daily
        WHERE product_id = $1 AND day BETWEEN $2::date AND $3::date
        ORDER BY day`,
      [productId, range.from, range.to],
    );
  }

  productDimensions(productId: string, range: DateRange): Promise<DimensionRow[]> {
    return this.dataSource.query(
      `SELECT dimension, key, sum(views)::int AS views, sum(clicks)::int AS clicks
         FROM analytics.product_daily_dimensions
        WHERE product_id = $1 AND day BETWEEN $2::date AND $3::date
        GROUP BY dimension, key`,
      [productId, range.from, range.to],
    );
  }
}
