import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The image sweep's observation: since when no shop, product or profile names the image. */
export class ImageSweep1795710000000 implements MigrationInterface {
  name = 'ImageSweep1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "media"."images" ADD "unreferenced_since" TIMESTAMP WITH TIME ZONE',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "media"."images" DROP COLUMN "unreferenced_since"');
  }
}
