import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: webhook endpoints, their delivery log and the clicks waiting for a batch. */
export class Webhooks1795904665547 implements MigrationInterface {
  name = 'Webhooks1795904665547';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "shop"."webhook_deliveries" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "endpoint_id" uuid NOT NULL, "user_id" uuid NOT NULL, "chain" character varying(120) NOT NULL, "event_id" uuid NOT NULL, "event" character varying(40) NOT NULL, "body" text NOT NULL, "status" character varying(12) NOT NULL, "attempts" integer NOT NULL DEFAULT \'0\', "response_status" integer, "latency_ms" integer, "error" character varying(300), "next_retry_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_deliveries_log" ON "shop"."webhook_deliveries" ("endpoint_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_deliveries_chain" ON "shop"."webhook_deliveries" ("endpoint_id", "chain", "seq") ',
    );
    await queryRunner.query(
      'CREATE TABLE "shop"."webhook_endpoints" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "url" character varying(2048) NOT NULL, "description" character varying(100) NOT NULL DEFAULT \'\', "events" jsonb NOT NULL, "secret" character varying(80) NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" character varying(300), "failing_since" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_endpoints_user_id" ON "shop"."webhook_endpoints" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "shop"."webhook_pending_clicks" ("endpoint_id" uuid NOT NULL, "click_id" character varying(64) NOT NULL, "click" jsonb NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_01ec7c76fa9d81a1a193eb62137" PRIMARY KEY ("endpoint_id", "click_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "shop"."webhook_pending_clicks"');
    await queryRunner.query('DROP INDEX "shop"."webhook_endpoints_user_id"');
    await queryRunner.query('DROP TABLE "shop"."webhook_endpoints"');
    await queryRunner.query('DROP INDEX "shop"."webhook_deliveries_chain"');
    await queryRunner.query('DROP INDEX "shop"."webhook_deliveries_log"');
    await queryRunner.query('DROP TABLE "shop"."webhook_deliveries"');
  }
}
