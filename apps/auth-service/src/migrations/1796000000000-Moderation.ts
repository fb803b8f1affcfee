import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 21: when a user was last active, an admin's hold on an account, the audit log's reads. */
export class Moderation1796000000000 implements MigrationInterface {
  name = 'Moderation1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "auth"."users"
         ADD "last_active_at" TIMESTAMP WITH TIME ZONE,
         ADD "disabled_at" TIMESTAMP WITH TIME ZONE,
         ADD "disabled_reason" character varying(500),
         ADD "disabled_by" uuid`,
    );
    await queryRunner.query(
      'CREATE INDEX "users_created_at_id" ON "auth"."users" ("created_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_events_created_at_id" ON "auth"."audit_events" ("created_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_events_actor_id" ON "auth"."audit_events" ("actor_id")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "auth"."audit_events_actor_id"');
    await queryRunner.query('DROP INDEX "auth"."audit_events_created_at_id"');
    await queryRunner.query('DROP INDEX "auth"."users_created_at_id"');
    await queryRunner.query(
      `ALTER TABLE "auth"."users" DROP "disabled_by", DROP "disabled_reason",
         DROP "disabled_at", DROP "last_active_at"`,
    );
  }
}
