import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's product list of a large shop: its order (newest first, then id) read straight from
 * an index, and its search (ILIKE '%…%' on title, brand and short code) from a trigram index
 * instead of reading every product of the shop. pg_trgm is a trusted extension: a database owner
 * may create it.
 */
export class LargeShopProducts1795689546767 implements MigrationInterface {
  name = 'LargeShopProducts1795689546767';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await queryRunner.query(
      'CREATE INDEX "products_shop_newest" ON "shop"."products" ("shop_id", "created_at" DESC, "id" DESC)',
    );
    await queryRunner.query('DROP INDEX "shop"."products_shop_id_created_at"');
    await queryRunner.query(
      'CREATE INDEX "products_search_trgm" ON "shop"."products" USING gin ("title" gin_trgm_ops, "brand" gin_trgm_ops, "short_code" gin_trgm_ops)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "shop"."products_search_trgm"');
    await queryRunner.query(
      'CREATE INDEX "products_shop_id_created_at" ON "shop"."products" ("shop_id", "created_at") ',
    );
    await queryRunner.query('DROP INDEX "shop"."products_shop_newest"');
  }
}
