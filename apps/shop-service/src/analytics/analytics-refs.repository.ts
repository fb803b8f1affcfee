import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProductRef, ShopRef } from '@kartlink/contracts';
import type { Pool, QueryConfig, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * The few facts analytics-service needs about shops and products. Asked with every report an
 * owner reads (their own shop, afresh): statements prepared once per connection (named), on
 * the service's pool, so PostgreSQL plans them once.
 */
@Injectable()
export class AnalyticsRefsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  shops(where: { shopUrls: string[]; ownerUserIds: string[] }): Promise<ShopRef[]> {
    if (where.shopUrls.length === 0 && where.ownerUserIds.length === 0) return Promise.resolve([]);
    return this.query<ShopRef>({
      name: 'analytics-refs-shops',
      text: `SELECT id AS "shopId", shop_url AS "shopUrl", user_id AS "ownerUserId"
               FROM shop.shops
              WHERE shop_url IS NOT NULL AND (shop_url = ANY($1::varchar[]) OR user_id = ANY($2::uuid[]))`,
      values: [where.shopUrls, where.ownerUserIds],
    });
  }

  products(productIds: string[]): Promise<ProductRef[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.query<ProductRef>({
      name: 'analytics-refs-products',
      text: `SELECT p.id AS "productId", p.shop_id AS "shopId", s.user_id AS "ownerUserId",
                    p.title, p.short_code AS "shortCode"
               FROM shop.products p JOIN shop.shops s ON s.id = p.shop_id
              WHERE p.id = ANY($1::uuid[])`,
      values: [productIds],
    });
  }

  private async query<T extends QueryResultRow>(statement: QueryConfig): Promise<T[]> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    return (await pool.query<T>(statement)).rows;
  }
}
