import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, QueryConfig, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { ProductEntity } from './product.entity';

/** What a visitor's answer is made of (product.mapper.ts toPublicProduct). */
export type PublicProductRow = Pick<
  ProductEntity,
  | 'id'
  | 'shortCode'
  | 'title'
  | 'description'
  | 'price'
  | 'priceReadAt'
  | 'brand'
  | 'imageUrl'
  | 'images'
  | 'storeUrls'
  | 'showOnShop'
  | 'defaultStore'
  | 'createdAt'
>;

/** A product's window on the shop and what its page does past the end. */
export type ScheduleRow = Pick<ProductEntity, 'startsAt' | 'endsAt' | 'afterEnd' | 'endedMessage'> &
  Partial<Pick<ProductEntity, 'hiddenAt'>>;

/** What the owner's answer is made of (toProduct). */
export type ProductRow = PublicProductRow &
  ScheduleRow &
  Pick<ProductEntity, 'clicks' | 'affiliateTags'> &
  Partial<Pick<ProductEntity, 'hiddenReason'>>;

const PUBLIC_COLUMNS = `p.id, p.short_code AS "shortCode", p.title, p.description, p.price,
  p.price_read_at AS "priceReadAt", p.brand,
  p.image_url AS "imageUrl", p.images, p.store_urls AS "storeUrls", p.show_on_shop AS "showOnShop",
  p.default_store AS "defaultStore", p.created_at AS "createdAt"`;
const SCHEDULE_COLUMNS = `p.starts_at AS "startsAt", p.ends_at AS "endsAt",
  p.after_end AS "afterEnd", p.ended_message AS "endedMessage", p.hidden_at AS "hiddenAt"`;
const OWNER_COLUMNS = `${PUBLIC_COLUMNS}, ${SCHEDULE_COLUMNS}, p.clicks,
  p.affiliate_tags AS "affiliateTags", p.hidden_reason AS "hiddenReason"`;

/** Shown now: past its start (if any) and before its end (if any), and not hidden by an admin. */
const LIVE = `(p.starts_at IS NULL OR p.starts_at <= now()) AND (p.ends_at IS NULL OR p.ends_at > now()) AND p.hidden_at IS NULL`;

/** Newest first; the order of products_shop_newest (shop_id, created_at DESC, id DESC). */
const NEWEST = 'ORDER BY p.created_at DESC, p.id DESC';

/** ILIKE on title, brand and short code, served by the trigram index products_search_trgm. */
const MATCHES = (alias: string, param: string) =>
  `(${alias}.title ILIKE ${param} OR ${alias}.brand ILIKE ${param} OR ${alias}.short_code ILIKE ${param})`;

/** The owner's page: the shop, how many match (kept by the products' triggers, migration
 * ShopProductCount: no count per page), and the page's rows (none past the end). */
const OWNER_PAGE = `
  SELECT s.shop_url AS "shopUrl", s.product_count AS total, ${OWNER_COLUMNS}
    FROM shop.shops s
    LEFT JOIN LATERAL (
         SELECT i.id FROM shop.products i WHERE i.shop_id = s.id
          ORDER BY i.created_at DESC, i.id DESC OFFSET $2 LIMIT $3) ids ON true
    LEFT JOIN shop.products p ON p.id = ids.id
   WHERE s.user_id = $1
   ${NEWEST}`;

/**
 * A search of the owner's products ($1: the shop's id, known when it is planned): how many
 * match, and the page's rows. Planned for the shop's own id (not joined from the owner's row),
 * the page is an ordered scan of products_shop_newest that stops at the page's end (~1 ms for a
 * common word in 10,000 products, 8 ms when planned for an unknown shop).
 */
const SEARCH_PAGE = `
  SELECT t.total, ${OWNER_COLUMNS}
    FROM (SELECT count(*)::int AS total FROM shop.products c
           WHERE c.shop_id = $1 AND ${MATCHES('c', '$4')}) t
    LEFT JOIN LATERAL (
         SELECT i.id FROM shop.products i WHERE i.shop_id = $1 AND ${MATCHES('i', '$4')}
          ORDER BY i.created_at DESC, i.id DESC OFFSET $2 LIMIT $3) ids ON true
    LEFT JOIN shop.products p ON p.id = ids.id
   ${NEWEST}`;

