import { randomBytes } from 'node:crypto';
import { KeyEncryptionError, KeyRing, type SealedSecret } from './key-encryption';

const newKeyEncryptionKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

const secret = Buffer.from('{"kty":"OKP","crv":"Ed25519","d":"private part"}');
const flip = (base64: string, at = 0) => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[at] ^= 1;
  return bytes.toString('base64');
};

describe('KeyRing', () => {
  const first = newKeyEncryptionKey('k1');
  const second = newKeyEncryptionKey('k2');

  it('seals under the first key, with nothing of the plain text in what is stored', () => {
    const ring = KeyRing.parse(`${first},${second}`)!;
    const { kekId, sealed } = ring.seal(secret, 'kid-1');
    expect(kekId).toBe('k1');
    expect(JSON.stringify(sealed)).not.toContain('private part');
    expect(Buffer.from(sealed.ciphertext, 'base64').includes(secret)).toBe(false);
    expect(ring.open(kekId, sealed, 'kid-1')).toEqual(secret);
  });

  it('opens what an older key sealed while the ring still lists it', () => {
    const old = KeyRing.parse(first)!.seal(secret, 'kid-1');
    const rotated = KeyRing.parse(`${second},${first}`)!;
    expect(rotated.currentId).toBe('k2');
    expect(rotated.open(old.kekId, old.sealed, 'kid-1')).toEqual(secret);
    expect(() => KeyRing.parse(second)!.open(old.kekId, old.sealed, 'kid-1')).toThrow(
      'sealed under the key-encryption key "k1", which KEY_ENCRYPTION_KEYS does not list',
    );
  });

  it('refuses a wrong key under the same id, another row, and any altered byte', () => {
    const { kekId, sealed } = KeyRing.parse(first)!.seal(secret, 'kid-1');
    const impostor = KeyRing.parse(newKeyEncryptionKey('k1'))!;
    expect(() => impostor.open(kekId, sealed, 'kid-1')).toThrow(KeyEncryptionError);
    const ring = KeyRing.parse(first)!;
    expect(() => ring.open(kekId, sealed, 'kid-2')).toThrow(
      'cannot decrypt with the key-encryption key "k1": wrong key or altered data',
    );
    const altered: SealedSecret[] = [
      { ...sealed, ciphertext: flip(sealed.ciphertext) },
      { ...sealed, tag: flip(sealed.tag) },
      { ...sealed, iv: flip(sealed.iv) },
      { ...sealed, wrappedKey: flip(sealed.wrappedKey, 40) },
    ];
    for (const tampered of altered) {
      expect(() => ring.open(kekId, tampered, 'kid-1')).toThrow(KeyEncryptionError);
    }
  });

  it('reads no ring from empty text, and refuses malformed or repeated entries', () => {
    expect(KeyRing.parse('')).toBeUndefined();
    expect(() => KeyRing.parse('k1:short')).toThrow('each key 32 bytes in base64');
    expect(() => KeyRing.parse(`${first},${first}`)).toThrow('lists the id k1 twice');
  });
});
