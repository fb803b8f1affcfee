import type { JWK } from 'jose';
import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { SealedSecret } from '../crypto/key-encryption';

/**
 * An Ed25519 key pair that signs access tokens; the public half is published to the gateway.
 * The private half is stored encrypted (`sealed_private_key`, under the key-encryption key
 * `kek_id`); `private_jwk` holds it in plain text only where no KEY_ENCRYPTION_KEYS is set
 * (never in production), until a start with one encrypts it.
 */
@Entity({ name: 'signing_keys' })
@Check('signing_keys_private_once', '("private_jwk" IS NULL) <> ("sealed_private_key" IS NULL)')
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid!: string;

  @Column({ name: 'public_jwk', type: 'jsonb' })
  publicJwk!: JWK;

  @Column({ name: 'private_jwk', type: 'jsonb', nullable: true })
  privateJwk!: JWK | null;

  @Column({ name: 'kek_id', type: 'varchar', length: 64, nullable: true })
  kekId!: string | null;

  @Column({ name: 'sealed_private_key', type: 'jsonb', nullable: true })
  sealedPrivateKey!: SealedSecret | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;
}
