import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type AuditEventType =
  | 'impersonation.token-created'
  | 'impersonation.started'
  | 'impersonation.ended'
  | 'admin.promoted'
  | 'admin.plan-changed'
  | 'admin.user-disabled'
  | 'admin.user-enabled'
  | 'admin.shop-hidden'
  | 'admin.shop-restored'
  | 'admin.product-hidden'
  | 'admin.product-restored'
  | 'admin.report-resolved'
  | 'signing-key.rotated'
  // Keeps no personal data: a digest of the user id, the event id and what was removed.
  | 'account.deleted';

/** What admins did, for whom, and when; rows are only ever added. */
@Entity({ name: 'audit_events' })
@Index('audit_events_subject_id', ['subjectId'])
/** The console's log, newest first, and its actor filter (migration Moderation). */
@Index('audit_events_created_at_id', { synchronize: false })
@Index('audit_events_actor_id', { synchronize: false })
export class AuditEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  type!: AuditEventType;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ name: 'subject_id', type: 'uuid', nullable: true })
  subjectId!: string | null;

  @Column({ name: 'session_id', type: 'uuid', nullable: true })
  sessionId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
