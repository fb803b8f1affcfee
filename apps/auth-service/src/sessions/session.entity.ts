import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One signed-in device: the family of its rotating refresh tokens. Revoking it ends the
 * device's sign-in; an impersonated session records the admin acting for the user.
 */
@Entity({ name: 'sessions' })
@Index('sessions_user_id', ['userId'])
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'impersonator_id', type: 'uuid', nullable: true })
  impersonatorId!: string | null;

  @Column({ name: 'remember_me', type: 'boolean', default: false })
  rememberMe!: boolean;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress!: string | null;

  /** Browser and platform read from the user agent at sign-in, e.g. "Chrome on Android". */
  @Column({ type: 'varchar', length: 64, nullable: true })
  device!: string | null;

  /** The browser's IANA time zone, as it last said it (at sign-in or a refresh). */
  @Column({ name: 'time_zone', type: 'varchar', length: 64, nullable: true })
  timeZone!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The last refresh; a session unused for SESSION_IDLE_SECONDS ends. */
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 64, nullable: true })
  revokedReason!: string | null;
}
