import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19: the date a store page's price was read, a product's window on the shop (start,
 * end, what its page does past the end) and the owner's time zone the window is entered in.
 * The partial indexes serve the watch that clears cached public reads as a boundary passes.
 */
export class ProductScheduleAndPriceDate1795902686241 implements MigrationInterface {
  name = 'ProductScheduleAndPriceDate1795902686241';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "shop"."products" ADD "price_read_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."products" ADD "starts_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query('ALTER TABLE "shop"."products" ADD "ends_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query(
      `ALTER TABLE "shop"."products" ADD "after_end" character varying(10) NOT NULL DEFAULT 'message'`,
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."products" ADD "ended_message" character varying(300)',
    );
    await queryRunner.query(
      `ALTER TABLE "shop"."shops" ADD "time_zone" character varying(64) NOT NULL DEFAULT 'Asia/Kolkata'`,
    );
    await queryRunner.query(
      'CREATE INDEX "products_starts_at" ON "shop"."products" ("starts_at") WHERE "starts_at" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX "products_ends_at" ON "shop"."products" ("ends_at") WHERE "ends_at" IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "shop"."products_ends_at"');
    await queryRunner.query('DROP INDEX "shop"."products_starts_at"');
    await queryRunner.query('ALTER TABLE "shop"."shops" DROP COLUMN "time_zone"');
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "ended_message"');
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "after_end"');
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "ends_at"');
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "starts_at"');
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "price_read_at"');
  }
}
