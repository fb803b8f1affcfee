import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Long ranges read whole months: product_monthly, product_monthly_dimensions and
 * shop_monthly_dimensions hold the daily rows of each calendar month summed (the fold keeps
 * them in the same transaction as the daily rows), so a 90- or 365-day report reads a few
 * month rows per product and only its edge days from the daily tables (a product's dimensions
 * by month: store and source only, what the products CSV reads). Each product dimension
 * row carries its shop, so a shop's rows are read without joining product_daily.
 * Filled from the daily rollups as they are.
 * shop_report_versions counts the folds that changed each shop's rollups: the reports keep
 * their figures under it until the next fold of that shop.
 */
export class MonthlyRollups1795694434681 implements MigrationInterface {
  name = 'MonthlyRollups1795694434681';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "analytics"."product_monthly" ("product_id" uuid NOT NULL, "month" date NOT NULL, "shop_id" uuid NOT NULL, "views" integer NOT NULL DEFAULT \'0\', "clicks" integer NOT NULL DEFAULT \'0\', "taps" integer NOT NULL DEFAULT \'0\', "app_opens" integer NOT NULL DEFAULT \'0\', "web_opens" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_bed547c3aa380a163d80b203f45" PRIMARY KEY ("product_id", "month"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."product_monthly_dimensions" ("product_id" uuid NOT NULL, "month" date NOT NULL, "dimension" character varying(16) NOT NULL, "key" character varying(255) NOT NULL, "shop_id" uuid NOT NULL, "views" integer NOT NULL DEFAULT \'0\', "clicks" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_d88d694b07a2fd6f6b3f32af584" PRIMARY KEY ("product_id", "month", "dimension", "key"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."shop_monthly_dimensions" ("shop_id" uuid NOT NULL, "month" date NOT NULL, "dimension" character varying(16) NOT NULL, "key" character varying(255) NOT NULL, "views" integer NOT NULL DEFAULT \'0\', "clicks" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_3e45d3b8ca361b6737a8d5480af" PRIMARY KEY ("shop_id", "month", "dimension", "key"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."shop_report_versions" ("shop_id" uuid NOT NULL, "version" bigint NOT NULL DEFAULT \'1\', CONSTRAINT "PK_shop_report_versions" PRIMARY KEY ("shop_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily_dimensions" ADD "shop_id" uuid',
    );
    await queryRunner.query(
      `UPDATE "analytics"."product_daily_dimensions" d SET "shop_id" = p.shop_id
         FROM "analytics"."product_daily" p WHERE p.product_id = d.product_id AND p.day = d.day`,
    );
    // A dimension row always has its product's day row (the fold writes both); none is orphaned.
    await queryRunner.query(
      'DELETE FROM "analytics"."product_daily_dimensions" WHERE "shop_id" IS NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily_dimensions" ALTER COLUMN "shop_id" SET NOT NULL',
    );
    await queryRunner.query(
      `INSERT INTO "analytics"."product_monthly"
         (product_id, month, shop_id, views, clicks, taps, app_opens, web_opens)
       SELECT product_id, date_trunc('month', day)::date, min(shop_id::text)::uuid, sum(views),
              sum(clicks), sum(taps), sum(app_opens), sum(web_opens)
         FROM "analytics"."product_daily" GROUP BY 1, 2`,
    );
    await queryRunner.query(
      `INSERT INTO "analytics"."product_monthly_dimensions"
         (product_id, month, dimension, key, shop_id, views, clicks)
       SELECT product_id, date_trunc('month', day)::date, dimension, key, min(shop_id::text)::uuid,
              sum(views), sum(clicks)
         FROM "analytics"."product_daily_dimensions" WHERE dimension IN ('store', 'source')
        GROUP BY 1, 2, 3, 4`,
    );
    await queryRunner.query(
      `INSERT INTO "analytics"."shop_monthly_dimensions" (shop_id, month, dimension, key, views, clicks)
       SELECT shop_id, date_trunc('month', day)::date, dimension, key, sum(views), sum(clicks)
         FROM "analytics"."shop_daily_dimensions" GROUP BY 1, 2, 3, 4`,
    );
    await queryRunner.query(
      'CREATE INDEX "product_monthly_shop_figures" ON "analytics"."product_monthly" ("shop_id", "month") INCLUDE ("product_id", "views", "clicks", "taps", "app_opens", "web_opens")',
    );
    await queryRunner.query(
      // No counter in it: adding to a day's row stays a HOT update (the index is not touched).
      'CREATE INDEX "product_daily_dimensions_shop" ON "analytics"."product_daily_dimensions" ("shop_id", "day")',
    );
    await queryRunner.query(
      'CREATE INDEX "product_monthly_dimensions_shop" ON "analytics"."product_monthly_dimensions" ("shop_id", "month", "dimension") INCLUDE ("product_id", "key", "clicks")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "analytics"."product_daily_dimensions_shop"');
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily_dimensions" DROP COLUMN "shop_id"',
    );
    await queryRunner.query('DROP TABLE "analytics"."shop_report_versions"');
    await queryRunner.query('DROP TABLE "analytics"."shop_monthly_dimensions"');
    await queryRunner.query('DROP TABLE "analytics"."product_monthly_dimensions"');
    await queryRunner.query('DROP TABLE "analytics"."product_monthly"');
  }
}
