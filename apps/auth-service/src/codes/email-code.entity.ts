import type { OtpPurpose } from '@kartlink/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A 6-digit code sent by e-mail; stored only as a hash, single use, bound to e-mail and purpose. */
@Entity({ name: 'email_codes' })
@Index('email_codes_lookup', ['email', 'purpose', 'createdAt'])
export class EmailCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32 })
  purpose!: OtpPurpose;

  @Column({ name: 'code_hash', type: 'varchar', length: 255 })
  codeHash!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when used, superseded by a newer code, or locked after too many wrong tries. */
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  /** What the code confirms, e.g. a pending registration's name and password hash. */
  @Column({ type: 'jsonb', nullable: true })
  data!: Record<string, string> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
