import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionDevices1795684783753 implements MigrationInterface {
  name = 'SessionDevices1795684783753';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "auth"."sessions" ADD "device" character varying(64)');
    await queryRunner.query('ALTER TABLE "auth"."sessions" ADD "time_zone" character varying(64)');
    await queryRunner.query(
      'ALTER TABLE "auth"."sessions" ADD "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "auth"."sessions" DROP COLUMN "last_used_at"');
    await queryRunner.query('ALTER TABLE "auth"."sessions" DROP COLUMN "time_zone"');
    await queryRunner.query('ALTER TABLE "auth"."sessions" DROP COLUMN "device"');
  }
}
