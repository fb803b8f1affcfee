import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, In, type Repository } from 'typeorm';
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

  findByCode(shopId: string, shortCode: string) {
    return this.products.findOneBy({ shopId, shortCode });
  }

  save(product: ProductEntity) {
    return this.products.save(product);
  }

  remove(product: ProductEntity) {
    return this.products.remove(product);
  }

  /**
   * A page of the owner's products, newest first, and how many match. The page's ids come first
   * from the index alone (products_shop_newest, index-only): a deep page of a large shop skips
   * index entries, not rows; then only the page's rows are read.
   */
  async page(
    shopId: string,
    options: { offset: number; limit: number; search?: string },
  ): Promise<[ProductEntity[], number]> {
    const query = this.products.createQueryBuilder('p').where('p.shop_id = :shopId', { shopId });
    if (options.search) {
      // Served by the trigram index products_search_trgm.
      const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere(
        new Brackets((q) =>
          q
            .where('p.title ILIKE :like', { like })
            .orWhere('p.brand ILIKE :like')
            .orWhere('p.short_code ILIKE :like'),
        ),
      );
    }
    const [ids, total] = await Promise.all([
      query
        .clone()
        .select('p.id', 'id')
        .orderBy('p.created_at', 'DESC')
        .addOrderBy('p.id', 'DESC')
        .offset(options.offset)
        .limit(options.limit)
        .getRawMany<{ id: string }>(),
      query.getCount(),
    ]);
    if (ids.length === 0) return [[], total];
    const rows = new Map(
      (await this.products.findBy({ id: In(ids.map((row) => row.id)) })).map((row) => [
        row.id,
        row,
      ]),
    );
    return [ids.map((row) => rows.get(row.id)).filter((row) => row !== undefined), total];
  }

  shownOnShop(shopId: string) {
    return this.products.find({
      where: { shopId, showOnShop: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * Sets a product's click count to a total announced by analytics-service. Totals only grow,
   * so an older announcement arriving late changes nothing.
   */
  async setClicks(productId: string, clicks: number): Promise<void> {
    await this.products.query(
      'UPDATE shop.products SET clicks = $2 WHERE id = $1 AND clicks < $2',
      [productId, clicks],
    );
  }
}
