import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProductEntity } from '../products/product.entity';
import { ShopEntity } from '../shops/shop.entity';
import { WebhooksRepository } from '../webhooks/webhooks.repository';

/** The rows of one owner, read whole for the export and deleted whole for a deletion. */
@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findShop(userId: string) {
    return this.dataSource.getRepository(ShopEntity).findOneBy({ userId });
  }

  /** Every product of a shop, oldest first (the order they were added in). */
  products(shopId: string) {
    return this.dataSource
      .getRepository(ProductEntity)
      .find({ where: { shopId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Deletes the owner's shop and its products in one transaction; answers what was there (the
   * shop's URL for its caches, and the counts), or nothing when it was gone already.
   */
  async deleteOwner(
    userId: string,
  ): Promise<{ shopUrl: string | null; shops: number; products: number } | null> {
    return this.dataSource.transaction(async (manager) => {
      await WebhooksRepository.deleteOwner(manager, userId);
      const shop = await manager
        .getRepository(ShopEntity)
        .findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
      if (!shop) return null;
      const products = await manager.delete(ProductEntity, { shopId: shop.id });
      await manager.delete(ShopEntity, { id: shop.id });
      return { shopUrl: shop.shopUrl, shops: 1, products: products.affected ?? 0 };
    });
  }
}
