import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type SignInTokenPurpose = 'sign-in' | 'impersonation';

/**
 * A one-time token exchanged for a session (the spec's "custom token"): after sign-up, after
 * Google, or made by an admin to act as a user. Stored only as a SHA-256 hash.
 */
@Entity({ name: 'sign_in_tokens' })
export class SignInTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('sign_in_tokens_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 32 })
  purpose!: SignInTokenPurpose;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The admin who made an impersonation token. */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  /** A sign-in right after an account was created: the client shows the new-user steps. */
  @Column({ name: 'new_user', type: 'boolean', default: false })
  newUser!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
