import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each queued event carries its visitor's lane (hashtext(visitor) & 255), so that folds of
 * different lanes (lane % lanes) take events of different visitors and can run side by side:
 * none waits for another's repeated-tap locks or counts another's visitors. The trigger that
 * queues events sets it; the events waiting when this runs get theirs here.
 */
export class FoldLanes1796200000000 implements MigrationInterface {
  name = 'FoldLanes1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('LOCK TABLE "analytics"."events" IN SHARE ROW EXCLUSIVE MODE');
    await queryRunner.query(
      'ALTER TABLE "analytics"."fold_queue" ADD "lane" smallint NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      `UPDATE "analytics"."fold_queue" q SET "lane" = hashtext(e.visitor) & 255
         FROM "analytics"."events" e WHERE e.id = q.id`,
    );
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "analytics"."queue_events"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO analytics.fold_queue (id, lane)
         SELECT id, hashtext(visitor) & 255 FROM added WHERE NOT folded ORDER BY received_at, id;
         RETURN NULL;
       END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "analytics"."queue_events"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO analytics.fold_queue (id)
         SELECT id FROM added WHERE NOT folded ORDER BY received_at, id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query('ALTER TABLE "analytics"."fold_queue" DROP COLUMN "lane"');
  }
}
