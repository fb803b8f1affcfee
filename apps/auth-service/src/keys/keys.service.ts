import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@kartlink/contracts';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import { SigningKeyEntity } from './signing-key.entity';

const TOKEN_ISSUER = 'kartlink-auth';
const TOKEN_AUDIENCE = 'kartlink';
const ALG = 'EdDSA';

/**
 * Signs access tokens with the newest Ed25519 key and publishes the public keys, which the
 * gateway uses to check tokens without a round trip. The first replica to start makes a key.
 */
@Injectable()
export class KeysService implements OnModuleInit {
  private current?: { kid: string; key: KeyLike | Uint8Array };

  constructor(
    @InjectRepository(SigningKeyEntity) private readonly keys: Repository<SigningKeyEntity>,
  ) {}

  async onModuleInit() {
    let newest = await this.newestKey();
    if (!newest) {
      const { publicKey, privateKey } = await generateKeyPair(ALG, {
        crv: 'Ed25519',
        extractable: true,
      });
      const kid = randomUUID();
      await this.keys.insert({
        kid,
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
        privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
      });
      // Another replica may have made one at the same moment: every replica signs with the same newest.
      newest = (await this.newestKey())!;
    }
    this.current = { kid: newest.kid, key: await importJWK(newest.privateJwk, ALG) };
  }

  /** Public keys of every key still in use (JWKS). */
  async publicKeys(): Promise<{ keys: JWK[] }> {
    const rows = await this.keys.find({
      where: { retiredAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
    return { keys: rows.map((row) => row.publicJwk) };
  }

  async sign(claims: AccessTokenClaims): Promise<string> {
    if (!this.current) throw new Error('signing key not loaded');
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

  private newestKey() {
    return this.keys.findOne({
      where: { retiredAt: IsNull() },
      order: { createdAt: 'DESC', kid: 'ASC' },
    });
  }
}
