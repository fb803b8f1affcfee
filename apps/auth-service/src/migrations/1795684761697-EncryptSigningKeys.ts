import type { MigrationInterface, QueryRunner } from 'typeorm';

// Room for the encrypted private keys. The keys already stored are encrypted by auth-service
// itself when it starts with KEY_ENCRYPTION_KEYS (the migration has no keys to do it with).
export class EncryptSigningKeys1795684761697 implements MigrationInterface {
  name = 'EncryptSigningKeys1795684761697';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "auth"."signing_keys" ADD "kek_id" character varying(64)');
    await queryRunner.query('ALTER TABLE "auth"."signing_keys" ADD "sealed_private_key" jsonb');
    await queryRunner.query(
      'ALTER TABLE "auth"."signing_keys" ALTER COLUMN "private_jwk" DROP NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "auth"."signing_keys" ADD CONSTRAINT "signing_keys_private_once" CHECK (("private_jwk" IS NULL) <> ("sealed_private_key" IS NULL))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "auth"."signing_keys" DROP CONSTRAINT "signing_keys_private_once"',
    );
    await queryRunner.query(
      'ALTER TABLE "auth"."signing_keys" ALTER COLUMN "private_jwk" SET NOT NULL',
    );
    await queryRunner.query('ALTER TABLE "auth"."signing_keys" DROP COLUMN "sealed_private_key"');
    await queryRunner.query('ALTER TABLE "auth"."signing_keys" DROP COLUMN "kek_id"');
  }
}
