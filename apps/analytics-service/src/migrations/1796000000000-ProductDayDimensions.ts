import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A product's daily figures by dimension (store, device, browser, region, referrer, source,
 * opens_in) move into its product_daily row: `dimensions` holds `{"store|amazon": [views,
 * clicks], …}`. The fold wrote up to seven rows per product and day into product_daily_dimensions
 * (about 170,000 rows per batch of 50,000 events, scattered over random product ids, most of
 * the fold's time and WAL); it now merges them into the one row of product_daily it updates
 * anyway. `analytics.product_daily_dimensions` stays as a view of the same rows, so that the
 * reports read what they read before. The monthly sums (product_monthly_dimensions) stay rows.
 */
export class ProductDayDimensions1796000000000 implements MigrationInterface {
  name = 'ProductDayDimensions1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "analytics"."product_daily" ADD "dimensions" jsonb NOT NULL DEFAULT '{}'`,
    );
    // Sums two maps of [views, clicks] by key (a key in one map only is kept as it is).
    await queryRunner.query(
      `CREATE FUNCTION "analytics"."add_dimension_counts"(a jsonb, b jsonb) RETURNS jsonb
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
         SELECT CASE WHEN b = '{}' THEN a WHEN a = '{}' THEN b ELSE (
           SELECT jsonb_object_agg(k, jsonb_build_array(views, clicks))
             FROM (SELECT k, sum((v->>0)::int) AS views, sum((v->>1)::int) AS clicks
                     FROM (SELECT * FROM jsonb_each(a) UNION ALL SELECT * FROM jsonb_each(b)) e(k, v)
                    GROUP BY k) s) END $$`,
    );
    await queryRunner.query('LOCK TABLE "analytics"."product_daily_dimensions" IN SHARE MODE');
    await queryRunner.query(
      `UPDATE "analytics"."product_daily" p SET "dimensions" = d.dimensions
         FROM (SELECT product_id, day,
                      jsonb_object_agg(dimension || '|' || key, jsonb_build_array(views, clicks))
                        AS dimensions
                 FROM "analytics"."product_daily_dimensions" GROUP BY 1, 2) d
        WHERE p.product_id = d.product_id AND p.day = d.day`,
    );
    // A product-day with dimensions and no figures (not written by the fold, kept all the same).
    await queryRunner.query(
      `INSERT INTO "analytics"."product_daily" (product_id, day, shop_id, dimensions)
       SELECT product_id, day, min(shop_id::text)::uuid,
              jsonb_object_agg(dimension || '|' || key, jsonb_build_array(views, clicks))
         FROM "analytics"."product_daily_dimensions" GROUP BY 1, 2
       ON CONFLICT (product_id, day) DO NOTHING`,
    );
    await queryRunner.query('DROP TABLE "analytics"."product_daily_dimensions"');
    await queryRunner.query(
      `CREATE VIEW "analytics"."product_daily_dimensions" AS
       SELECT p.product_id, p.day, p.shop_id,
              split_part(e.k, '|', 1)::varchar(16) AS dimension,
              substr(e.k, strpos(e.k, '|') + 1)::varchar(255) AS key,
              (e.v->>0)::int AS views, (e.v->>1)::int AS clicks
         FROM "analytics"."product_daily" p CROSS JOIN LATERAL jsonb_each(p.dimensions) e(k, v)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP VIEW "analytics"."product_daily_dimensions"');
    await queryRunner.query(
      `CREATE TABLE "analytics"."product_daily_dimensions" ("product_id" uuid NOT NULL, "day" date NOT NULL, "dimension" character varying(16) NOT NULL, "key" character varying(255) NOT NULL, "clicks" integer NOT NULL DEFAULT '0', "views" integer NOT NULL DEFAULT '0', "shop_id" uuid NOT NULL, CONSTRAINT "PK_d1bb91246f33527e9c1f85a78ba" PRIMARY KEY ("product_id", "day", "dimension", "key"))`,
    );
    await queryRunner.query(
      `INSERT INTO "analytics"."product_daily_dimensions" (product_id, day, dimension, key, views, clicks, shop_id)
       SELECT p.product_id, p.day, split_part(e.k, '|', 1), substr(e.k, strpos(e.k, '|') + 1),
              (e.v->>0)::int, (e.v->>1)::int, p.shop_id
         FROM "analytics"."product_daily" p CROSS JOIN LATERAL jsonb_each(p.dimensions) e(k, v)`,
    );
    await queryRunner.query(
      'CREATE INDEX "product_daily_dimensions_shop_clicks" ON "analytics"."product_daily_dimensions" ("shop_id", "day", "dimension") INCLUDE ("product_id", "key", "clicks")',
    );
    await queryRunner.query('DROP FUNCTION "analytics"."add_dimension_counts"(jsonb, jsonb)');
    await queryRunner.query('ALTER TABLE "analytics"."product_daily" DROP COLUMN "dimensions"');
  }
}
