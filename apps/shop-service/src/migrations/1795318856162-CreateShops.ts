import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateShops1795318856162 implements MigrationInterface {
  name = 'CreateShops1795318856162';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "shop"."shops" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "shop_url" character varying(50), "shop_name" character varying(100), "shop_description" character varying(499), "shop_photo_url" character varying(2048), "is_shop_public" boolean NOT NULL DEFAULT false, "setup_completed" boolean NOT NULL DEFAULT false, "setup_steps" jsonb NOT NULL DEFAULT \'{"shopUrl": false, "basicInfo": false, "profilePhoto": false}\', "social_media" jsonb NOT NULL DEFAULT \'{}\', "seo" jsonb NOT NULL DEFAULT \'{}\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3c6aaa6607d287de99815e60b96" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "shops_user_id_key" ON "shop"."shops" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "shops_shop_url_key" ON "shop"."shops" ("shop_url") WHERE shop_url IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "shop"."shops_shop_url_key"');
    await queryRunner.query('DROP INDEX "shop"."shops_user_id_key"');
    await queryRunner.query('DROP TABLE "shop"."shops"');
  }
}
