import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { BannerList } from '@kartlink/contracts';
import type { Repository } from 'typeorm';
import { ShopEntity } from './shop.entity';
import { NO_STEPS_DONE } from './shop.mapper';

@Injectable()
export class ShopsRepository {
  constructor(@InjectRepository(ShopEntity) private readonly shops: Repository<ShopEntity>) {}

  findByOwner(userId: string) {
    return this.shops.findOneBy({ userId });
  }

  findByUrl(shopUrl: string) {
    return this.shops.findOneBy({ shopUrl });
  }

  /** A new shop, not yet saved, with every step still to do. */
  create(userId: string) {
    return this.shops.create({
      userId,
      setupSteps: { ...NO_STEPS_DONE },
      socialMedia: {},
      seo: {},
    });
  }

  /** Public shops by URL, each with the last change of it or of a product it shows. */
  async sitemap(limit: number): Promise<Array<{ shopUrl: string; updatedAt: Date }>> {
    const rows: Array<{ shop_url: string; updated_at: Date }> = await this.shops.query(
      // A scheduled product's start or end that passed changed the shop's pages then.
      `SELECT s.shop_url, GREATEST(s.updated_at, MAX(p.updated_at),
                MAX(p.starts_at) FILTER (WHERE p.starts_at <= now()),
                MAX(p.ends_at) FILTER (WHERE p.ends_at <= now())) AS updated_at
         FROM shop.shops s
         LEFT JOIN shop.products p ON p.shop_id = s.id AND p.show_on_shop AND p.hidden_at IS NULL
        WHERE s.is_shop_public AND s.shop_url IS NOT NULL AND s.shop_name IS NOT NULL
          AND s.hidden_at IS NULL AND s.owner_disabled_at IS NULL
          -- A shop served at its custom domain is listed in that domain's own sitemap.
          AND s.custom_domain IS NULL
        GROUP BY s.id
        ORDER BY s.shop_url
        LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ shopUrl: row.shop_url, updatedAt: row.updated_at }));
  }

  save(shop: ShopEntity) {
    return this.shops.save(shop);
  }

  /**
   * Sets the owner's banners from an announcement newer than the one applied; answers the
   * shop's URL when it changed something, else null.
   */
  async setBanners(userId: string, banners: BannerList, version: number): Promise<string | null> {
    const rows = await this.shops.query(
      `UPDATE shop.shops SET banners = $2, banners_version = $3
        WHERE user_id = $1 AND banners_version < $3
        RETURNING shop_url AS "shopUrl"`,
      [userId, JSON.stringify(banners), version],
    );
    // TypeORM answers an UPDATE ... RETURNING as [rows, count].
    const [changed] = (rows as [Array<{ shopUrl: string | null }>, number])[0] ?? [];
    return changed?.shopUrl ?? null;
  }
}