/**
 * The hot reads of products, in plain SQL on the service's pool: one round trip each (but a
 * search of the owner's), only the columns the answers need, no entity objects. Statements without a search are prepared once
 * per connection (named), so PostgreSQL plans them once.
 */
@Injectable()
export class ProductReads {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A page of the owner's products, newest first, with how many match, in one query (a search:
   * two, the shop's id first); null when the owner has no shop (or one without a URL yet). The
   * page's ids come from the index alone (index-only scan of products_shop_newest): a deep page
   * skips index entries, not rows.
   */
  async ownerPage(
    userId: string,
    options: { offset: number; limit: number; search?: string },
  ): Promise<{ shopUrl: string; total: number; rows: ProductRow[] } | null> {
    if (!options.search) {
      const found = await this.query<ProductRow & { shopUrl: string | null; total: number }>({
        name: 'shop-owner-page',
        text: OWNER_PAGE,
        values: [userId, options.offset, options.limit],
      });
      const first = found[0];
      if (!first?.shopUrl) return null;
      return { shopUrl: first.shopUrl, total: first.total, rows: first.id === null ? [] : found };
    }
    const [shop] = await this.query<{ id: string; shopUrl: string | null }>({
      name: 'shop-owner-shop',
      text: 'SELECT id, shop_url AS "shopUrl" FROM shop.shops WHERE user_id = $1',
      values: [userId],
    });
    if (!shop?.shopUrl) return null;
    const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Not prepared: planned for this shop and this pattern (the trigram index needs the pattern).
    const found = await this.query<ProductRow & { total: number }>({
      text: SEARCH_PAGE,
      values: [shop.id, options.offset, options.limit, like],
    });
    const first = found[0]!;
    return { shopUrl: shop.shopUrl, total: first.total, rows: first.id === null ? [] : found };
  }

  /**
   * A product of a shop by the shop's URL and its code, in one query; null when either is
   * unknown. Whether the shop is public is the caller's to check (ShopsService.publicShop).
   */
  async publicProduct(
    shopUrl: string,
    shortCode: string,
  ): Promise<(PublicProductRow & ScheduleRow) | null> {
    const [row] = await this.query<PublicProductRow & ScheduleRow>({
      name: 'shop-public-product',
      text: `SELECT ${PUBLIC_COLUMNS}, ${SCHEDULE_COLUMNS} FROM shop.shops s
               JOIN shop.products p ON p.shop_id = s.id AND p.short_code = $2
              WHERE s.shop_url = $1`,
      values: [shopUrl, shortCode],
    });
    return row ?? null;
  }

  /** Every product a shop shows, newest first. */
  shownOnShop(shopUrl: string): Promise<PublicProductRow[]> {
    return this.query<PublicProductRow>({
      name: 'shop-public-products',
      text: `SELECT ${PUBLIC_COLUMNS} FROM shop.shops s
               JOIN shop.products p ON p.shop_id = s.id AND p.show_on_shop AND ${LIVE}
              WHERE s.shop_url = $1 ${NEWEST}`,
      values: [shopUrl],
    });
  }

  /**
   * The next start or end of a product the shop shows, or null: the shop's list changes then,
   * so a kept copy of it must not outlive it.
   */
  async nextBoundary(shopUrl: string): Promise<Date | null> {
    const [row] = await this.query<{ next: Date | null }>({
      name: 'shop-next-boundary',
      text: `SELECT least(min(p.starts_at) FILTER (WHERE p.starts_at > now()),
                          min(p.ends_at) FILTER (WHERE p.ends_at > now())) AS next
               FROM shop.shops s
               JOIN shop.products p ON p.shop_id = s.id AND p.show_on_shop
              WHERE s.shop_url = $1 AND (p.starts_at > now() OR p.ends_at > now())`,
      values: [shopUrl],
    });
    return row?.next ?? null;
  }

