import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: custom domains (one per shop) and the verified one each shop is served at. */
export class CustomDomains1795912689458 implements MigrationInterface {
  name = 'CustomDomains1795912689458';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "shop"."shop_domains" ("shop_id" uuid NOT NULL, "user_id" uuid NOT NULL, "domain" character varying(253) NOT NULL, "token" character varying(64) NOT NULL, "status" character varying(12) NOT NULL DEFAULT \'pending\', "cname_ok" boolean, "txt_ok" boolean, "problem" character varying(300), "checked_at" TIMESTAMP WITH TIME ZONE, "verified_at" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "failures" integer NOT NULL DEFAULT \'0\', "next_check_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_489107b3e73e591e7f9a797ee58" PRIMARY KEY ("shop_id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "shop_domains_user_id_key" ON "shop"."shop_domains" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "shop_domains_domain_key" ON "shop"."shop_domains" ("domain") ',
    );
    await queryRunner.query(
      'CREATE INDEX "shop_domains_next_check_at" ON "shop"."shop_domains" ("next_check_at") ',
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."shops" ADD "custom_domain" character varying(253)',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "shops_custom_domain_key" ON "shop"."shops" ("custom_domain") WHERE custom_domain IS NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."shop_domains" ADD CONSTRAINT "FK_489107b3e73e591e7f9a797ee58" FOREIGN KEY ("shop_id") REFERENCES "shop"."shops"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "shop"."shop_domains" DROP CONSTRAINT "FK_489107b3e73e591e7f9a797ee58"',
    );
    await queryRunner.query('DROP INDEX "shop"."shops_custom_domain_key"');
    await queryRunner.query('ALTER TABLE "shop"."shops" DROP COLUMN "custom_domain"');
    await queryRunner.query('DROP INDEX "shop"."shop_domains_next_check_at"');
    await queryRunner.query('DROP INDEX "shop"."shop_domains_domain_key"');
    await queryRunner.query('DROP INDEX "shop"."shop_domains_user_id_key"');
    await queryRunner.query('DROP TABLE "shop"."shop_domains"');
  }
}
