import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { ProductEntity } from './product.entity';

@Injectable()
export class ProductsRepository {
  constructor(
    @InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>,
  ) {}

  /** Runs `work` while holding the shop's lock, so that counting and adding cannot interleave. */
  withShopLock<T>(shopId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.products.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `shop-products:${shopId}`,
      ]);
      return work(manager);
    });
  }

  count(shopId: string, manager?: EntityManager) {
    return (manager ?? this.products.manager).getRepository(ProductEntity).countBy({ shopId });
  }

  insert(values: Partial<ProductEntity>, manager: EntityManager) {
    const repo = manager.getRepository(ProductEntity);
    return repo.save(repo.create(values));
  }

  findInShop(shopId: string, id: string) {
    return this.products.findOneBy({ shopId, id });
  }

  findByCode(shopId: string, shortCode: string, manager?: EntityManager) {
    return (manager ?? this.products.manager)
      .getRepository(ProductEntity)
      .findOneBy({ shopId, shortCode });
  }

  /** Every product of a shop, oldest first (an export). */
  allInShop(shopId: string) {
    return this.products.find({ where: { shopId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Which of `codes` the shop uses. */
  async codesIn(shopId: string, codes: string[]): Promise<string[]> {
    const rows = await this.products.find({
      select: { shortCode: true },
      where: { shopId, shortCode: In(codes) },
    });
    return rows.map((row) => row.shortCode);
  }

  save(product: ProductEntity) {
    return this.products.save(product);
  }

  remove(product: ProductEntity) {
    return this.products.remove(product);
  }

  /**
   * Sets a product's click count to a total announced by analytics-service. Totals only grow,
   * so an older announcement arriving late changes nothing. Answers the shop owner's id when
   * the count changed.
   */
  async setClicks(productId: string, clicks: number): Promise<string | undefined> {
    const rows = (await this.products.query(
      `UPDATE shop.products p SET clicks = $2 FROM shop.shops s
        WHERE p.id = $1 AND p.clicks < $2 AND s.id = p.shop_id
        RETURNING s.user_id AS "userId"`,
      [productId, clicks],
    )) as [Array<{ userId: string }>, number];
    return rows[0]?.[0]?.userId;
  }
}
