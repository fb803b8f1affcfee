import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import { importJWK, type JWK, type KeyLike, SignJWT } from 'jose';
import type { Repository } from 'typeorm';
import type { AuthConfig } from '../config';
import { KeyRing } from '../crypto/key-encryption';
import { SigningKeyEntity } from './signing-key.entity';
import { ALG, SigningKeyStore } from './signing-key.store';

const TOKEN_ISSUER = 'kartlink-auth';
const TOKEN_AUDIENCE = 'kartlink';
/** How often a replica looks for a newer signing key (the admin command rotates them). */
const KEY_CHECK_MS = 60_000;

/**
 * Signs access tokens with the newest Ed25519 key and publishes the public keys, which the
 * gateway uses to check tokens without a round trip. The first replica to start makes a key.
 * Private keys are stored encrypted with KEY_ENCRYPTION_KEYS; a start with it encrypts those
 * stored before it was set.
 */
@Injectable()
export class KeysService implements OnModuleInit {
  private current?: { kid: string; key: KeyLike | Uint8Array; checkedAt: number };
  private readonly store: SigningKeyStore;

  constructor(
    @InjectRepository(SigningKeyEntity) keys: Repository<SigningKeyEntity>,
    @Inject(CONFIG) config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.store = new SigningKeyStore(keys, KeyRing.parse(config.KEY_ENCRYPTION_KEYS));
  }

  async onModuleInit() {
    if (this.store.encrypts) {
      const encrypted = await this.store.encryptPlaintext();
      if (encrypted > 0) this.logger.info({ keys: encrypted }, 'encrypted the stored signing keys');
    } else {
      this.logger.warn(
        'KEY_ENCRYPTION_KEYS is not set: signing keys are stored unencrypted (production refuses this)',
      );
    }
    if (!(await this.store.signingKey())) {
      await this.store.create();
    }
    await this.loadSigningKey();
  }

  /** Public keys of every key still in use (JWKS). */
  async publicKeys(): Promise<{ keys: JWK[] }> {
    const rows = await this.store.published();
    return { keys: rows.map((row) => row.publicJwk) };
  }

  async sign(claims: AccessTokenClaims): Promise<string> {
    if (!this.current) throw new Error('signing key not loaded');
    if (Date.now() - this.current.checkedAt > KEY_CHECK_MS) await this.loadSigningKey();
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALG, kid: this.current.kid, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.current.key);
  }

  // Another replica may have made one at the same moment: every replica signs with the same one.
  private async loadSigningKey() {
    const row = (await this.store.signingKey())!;
    const key =
      row.kid === this.current?.kid
        ? this.current.key
        : await importJWK(this.store.privateJwkOf(row), ALG);
    this.current = { kid: row.kid, key, checkedAt: Date.now() };
  }
}
