import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeys1795700000000 implements MigrationInterface {
  name = 'ApiKeys1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "auth"."api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "name" character varying(60) NOT NULL, "hash" character(64) NOT NULL, "prefix" character varying(16) NOT NULL, "scopes" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_api_keys" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "api_keys_user_id" ON "auth"."api_keys" ("user_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "api_keys_hash" ON "auth"."api_keys" ("hash") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "auth"."api_keys_hash"');
    await queryRunner.query('DROP INDEX "auth"."api_keys_user_id"');
    await queryRunner.query('DROP TABLE "auth"."api_keys"');
  }
}
