import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * add_dimension_counts adds the new map's counts into the stored one key by key, instead of
 * regrouping both maps: only the batch's few keys are read (each looked up in the stored map)
 * and `||` keeps the stored map's other keys as they are. The same sums; the shop_daily and
 * product_daily upserts of a fold batch of 50,000 events took 410 and 1,065–1,345 ms with the
 * regrouping, 350 and 885 ms with this (tools/bench/large.ts's backlog, one batch replayed).
 */
export class FasterDimensionMerge1796300000000 implements MigrationInterface {
  name = 'FasterDimensionMerge1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "analytics"."add_dimension_counts"(a jsonb, b jsonb) RETURNS jsonb
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
         SELECT CASE WHEN b = '{}' THEN a WHEN a = '{}' THEN b ELSE a || (
           SELECT jsonb_object_agg(k, CASE WHEN a ? k
             THEN jsonb_build_array((a->k->>0)::int + (v->>0)::int, (a->k->>1)::int + (v->>1)::int)
             ELSE v END)
             FROM jsonb_each(b) e(k, v)) END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "analytics"."add_dimension_counts"(a jsonb, b jsonb) RETURNS jsonb
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
         SELECT CASE WHEN b = '{}' THEN a WHEN a = '{}' THEN b ELSE (
           SELECT jsonb_object_agg(k, jsonb_build_array(views, clicks))
             FROM (SELECT k, sum((v->>0)::int) AS views, sum((v->>1)::int) AS clicks
                     FROM (SELECT * FROM jsonb_each(a) UNION ALL SELECT * FROM jsonb_each(b)) e(k, v)
                    GROUP BY k) s) END $$`,
    );
  }
}
