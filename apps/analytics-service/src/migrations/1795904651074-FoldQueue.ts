import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fold finds its events in a narrow queue (fold_queue) instead of the partial index of
 * unfolded events: an event is queued by a trigger in the statement that stores it (whoever
 * stores it), and its queue row is deleted by the fold that takes it, in the fold's
 * transaction. Marking the event folded then changes no indexed column (the counted clicks'
 * index no longer names `folded`) and, with room left on each page (fillfactor), is a HOT
 * update: no new entry in the events' indexes for each event folded.
 * The events waiting when this runs are queued here, in the order they were received; the
 * table is locked meanwhile, so that none is stored or folded between the copy and the trigger.
 */
export class FoldQueue1795904651074 implements MigrationInterface {
  name = 'FoldQueue1795904651074';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('LOCK TABLE "analytics"."events" IN SHARE ROW EXCLUSIVE MODE');
    await queryRunner.query(
      'CREATE TABLE "analytics"."fold_queue" ("seq" BIGSERIAL NOT NULL, "id" uuid NOT NULL, CONSTRAINT "PK_9804b74c35e296989455dad065d" PRIMARY KEY ("seq"))',
    );
    await queryRunner.query(
      'INSERT INTO "analytics"."fold_queue" ("id") SELECT "id" FROM "analytics"."events" WHERE NOT "folded" ORDER BY "received_at", "id"',
    );
    await queryRunner.query(
      `CREATE FUNCTION "analytics"."queue_events"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO analytics.fold_queue (id)
         SELECT id FROM added WHERE NOT folded ORDER BY received_at, id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      'CREATE TRIGGER "queue_events" AFTER INSERT ON "analytics"."events" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "analytics"."queue_events"()',
    );
    await queryRunner.query('DROP INDEX "analytics"."events_unfolded"');
    await queryRunner.query('DROP INDEX "analytics"."events_counted_clicks"');
    await queryRunner.query(
      'CREATE INDEX "events_people_clicks" ON "analytics"."events" ("visitor", "product_id", "occurred_at") WHERE type = \'click\' AND NOT repeat_tap AND NOT bot AND NOT prefetch AND NOT owner',
    );
    // New pages only: events stored from now on leave room for their folded version.
    await queryRunner.query('ALTER TABLE "analytics"."events" SET (fillfactor = 50)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "analytics"."events" RESET (fillfactor)');
    await queryRunner.query('DROP INDEX "analytics"."events_people_clicks"');
    await queryRunner.query(
      'CREATE INDEX "events_counted_clicks" ON "analytics"."events" ("visitor", "product_id", "occurred_at") WHERE type = \'click\' AND folded AND NOT repeat_tap AND NOT bot AND NOT prefetch AND NOT owner',
    );
    await queryRunner.query(
      'CREATE INDEX "events_unfolded" ON "analytics"."events" ("received_at") WHERE folded = false',
    );
    await queryRunner.query('DROP TRIGGER "queue_events" ON "analytics"."events"');
    await queryRunner.query('DROP FUNCTION "analytics"."queue_events"()');
    await queryRunner.query('DROP TABLE "analytics"."fold_queue"');
  }
}
