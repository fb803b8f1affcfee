import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event is folded once no fold_queue row holds it: the fold no longer marks its events
 * `folded`. That update wrote a new version of every event (a quarter of a fold batch's WAL,
 * full pages after each checkpoint) to say what deleting its queue row already says. The
 * queue is found by event id (the repeated taps' and the prune's question), and events are
 * stored with full pages again (room for the update is no longer needed). Folding a
 * 400,000-event backlog wrote 806–807 MB of WAL instead of 1,085–1,100, at 18,910–21,052
 * events/s instead of 17,293–17,391 (`BENCH_BACKLOG=400000 BENCH_ONLY=rollups npm run bench --
 * large`, 2 interleaved pairs). `folded` stays, true
 * for the events folded before: replicas of the previous version still read and write it
 * while a deployment rolls out. Meanwhile such a replica takes the clicks this version folded
 * for uncounted: a tap repeating one of them within those minutes counts as a click. No event
 * is folded twice either way (both take events only through the queue).
 */
export class FoldedByQueue1796400000000 implements MigrationInterface {
  name = 'FoldedByQueue1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "fold_queue_id" ON "analytics"."fold_queue" ("id")`);
    await queryRunner.query('ALTER TABLE "analytics"."events" RESET (fillfactor)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "analytics"."events" SET (fillfactor = 50)');
    // What was folded meanwhile, as the previous version marks it.
    await queryRunner.query(
      `UPDATE "analytics"."events" e SET "folded" = true
        WHERE NOT e.folded AND NOT EXISTS (SELECT 1 FROM "analytics"."fold_queue" q WHERE q.id = e.id)`,
    );
    await queryRunner.query(`DROP INDEX "analytics"."fold_queue_id"`);
  }
}