  /**
   * The products whose start or end passed in (since, now], by shop, and the database's now
   * (the next call's `since`): their shops' cached reads changed when the boundary passed.
   */
  async boundariesPassed(
    since: Date | null,
  ): Promise<{ now: Date; passed: Array<{ shopUrl: string; shortCode: string }> }> {
    const rows = await this.query<{ now: Date; shopUrl: string | null; shortCode: string | null }>({
      name: 'shop-boundaries-passed',
      text: `WITH t AS (SELECT now() AS now, coalesce($1::timestamptz, now() - interval '1 minute') AS since)
               SELECT t.now, s.shop_url AS "shopUrl", p.short_code AS "shortCode"
                 FROM t
                 LEFT JOIN shop.products p
                   ON (p.starts_at > t.since AND p.starts_at <= t.now)
                   OR (p.ends_at > t.since AND p.ends_at <= t.now)
                 LEFT JOIN shop.shops s ON s.id = p.shop_id`,
      values: [since],
    });
    return {
      now: rows[0]!.now,
      passed: rows.flatMap((row) =>
        row.shopUrl && row.shortCode ? [{ shopUrl: row.shopUrl, shortCode: row.shortCode }] : [],
      ),
    };
  }

  /**
   * At most `limit` products a shop shows, newest first, after the product `after` (an id of
   * the shop's, shown or not) when given. A cursor that names no product of the shop (deleted
   * since) gives an empty page. Keyset paging on products_shop_newest: any page costs the same.
   */
  shownPage(shopUrl: string, limit: number, after?: string): Promise<PublicProductRow[]> {
    // The page inside a LATERAL join, so that it is planned for one shop of unknown size: an
    // ordered scan of products_shop_newest that stops at the limit. Joined to the shop by
    // URL, a 10,000-product shop was planned as an average one: all its rows read and sorted.
    if (!after)
      return this.query<PublicProductRow>({
        name: 'shop-public-products-first',
        text: `SELECT p.* FROM shop.shops s CROSS JOIN LATERAL (
                 SELECT ${PUBLIC_COLUMNS} FROM shop.products p
                  WHERE p.shop_id = s.id AND p.show_on_shop AND ${LIVE} ${NEWEST} LIMIT $2) p
                WHERE s.shop_url = $1
                ORDER BY p."createdAt" DESC, p.id DESC`,
        values: [shopUrl, limit],
      });
    return this.query<PublicProductRow>({
      name: 'shop-public-products-after',
      text: `SELECT p.* FROM shop.shops s
               JOIN shop.products a ON a.shop_id = s.id AND a.id = $3
              CROSS JOIN LATERAL (
                SELECT ${PUBLIC_COLUMNS} FROM shop.products p
                 WHERE p.shop_id = s.id AND p.show_on_shop AND ${LIVE}
                   AND (p.created_at, p.id) < (a.created_at, a.id) ${NEWEST} LIMIT $2) p
              WHERE s.shop_url = $1
              ORDER BY p."createdAt" DESC, p.id DESC`,
      values: [shopUrl, limit, after],
    });
  }

  /** How many products a shop shows. */
  async shownCount(shopUrl: string): Promise<number> {
    const [row] = await this.query<{ count: number }>({
      name: 'shop-public-count',
      text: `SELECT count(*)::int AS count FROM shop.shops s
               JOIN shop.products p ON p.shop_id = s.id AND p.show_on_shop AND ${LIVE}
              WHERE s.shop_url = $1`,
      values: [shopUrl],
    });
    return row?.count ?? 0;
  }

  /** The sitemap's part of a shop: at most `limit` products it shows, newest first. */
  sitemapPages(
    shopId: string,
    limit: number,
  ): Promise<Array<{ shortCode: string; updatedAt: Date }>> {
    return this.query({
      name: 'shop-sitemap-products',
      // A product that came on at its start changed then, whenever it was last saved.
      text: `SELECT p.short_code AS "shortCode",
                    greatest(p.updated_at, p.starts_at) AS "updatedAt" FROM shop.products p
              WHERE p.shop_id = $1 AND p.show_on_shop AND ${LIVE} ${NEWEST} LIMIT $2`,
      values: [shopId, limit],
    });
  }

  private async query<T extends QueryResultRow>(statement: QueryConfig): Promise<T[]> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    return (await pool.query<T>(statement)).rows;
  }
}
