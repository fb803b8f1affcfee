import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A shop's daily figures by dimension (store, device, browser, region, referrer, source,
 * opens_in) move into its shop_daily row, as a product's did (ProductDayDimensions):
 * `dimensions` holds `{"store|amazon": [views, clicks], …}`, merged by the fold with
 * analytics.add_dimension_counts. The fold wrote about 17 rows per shop and day of a batch into
 * shop_daily_dimensions; it now updates the one shop_daily row it writes anyway.
 * `analytics.shop_daily_dimensions` stays as a view of the same rows, so that the reports read
 * what they read before. The monthly sums (shop_monthly_dimensions) stay rows.
 */
export class ShopDayDimensions1796100000000 implements MigrationInterface {
  name = 'ShopDayDimensions1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "analytics"."shop_daily" ADD "dimensions" jsonb NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query('LOCK TABLE "analytics"."shop_daily_dimensions" IN SHARE MODE');
    await queryRunner.query(
      `UPDATE "analytics"."shop_daily" s SET "dimensions" = d.dimensions
         FROM (SELECT shop_id, day,
                      jsonb_object_agg(dimension || '|' || key, jsonb_build_array(views, clicks))
                        AS dimensions
                 FROM "analytics"."shop_daily_dimensions" GROUP BY 1, 2) d
        WHERE s.shop_id = d.shop_id AND s.day = d.day`,
    );
    // A shop-day with dimensions and no figures (not written by the fold, kept all the same).
    await queryRunner.query(
      `INSERT INTO "analytics"."shop_daily" (shop_id, day, dimensions)
       SELECT shop_id, day,
              jsonb_object_agg(dimension || '|' || key, jsonb_build_array(views, clicks))
         FROM "analytics"."shop_daily_dimensions" GROUP BY 1, 2
       ON CONFLICT (shop_id, day) DO NOTHING`,
    );
    await queryRunner.query('DROP TABLE "analytics"."shop_daily_dimensions"');
    await queryRunner.query(
      `CREATE VIEW "analytics"."shop_daily_dimensions" AS
       SELECT s.shop_id, s.day,
              split_part(e.k, '|', 1)::varchar(16) AS dimension,
              substr(e.k, strpos(e.k, '|') + 1)::varchar(255) AS key,
              (e.v->>0)::int AS views, (e.v->>1)::int AS clicks
         FROM "analytics"."shop_daily" s CROSS JOIN LATERAL jsonb_each(s.dimensions) e(k, v)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP VIEW "analytics"."shop_daily_dimensions"');
    await queryRunner.query(
      `CREATE TABLE "analytics"."shop_daily_dimensions" ("shop_id" uuid NOT NULL, "day" date NOT NULL, "dimension" character varying(16) NOT NULL, "key" character varying(255) NOT NULL, "views" integer NOT NULL DEFAULT '0', "clicks" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_f34afd1c8667b2e4af4e93ae766" PRIMARY KEY ("shop_id", "day", "dimension", "key"))`,
    );
    await queryRunner.query(
      `INSERT INTO "analytics"."shop_daily_dimensions" (shop_id, day, dimension, key, views, clicks)
       SELECT s.shop_id, s.day, split_part(e.k, '|', 1), substr(e.k, strpos(e.k, '|') + 1),
              (e.v->>0)::int, (e.v->>1)::int
         FROM "analytics"."shop_daily" s CROSS JOIN LATERAL jsonb_each(s.dimensions) e(k, v)`,
    );
    await queryRunner.query('ALTER TABLE "analytics"."shop_daily" DROP COLUMN "dimensions"');
  }
}
