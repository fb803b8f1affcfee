import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21: an admin's hold on a shop or a product, the hold of a disabled owner, and visitors'
 * reports grouped by the page they are about (one open group per page).
 */
export class Moderation1796000000000 implements MigrationInterface {
  name = 'Moderation1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shop"."shops"
         ADD "hidden_at" TIMESTAMP WITH TIME ZONE,
         ADD "hidden_reason" character varying(500),
         ADD "hidden_by" uuid,
         ADD "owner_disabled_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "shop"."products"
         ADD "hidden_at" TIMESTAMP WITH TIME ZONE,
         ADD "hidden_reason" character varying(500),
         ADD "hidden_by" uuid`,
    );
    await queryRunner.query(
      'CREATE INDEX "shops_created_at_id" ON "shop"."shops" ("created_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "products_created_at_id" ON "shop"."products" ("created_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      `CREATE TABLE "shop"."report_groups" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "shop_id" uuid NOT NULL REFERENCES "shop"."shops"("id") ON DELETE CASCADE,
         "product_id" uuid REFERENCES "shop"."products"("id") ON DELETE CASCADE,
         "target_key" character varying(36) NOT NULL,
         "status" character varying(16) NOT NULL DEFAULT 'open',
         "count" integer NOT NULL DEFAULT 0,
         "reasons" jsonb NOT NULL DEFAULT '{}',
         "first_reported_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "last_reported_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "resolved_at" TIMESTAMP WITH TIME ZONE,
         "resolved_by" uuid,
         CONSTRAINT "PK_report_groups" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "report_groups_open_target" ON "shop"."report_groups" ("shop_id", "target_key") WHERE status = 'open'`,
    );
    await queryRunner.query(
      'CREATE INDEX "report_groups_status" ON "shop"."report_groups" ("status", "count" DESC, "first_reported_at")',
    );
    await queryRunner.query(
      'CREATE INDEX "report_groups_product_id" ON "shop"."report_groups" ("product_id")',
    );
    await queryRunner.query(
      `CREATE TABLE "shop"."reports" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "group_id" uuid NOT NULL REFERENCES "shop"."report_groups"("id") ON DELETE CASCADE,
         "reason" character varying(32) NOT NULL,
         "details" character varying(1000),
         "reporter_hash" character(64),
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_reports" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      'CREATE INDEX "reports_group_created" ON "shop"."reports" ("group_id", "created_at" DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "shop"."reports"');
    await queryRunner.query('DROP TABLE "shop"."report_groups"');
    await queryRunner.query('DROP INDEX "shop"."products_created_at_id"');
    await queryRunner.query('DROP INDEX "shop"."shops_created_at_id"');
    await queryRunner.query(
      'ALTER TABLE "shop"."products" DROP "hidden_by", DROP "hidden_reason", DROP "hidden_at"',
    );
    await queryRunner.query(
      `ALTER TABLE "shop"."shops" DROP "owner_disabled_at", DROP "hidden_by",
         DROP "hidden_reason", DROP "hidden_at"`,
    );
  }
}
