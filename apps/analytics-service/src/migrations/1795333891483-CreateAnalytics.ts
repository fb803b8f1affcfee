import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAnalytics1795333891483 implements MigrationInterface {
  name = 'CreateAnalytics1795333891483';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "analytics"."events" ("id" uuid NOT NULL, "type" character varying(16) NOT NULL, "shop_id" uuid NOT NULL, "product_id" uuid, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "device" character varying(32), "browser" character varying(40), "platform" character varying(40), "region" character varying(64), "referrer" character varying(255), "visitor" character varying(64) NOT NULL, "bot" boolean NOT NULL DEFAULT false, "owner" boolean NOT NULL DEFAULT false, "folded" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "events_occurred_at" ON "analytics"."events" ("occurred_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "events_unfolded" ON "analytics"."events" ("received_at") WHERE folded = false',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."click_total_outbox" ("product_id" uuid NOT NULL, "version" integer NOT NULL DEFAULT \'1\', CONSTRAINT "PK_1610218b489a00b519af2365bf8" PRIMARY KEY ("product_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."daily_visitors" ("shop_id" uuid NOT NULL, "day" date NOT NULL, "visitor" character varying(64) NOT NULL, CONSTRAINT "PK_62a90bc7b919443ec128c9ef334" PRIMARY KEY ("shop_id", "day", "visitor"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."product_daily" ("product_id" uuid NOT NULL, "day" date NOT NULL, "shop_id" uuid NOT NULL, "clicks" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_190cd367e1a0bb53e91252ba19f" PRIMARY KEY ("product_id", "day"))',
    );
    await queryRunner.query(
      'CREATE INDEX "product_daily_shop_id_day" ON "analytics"."product_daily" ("shop_id", "day") ',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."product_daily_dimensions" ("product_id" uuid NOT NULL, "day" date NOT NULL, "dimension" character varying(16) NOT NULL, "key" character varying(255) NOT NULL, "clicks" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_d1bb91246f33527e9c1f85a78ba" PRIMARY KEY ("product_id", "day", "dimension", "key"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."shop_daily" ("shop_id" uuid NOT NULL, "day" date NOT NULL, "views" integer NOT NULL DEFAULT \'0\', "clicks" integer NOT NULL DEFAULT \'0\', "unique_visitors" integer NOT NULL DEFAULT \'0\', "bot_events" integer NOT NULL DEFAULT \'0\', "owner_events" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_6c5c05bc3478f3970a49571a168" PRIMARY KEY ("shop_id", "day"))',
    );
    await queryRunner.query(
      'CREATE TABLE "analytics"."shop_daily_dimensions" ("shop_id" uuid NOT NULL, "day" date NOT NULL, "dimension" character varying(16) NOT NULL, "key" character varying(255) NOT NULL, "views" integer NOT NULL DEFAULT \'0\', "clicks" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_f34afd1c8667b2e4af4e93ae766" PRIMARY KEY ("shop_id", "day", "dimension", "key"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "analytics"."shop_daily_dimensions"');
    await queryRunner.query('DROP TABLE "analytics"."shop_daily"');
    await queryRunner.query('DROP TABLE "analytics"."product_daily_dimensions"');
    await queryRunner.query('DROP INDEX "analytics"."product_daily_shop_id_day"');
    await queryRunner.query('DROP TABLE "analytics"."product_daily"');
    await queryRunner.query('DROP TABLE "analytics"."daily_visitors"');
    await queryRunner.query('DROP TABLE "analytics"."click_total_outbox"');
    await queryRunner.query('DROP INDEX "analytics"."events_unfolded"');
    await queryRunner.query('DROP INDEX "analytics"."events_occurred_at"');
    await queryRunner.query('DROP TABLE "analytics"."events"');
  }
}
