import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1795315727847 implements MigrationInterface {
  name = 'CreateAccounts1795315727847';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "auth"."audit_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "type" character varying(64) NOT NULL, "actor_id" uuid, "subject_id" uuid, "session_id" uuid, "details" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_910f64d901a5c3e9878f0d4a407" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_events_subject_id" ON "auth"."audit_events" ("subject_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "auth"."email_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "purpose" character varying(32) NOT NULL, "code_hash" character varying(255) NOT NULL, "attempts" integer NOT NULL DEFAULT \'0\', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "data" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6ed15013da989317f69306da6e3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "email_codes_lookup" ON "auth"."email_codes" ("email", "purpose", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "auth"."signing_keys" ("kid" character varying(64) NOT NULL, "public_jwk" jsonb NOT NULL, "private_jwk" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "retired_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_13362ac3e792c69417e1a53d355" PRIMARY KEY ("kid"))',
    );
    await queryRunner.query(
      'CREATE TABLE "auth"."refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "refresh_tokens_session_id" ON "auth"."refresh_tokens" ("session_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "auth"."sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "impersonator_id" uuid, "remember_me" boolean NOT NULL DEFAULT false, "user_agent" character varying(512), "ip_address" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" character varying(64), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "sessions_user_id" ON "auth"."sessions" ("user_id") ');
    await queryRunner.query(
      'CREATE TABLE "auth"."sign_in_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token_hash" character varying(64) NOT NULL, "purpose" character varying(32) NOT NULL, "user_id" uuid NOT NULL, "actor_id" uuid, "new_user" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_32dc38a124eb12791e7726a4492" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "sign_in_tokens_token_hash_key" ON "auth"."sign_in_tokens" ("token_hash") ',
    );
    await queryRunner.query(
      'CREATE TABLE "auth"."users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "display_name" character varying(100), "phone_number" character varying(17), "photo_url" character varying(2048), "password_hash" character varying(255), "google_subject" character varying(255), "role" character varying(16) NOT NULL DEFAULT \'user\', "plan" character varying(16) NOT NULL DEFAULT \'free\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" ("email") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "users_phone_number_key" ON "auth"."users" ("phone_number") WHERE phone_number IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "users_google_subject_key" ON "auth"."users" ("google_subject") WHERE google_subject IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "auth"."users_google_subject_key"');
    await queryRunner.query('DROP INDEX "auth"."users_phone_number_key"');
    await queryRunner.query('DROP INDEX "auth"."users_email_key"');
    await queryRunner.query('DROP TABLE "auth"."users"');
    await queryRunner.query('DROP INDEX "auth"."sign_in_tokens_token_hash_key"');
    await queryRunner.query('DROP TABLE "auth"."sign_in_tokens"');
    await queryRunner.query('DROP INDEX "auth"."sessions_user_id"');
    await queryRunner.query('DROP TABLE "auth"."sessions"');
    await queryRunner.query('DROP INDEX "auth"."refresh_tokens_session_id"');
    await queryRunner.query('DROP TABLE "auth"."refresh_tokens"');
    await queryRunner.query('DROP TABLE "auth"."signing_keys"');
    await queryRunner.query('DROP INDEX "auth"."email_codes_lookup"');
    await queryRunner.query('DROP TABLE "auth"."email_codes"');
    await queryRunner.query('DROP INDEX "auth"."audit_events_subject_id"');
    await queryRunner.query('DROP TABLE "auth"."audit_events"');
  }
}
