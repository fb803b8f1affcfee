import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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
}
