import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports of large shops and long ranges read pre-summed figures: the product views of a shop's
 * day (shop_daily.product_views) instead of summing every product's day, and each product's
 * clicks that opened the store's app or website (product_daily.app_opens, web_opens) instead of
 * joining the dimension rows. The shop's product figures are read from one covering index.
 * Filled from the rollups as they are.
 */
export class LargeShopReports1795689546767 implements MigrationInterface {
  name = 'LargeShopReports1795689546767';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "analytics"."shop_daily" ADD "product_views" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily" ADD "app_opens" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily" ADD "web_opens" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      `UPDATE "analytics"."shop_daily" s SET "product_views" = p.views
         FROM (SELECT shop_id, day, sum(views)::int AS views FROM "analytics"."product_daily"
                GROUP BY shop_id, day) p
        WHERE s.shop_id = p.shop_id AND s.day = p.day AND p.views > 0`,
    );
    await queryRunner.query(
      `UPDATE "analytics"."product_daily" p SET
         "app_opens" = d.app, "web_opens" = d.web
         FROM (SELECT product_id, day,
                      coalesce(sum(clicks) FILTER (WHERE key = 'app'), 0)::int AS app,
                      coalesce(sum(clicks) FILTER (WHERE key = 'web'), 0)::int AS web
                 FROM "analytics"."product_daily_dimensions" WHERE dimension = 'opens_in'
                GROUP BY product_id, day) d
        WHERE p.product_id = d.product_id AND p.day = d.day`,
    );
    await queryRunner.query(
      'CREATE INDEX "product_daily_shop_figures" ON "analytics"."product_daily" ("shop_id", "day") INCLUDE ("product_id", "views", "clicks", "taps", "app_opens", "web_opens")',
    );
    await queryRunner.query('DROP INDEX "analytics"."product_daily_shop_id_day"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "product_daily_shop_id_day" ON "analytics"."product_daily" ("shop_id", "day") ',
    );
    await queryRunner.query('DROP INDEX "analytics"."product_daily_shop_figures"');
    await queryRunner.query('ALTER TABLE "analytics"."product_daily" DROP COLUMN "web_opens"');
    await queryRunner.query('ALTER TABLE "analytics"."product_daily" DROP COLUMN "app_opens"');
    await queryRunner.query('ALTER TABLE "analytics"."shop_daily" DROP COLUMN "product_views"');
  }
}
