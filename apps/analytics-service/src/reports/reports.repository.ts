import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DateRange } from './date-range';

export interface ShopTotalsRow {
  views: number;
  clicks: number;
  uniqueVisitors: number;
  botEvents: number;
  ownerEvents: number;
}
export interface DayRow {
  date: string;
  views: number;
  clicks: number;
  uniqueVisitors: number;
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
              coalesce(sum(unique_visitors), 0)::int AS "uniqueVisitors",
              coalesce(sum(bot_events), 0)::int AS "botEvents",
              coalesce(sum(owner_events), 0)::int AS "ownerEvents"
         FROM analytics.shop_daily
        WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [shopId, range.from, range.to],
    )) as ShopTotalsRow[];
    return row;
  }

  shopDays(shopId: string, range: DateRange): Promise<DayRow[]> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, views, clicks, unique_visitors AS "uniqueVisitors"
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

  /** Clicks per product of a shop in the range, most first. */
  productClicks(
    shopId: string,
    range: DateRange,
    limit?: number,
  ): Promise<Array<{ productId: string; clicks: number }>> {
    return this.dataSource.query(
      `SELECT product_id AS "productId", sum(clicks)::int AS clicks
         FROM analytics.product_daily
        WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date
        GROUP BY product_id
        HAVING sum(clicks) > 0
        ORDER BY sum(clicks) DESC, product_id
        LIMIT $4`,
      [shopId, range.from, range.to, limit ?? null],
    );
  }

  productDays(
    productId: string,
    range: DateRange,
  ): Promise<Array<{ date: string; clicks: number }>> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, clicks
         FROM analytics.product_daily
        WHERE product_id = $1 AND day BETWEEN $2::date AND $3::date
        ORDER BY day`,
      [productId, range.from, range.to],
    );
  }

  productDimensions(productId: string, range: DateRange): Promise<DimensionRow[]> {
    return this.dataSource.query(
      `SELECT dimension, key, 0 AS views, sum(clicks)::int AS clicks
         FROM analytics.product_daily_dimensions
        WHERE product_id = $1 AND day BETWEEN $2::date AND $3::date
        GROUP BY dimension, key`,
      [productId, range.from, range.to],
    );
  }
}
