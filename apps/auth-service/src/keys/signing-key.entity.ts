import type { JWK } from 'jose';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An Ed25519 key pair that signs access tokens; the public half is published to the gateway. */
@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid!: string;

  @Column({ name: 'public_jwk', type: 'jsonb' })
  publicJwk!: JWK;

  @Column({ name: 'private_jwk', type: 'jsonb' })
  privateJwk!: JWK;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;
}
