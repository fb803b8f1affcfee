import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** An image id inside an address, wherever it sits in it (path, variant, any host). */
const IMAGE_ID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';

/** Every image address shop-service keeps: shop photos, SEO images, product images. */
@Injectable()
export class ImageRefsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Which of `ids` (lower case) a shop or product names. One pass over both tables for the whole
   * batch: the sweep asks rarely and in batches, so no index is kept for it. The banners copy
   * on shops is media-service's own list and is not counted here.
   */
  async referenced(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT lower(m[1]) AS id
         FROM (SELECT concat_ws(' ', shop_photo_url, seo::text) AS refs FROM shop.shops
               UNION ALL
               SELECT concat_ws(' ', image_url, images::text) FROM shop.products) r
        CROSS JOIN LATERAL regexp_matches(r.refs, $2, 'g') AS m
        WHERE lower(m[1]) = ANY($1::text[])`,
      [ids, IMAGE_ID],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}
