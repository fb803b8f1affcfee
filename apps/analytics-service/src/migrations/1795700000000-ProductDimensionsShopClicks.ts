import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The products CSV reads the edge days of its range from product_daily_dimensions by shop, day
 * and dimension (store, source): an index of (shop_id, day) alone sent each row to the heap,
 * thousands of pages for a large shop. (shop_id, day, dimension) INCLUDE (product_id, key,
 * clicks) answers it from the index alone; it replaces the former, so the fold still writes one
 * secondary index.
 */
export class ProductDimensionsShopClicks1795700000000 implements MigrationInterface {
  name = 'ProductDimensionsShopClicks1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "product_daily_dimensions_shop_clicks" ON "analytics"."product_daily_dimensions" ("shop_id", "day", "dimension") INCLUDE ("product_id", "key", "clicks")',
    );
    await queryRunner.query('DROP INDEX "analytics"."product_daily_dimensions_shop"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "product_daily_dimensions_shop" ON "analytics"."product_daily_dimensions" ("shop_id", "day")',
    );
    await queryRunner.query('DROP INDEX "analytics"."product_daily_dimensions_shop_clicks"');
  }
}
