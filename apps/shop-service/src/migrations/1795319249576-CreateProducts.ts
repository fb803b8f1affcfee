import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProducts1795319249576 implements MigrationInterface {
  name = 'CreateProducts1795319249576';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "shop"."products" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "shop_id" uuid NOT NULL, "short_code" character varying(40) NOT NULL, "title" character varying(200) NOT NULL, "description" character varying(2000), "price" numeric(12,2), "brand" character varying(100), "image_url" character varying(2048), "images" jsonb NOT NULL DEFAULT \'[]\', "store_urls" jsonb NOT NULL, "show_on_shop" boolean NOT NULL DEFAULT true, "clicks" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "products_shop_id_created_at" ON "shop"."products" ("shop_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "products_shop_id_short_code_key" ON "shop"."products" ("shop_id", "short_code") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "shop"."products_shop_id_short_code_key"');
    await queryRunner.query('DROP INDEX "shop"."products_shop_id_created_at"');
    await queryRunner.query('DROP TABLE "shop"."products"');
  }
}
