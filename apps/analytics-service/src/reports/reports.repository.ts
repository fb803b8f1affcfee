import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DateRange } from './date-range';

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

  shopDimensions(shopId: string, range: DateRange): Promise<DimensionRow[]> {
    return this.dataSource.query(
      `SELECT dimension, key, sum(views)::int AS views, sum(clicks)::int AS clicks
         FROM analytics.shop_daily_dimensions
        WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date
        GROUP BY dimension, key`,
      [shopId, range.from, range.to],
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
   * most viewed; with its clicks that opened the store's app and its website.
   */
  productFigures(shopId: string, range: DateRange, limit?: number): Promise<ProductFiguresRow[]> {
    return this.dataSource.query(
      // One index-only scan of product_daily_shop_figures: the opens are summed by the fold.
      `SELECT p.product_id AS "productId", sum(p.views)::int AS views,
              sum(p.clicks)::int AS clicks, sum(p.taps)::int AS taps,
              sum(p.app_opens)::int AS "appOpens", sum(p.web_opens)::int AS "webOpens"
         FROM analytics.product_daily p
        WHERE p.shop_id = $1 AND p.day BETWEEN $2::date AND $3::date
        GROUP BY p.product_id
        HAVING sum(p.clicks) > 0 OR sum(p.views) > 0
        ORDER BY sum(p.clicks) DESC, sum(p.views) DESC, p.product_id
        LIMIT $4`,
      [shopId, range.from, range.to, limit ?? null],
    );
  }

  /** Clicks of each product of a shop in the range by the values of some dimensions. */
  productDimensionClicks(
    shopId: string,
    range: DateRange,
    dimensions: readonly string[],
  ): Promise<Array<{ productId: string; dimension: string; key: string; clicks: number }>> {
    return this.dataSource.query(
      `SELECT d.product_id AS "productId", d.dimension, d.key, sum(d.clicks)::int AS clicks
         FROM analytics.product_daily_dimensions d
         JOIN analytics.product_daily p ON p.product_id = d.product_id AND p.day = d.day
        WHERE p.shop_id = $1 AND d.day BETWEEN $2::date AND $3::date
          AND d.dimension = ANY($4::varchar[])
        GROUP BY d.product_id, d.dimension, d.key
        HAVING sum(d.clicks) > 0`,
      [shopId, range.from, range.to, dimensions],
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
