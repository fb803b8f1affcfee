import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of secrets at rest (the signing keys' private halves): each secret is
 * encrypted with AES-256-GCM under a fresh random data key, and the data key under a
 * key-encryption key (KEK) from KEY_ENCRYPTION_KEYS. The KEK's id is stored beside the
 * ciphertext, so that secrets sealed under an older KEK still open while the ring lists it.
 * Both layers authenticate `context` (e.g. the key's id): a ciphertext copied onto another row
 * does not open.
 */

/** What is stored beside the KEK id, every part base64. */
export interface SealedSecret {
  /** The data key encrypted under the KEK: IV (12 bytes), tag (16), ciphertext (32). */
  wrappedKey: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

export class KeyEncryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyEncryptionError';
  }
}

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** One KEK as KEY_ENCRYPTION_KEYS lists it: `id:` and 32 bytes in base64. */
const KEK_ENTRY = /^[A-Za-z0-9_-]{1,64}:[A-Za-z0-9+/]{43}=$/;
export const KEY_ENCRYPTION_KEYS_PATTERN =
  /^[A-Za-z0-9_-]{1,64}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,64}:[A-Za-z0-9+/]{43}=)*$/;

function encrypt(key: Buffer, plaintext: Buffer, context: string) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function decrypt(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, context: string) {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('malformed');
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/** The KEKs of KEY_ENCRYPTION_KEYS: the first seals, every one opens. */
export class KeyRing {
  private constructor(private readonly keys: ReadonlyMap<string, Buffer>) {}

  /** `id:base64[,id:base64…]`, the current KEK first; empty: no ring. */
  static parse(text: string): KeyRing | undefined {
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0) return undefined;
    const keys = new Map<string, Buffer>();
    for (const entry of entries) {
      if (!KEK_ENTRY.test(entry))
        throw new KeyEncryptionError(
          'KEY_ENCRYPTION_KEYS must list id:key pairs, each key 32 bytes in base64, comma-separated',
        );
      const [id, key] = entry.split(':') as [string, string];
      if (keys.has(id))
        throw new KeyEncryptionError(`KEY_ENCRYPTION_KEYS lists the id ${id} twice`);
      keys.set(id, Buffer.from(key, 'base64'));
    }
    return new KeyRing(keys);
  }

  /** Id of the KEK that seals. */
  get currentId(): string {
    return this.keys.keys().next().value as string;
  }

  has(id: string): boolean {
    return this.keys.has(id);
  }

  /** Seals under the current KEK; `context` must be given again to open. */
  seal(plaintext: Buffer, context: string): { kekId: string; sealed: SealedSecret } {
    const kekId = this.currentId;
    const dataKey = randomBytes(KEY_BYTES);
    try {
      const wrapped = encrypt(this.keys.get(kekId)!, dataKey, context);
      const body = encrypt(dataKey, plaintext, context);
      return {
        kekId,
        sealed: {
          wrappedKey: Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext]).toString(
            'base64',
          ),
          iv: body.iv.toString('base64'),
          tag: body.tag.toString('base64'),
          ciphertext: body.ciphertext.toString('base64'),
        },
      };
    } finally {
      dataKey.fill(0);
    }
  }

  /** Opens what `seal` made; refuses an unknown KEK, another context or any altered byte. */
  open(kekId: string, sealed: SealedSecret, context: string): Buffer {
    const kek = this.keys.get(kekId);
    if (!kek)
      throw new KeyEncryptionError(
        `sealed under the key-encryption key "${kekId}", which KEY_ENCRYPTION_KEYS does not list`,
      );
    let dataKey: Buffer | undefined;
    try {
      const wrapped = Buffer.from(sealed.wrappedKey, 'base64');
      dataKey = decrypt(
        kek,
        wrapped.subarray(0, IV_BYTES),
        wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
        wrapped.subarray(IV_BYTES + TAG_BYTES),
        context,
      );
      return decrypt(
        dataKey,
        Buffer.from(sealed.iv, 'base64'),
        Buffer.from(sealed.tag, 'base64'),
        Buffer.from(sealed.ciphertext, 'base64'),
        context,
      );
    } catch {
      throw new KeyEncryptionError(
        `cannot decrypt with the key-encryption key "${kekId}": wrong key or altered data`,
      );
    } finally {
      dataKey?.fill(0);
    }
  }
}
