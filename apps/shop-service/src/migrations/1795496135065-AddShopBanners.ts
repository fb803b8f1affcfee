import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddShopBanners1795496135065 implements MigrationInterface {
  name = 'AddShopBanners1795496135065';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "shop"."shops" ADD "banners" jsonb NOT NULL DEFAULT \'{"images": [], "enabled": false}\'',
    );
    await queryRunner.query(
      'ALTER TABLE "shop"."shops" ADD "banners_version" integer NOT NULL DEFAULT \'0\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "shop"."shops" DROP COLUMN "banners_version"');
    await queryRunner.query('ALTER TABLE "shop"."shops" DROP COLUMN "banners"');
  }
}
