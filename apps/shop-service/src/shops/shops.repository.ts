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
