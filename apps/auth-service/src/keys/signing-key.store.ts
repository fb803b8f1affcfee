import { ACCESS_TOKEN_TTL_SECONDS } from '@kartlink/contracts';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { IsNull, Not, type Repository } from 'typeorm';
import type { KeyRing } from '../crypto/key-encryption';
import { SigningKeyEntity } from './signing-key.entity';

export const ALG = 'EdDSA';

/**
 * A new key signs only once it has been published this long, so that a gateway (which re-reads
 * the public keys at most every 30 s) knows it before it sees a token signed with it.
 */
export const KEY_ACTIVATION_MS = 60_000;

/** A superseded key stays published until every token it signed has expired, plus a margin. */
const RETIRE_AFTER_MS = (ACCESS_TOKEN_TTL_SECONDS + 300) * 1000;

/** What binds a sealed private key to its row: a ciphertext moved to another row does not open. */
const contextOf = (kid: string) => `kartlink signing key ${kid}`;

/**
 * The signing keys in the database, private halves encrypted under the key ring (plain text only
 * without a ring, which production refuses). Shared by the service and the admin command.
 */
export class SigningKeyStore {
  constructor(
    private readonly keys: Repository<SigningKeyEntity>,
    private readonly ring: KeyRing | undefined,
  ) {}

  /** Whether private keys are stored encrypted (a key ring is set). */
  get encrypts(): boolean {
    return this.ring !== undefined;
  }

  /** Makes a key pair and stores it; answers its id. */
  async create(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(ALG, {
      crv: 'Ed25519',
      extractable: true,
    });
    const kid = randomUUID();
    const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    await this.keys.insert({
      kid,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
      ...this.privateColumns(kid, privateJwk),
    });
    return kid;
  }

  /** Keys still published, newest first. */
  published(): Promise<SigningKeyEntity[]> {
    return this.keys.find({
      where: { retiredAt: IsNull() },
      order: { createdAt: 'DESC', kid: 'ASC' },
    });
  }

  /**
   * The key that signs now: the newest one published for KEY_ACTIVATION_MS, or the oldest
   * published when none is that old (the very first key signs at once).
   */
  async signingKey(now = new Date()): Promise<SigningKeyEntity | undefined> {
    const rows = await this.published();
    return (
      rows.find((row) => now.getTime() - row.createdAt.getTime() >= KEY_ACTIVATION_MS) ??
      rows.at(-1)
    );
  }

  /** The private half of a stored key, decrypted. */
  privateJwkOf(row: SigningKeyEntity): JWK {
    if (row.privateJwk) return row.privateJwk;
    if (!this.ring)
      throw new Error(
        `the signing key ${row.kid} is encrypted: set KEY_ENCRYPTION_KEYS to the keys it was encrypted with`,
      );
    const opened = this.ring.open(row.kekId ?? '', row.sealedPrivateKey!, contextOf(row.kid));
    return JSON.parse(opened.toString('utf8')) as JWK;
  }

  /** Encrypts the keys stored in plain text (those from before KEY_ENCRYPTION_KEYS); answers how many. */
  async encryptPlaintext(): Promise<number> {
    if (!this.ring) return 0;
    const rows = await this.keys.find({ where: { privateJwk: Not(IsNull()) } });
    for (const row of rows) await this.rewrite(row);
    return rows.length;
  }

  /** Re-encrypts every key not under the current KEK (plain text included); answers how many. */
  async reencryptAll(): Promise<number> {
    if (!this.ring) return 0;
    const current = this.ring.currentId;
    const rows = (await this.keys.find()).filter((row) => row.kekId !== current);
    for (const row of rows) await this.rewrite(row);
    return rows.length;
  }

  /** Adds a new key, which signs from KEY_ACTIVATION_MS on, and retires the long superseded. */
  async rotate(now = new Date()): Promise<{ kid: string; retired: number }> {
    const kid = await this.create();
    return { kid, retired: await this.retireSuperseded(now) };
  }

  /** Stops publishing keys whose successor has signed for longer than a token lives. */
  async retireSuperseded(now = new Date()): Promise<number> {
    const rows = (await this.published()).reverse();
    let retired = 0;
    for (let i = 0; i + 1 < rows.length; i++) {
      const successorSince = rows[i + 1].createdAt.getTime() + KEY_ACTIVATION_MS;
      if (now.getTime() - successorSince < RETIRE_AFTER_MS) continue;
      await this.keys.update({ kid: rows[i].kid, retiredAt: IsNull() }, { retiredAt: now });
      retired++;
    }
    return retired;
  }

  private privateColumns(kid: string, privateJwk: JWK) {
    if (!this.ring) return { privateJwk, kekId: null, sealedPrivateKey: null };
    const { kekId, sealed } = this.ring.seal(
      Buffer.from(JSON.stringify(privateJwk)),
      contextOf(kid),
    );
    return { privateJwk: null, kekId, sealedPrivateKey: sealed };
  }

  private async rewrite(row: SigningKeyEntity) {
    await this.keys.update({ kid: row.kid }, this.privateColumns(row.kid, this.privateJwkOf(row)));
  }
}
