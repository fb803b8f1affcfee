import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMedia1795334336890 implements MigrationInterface {
  name = 'CreateMedia1795334336890';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "media"."banners" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "alt" character varying(250) NOT NULL DEFAULT \'\', "link" character varying(2048) NOT NULL DEFAULT \'\', "sort_order" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e9b186b959296fcb940790d31c3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "banners_user_id_idx" ON "media"."banners" ("user_id") ');
    await queryRunner.query(
      'CREATE TABLE "media"."banner_settings" ("user_id" uuid NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "version" integer NOT NULL DEFAULT \'0\', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b27bcf1994385f34aab72c387b4" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "media"."images" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "content_type" character varying(32) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "bytes" integer NOT NULL, "digest" character varying(100) NOT NULL, "variants" jsonb NOT NULL DEFAULT \'{}\', "original_filename" character varying(255) NOT NULL, "metadata" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1fe148074c6a1a91b63cb9ee3c9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "images_user_id_idx" ON "media"."images" ("user_id") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "media"."images_user_id_idx"');
    await queryRunner.query('DROP TABLE "media"."images"');
    await queryRunner.query('DROP TABLE "media"."banner_settings"');
    await queryRunner.query('DROP INDEX "media"."banners_user_id_idx"');
    await queryRunner.query('DROP TABLE "media"."banners"');
  }
}
