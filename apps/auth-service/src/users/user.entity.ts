import type { UserPlan, UserRole } from '@kartlink/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'users' })
/** The admin console's list, newest first: (created_at DESC, id DESC) (migration Moderation). */
@Index('users_created_at_id', { synchronize: false })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored lower-cased and trimmed; unique. */
  @Index('users_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'display_name', type: 'varchar', length: 100, nullable: true })
  displayName!: string | null;

  /** Normalised (no spaces, dashes or parentheses); one account per number. */
  @Index('users_phone_number_key', { unique: true, where: 'phone_number IS NOT NULL' })
  @Column({ name: 'phone_number', type: 'varchar', length: 17, nullable: true })
  phoneNumber!: string | null;

  @Column({ name: 'photo_url', type: 'varchar', length: 2048, nullable: true })
  photoURL!: string | null;

  /** argon2id; null for an account that only signs in with Google. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Index('users_google_subject_key', { unique: true, where: 'google_subject IS NOT NULL' })
  @Column({ name: 'google_subject', type: 'varchar', length: 255, nullable: true })
  googleSubject!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role!: UserRole;

  @Column({ type: 'varchar', length: 16, default: 'free' })
  plan!: UserPlan;

  /** The last sign-in or token refresh, written at most once a minute. */
  @Column({ name: 'last_active_at', type: 'timestamptz', nullable: true })
  lastActiveAt!: Date | null;

  /** Set while an admin has disabled the account: no sign-in, no session (issue 21). */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 500, nullable: true })
  disabledReason!: string | null;

  @Column({ name: 'disabled_by', type: 'uuid', nullable: true })
  disabledBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
