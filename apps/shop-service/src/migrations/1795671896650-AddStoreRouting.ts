import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddStoreRouting1795671896650 implements MigrationInterface {
  name = 'AddStoreRouting1795671896650';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "shop"."shops" ADD "earnings" jsonb NOT NULL DEFAULT \'{}\'',
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."products" ADD "affiliate_tags" boolean NOT NULL DEFAULT true',
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."products" ADD "default_store" character varying(40)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "default_store"');
    await queryRunner.query('ALTER TABLE "shop"."products" DROP COLUMN "affiliate_tags"');
    await queryRunner.query('ALTER TABLE "shop"."shops" DROP COLUMN "earnings"');
  }
}
