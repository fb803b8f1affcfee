import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StoreFigures1795673199589 implements MigrationInterface {
  name = 'StoreFigures1795673199589';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "analytics"."events" ADD "prefetch" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."events" ADD "user_agent" character varying(512)',
    );
    await queryRunner.query('ALTER TABLE "analytics"."events" ADD "source" character varying(16)');
    await queryRunner.query('ALTER TABLE "analytics"."events" ADD "opens_in" character varying(8)');
    await queryRunner.query(
      'ALTER TABLE "analytics"."events" ADD "repeat_tap" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily" ADD "taps" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily" ADD "views" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily_dimensions" ADD "views" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "analytics"."shop_daily" ADD "taps" integer NOT NULL DEFAULT \'0\'',
    );
    // Until now every tap was a click.
    await queryRunner.query('UPDATE "analytics"."shop_daily" SET "taps" = "clicks"');
    await queryRunner.query('UPDATE "analytics"."product_daily" SET "taps" = "clicks"');
    await queryRunner.query(
      'CREATE INDEX "events_people_views" ON "analytics"."events" ("visitor", "shop_id", "occurred_at") WHERE type = \'shop_view\' AND NOT bot AND NOT prefetch',
    );
    await queryRunner.query(
      'CREATE INDEX "events_counted_clicks" ON "analytics"."events" ("visitor", "product_id", "occurred_at") WHERE type = \'click\' AND folded AND NOT repeat_tap AND NOT bot AND NOT prefetch AND NOT owner',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "analytics"."events_counted_clicks"');
    await queryRunner.query('DROP INDEX "analytics"."events_people_views"');
    await queryRunner.query('ALTER TABLE "analytics"."shop_daily" DROP COLUMN "taps"');
    await queryRunner.query(
      'ALTER TABLE "analytics"."product_daily_dimensions" DROP COLUMN "views"',
    );
    await queryRunner.query('ALTER TABLE "analytics"."product_daily" DROP COLUMN "views"');
    await queryRunner.query('ALTER TABLE "analytics"."product_daily" DROP COLUMN "taps"');
    await queryRunner.query('ALTER TABLE "analytics"."events" DROP COLUMN "repeat_tap"');
    await queryRunner.query('ALTER TABLE "analytics"."events" DROP COLUMN "opens_in"');
    await queryRunner.query('ALTER TABLE "analytics"."events" DROP COLUMN "source"');
    await queryRunner.query('ALTER TABLE "analytics"."events" DROP COLUMN "user_agent"');
    await queryRunner.query('ALTER TABLE "analytics"."events" DROP COLUMN "prefetch"');
  }
}
