import { Readable } from 'node:stream';
import { type BlobInfo, type BlobStore, readBlob } from './blob-store';

/** A store that streams `pieces` and says the blob is `size` bytes (a store may be wrong). */
function storeOf(pieces: Uint8Array[], size: number): BlobStore {
  const info: BlobInfo = {
    key: 'k',
    size,
    digest: 'SHA-256=x',
    contentType: 'image/jpeg',
    metadata: {},
  };
  return {
    put: () => Promise.reject(new Error('read only')),
    get: (key) => Promise.resolve(key === 'k' ? { info, stream: Readable.from(pieces) } : null),
    stat: () => Promise.resolve(info),
    delete: () => Promise.resolve(),
  };
}

const bytes = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 255);

describe('readBlob', () => {
  const pieces = [bytes(1000, 1), bytes(70_000, 2), bytes(5, 3)];
  const whole = Buffer.concat(pieces);

  it('joins the pieces in order', async () => {
    expect((await readBlob(storeOf(pieces, whole.length), 'k'))!.equals(whole)).toBe(true);
  });

  it('reads every byte when the store announced fewer or more', async () => {
    expect((await readBlob(storeOf(pieces, 10), 'k'))!.equals(whole)).toBe(true);
    expect((await readBlob(storeOf(pieces, whole.length + 50), 'k'))!.equals(whole)).toBe(true);
  });

  it('reads an empty blob, and none when there is no blob', async () => {
    expect((await readBlob(storeOf([], 0), 'k'))!.length).toBe(0);
    expect(await readBlob(storeOf(pieces, whole.length), 'other')).toBeNull();
  });
});
