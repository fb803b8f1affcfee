import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An owner's API key: only the SHA-256 of the whole key is kept (its secret part is 32 random
 * bytes, so a plain digest is enough), with the first characters in clear to tell keys apart.
 * A revoked key's row is deleted.
 */
@Entity({ name: 'api_keys' })
@Index('api_keys_user_id', ['userId'])
@Index('api_keys_hash', ['hash'], { unique: true })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  /** SHA-256 of the key, hex. */
  @Column({ type: 'char', length: 64 })
  hash!: string;

  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set at most once a minute (ApiKeysRepository.markUsed). */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;
}
