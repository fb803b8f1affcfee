import { connect, headers, JsHeaders, type NatsConnection, type ObjectStore } from 'nats';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { readBlob } from '../src/blob-store';
import { NatsBlobStore } from '../src/blob-store.nats';

// The run's NATS, set by the integration setup (@kartlink/testing depends on this library).
const bucket = `${process.env.NATS_SUBJECT_PREFIX!.replace(/[^A-Za-z0-9_-]/g, '_')}_blobtest`;

let connection: NatsConnection;
let blobs: NatsBlobStore;
/** nats.js's own object store client on the same bucket: what a backup or the nats CLI reads. */
let objects: ObjectStore;

beforeAll(async () => {
  connection = await connect({ servers: process.env.NATS_URL! });
  blobs = await NatsBlobStore.open(connection, bucket);
  objects = await connection.jetstream().views.os(bucket);
});

afterAll(async () => {
  await objects.destroy().catch(() => undefined);
  await connection.close();
});

/** A body in pieces of `size`, as a multipart file streams in. */
const pieces = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );

const chunkMessages = async (nuid: string) => {
  const info = await (
    await connection.jetstreamManager()
  ).streams.info(`OBJ_${bucket}`, { subjects_filter: `$O.${bucket}.C.${nuid}` });
  return Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
};

describe('NatsBlobStore in the NATS object store format', () => {
  it.each([
    ['a buffer', (bytes: Buffer) => bytes],
    ['a stream of 64 KiB pieces', (bytes: Buffer) => pieces(bytes, 64 * 1024)],
    ['a stream of odd pieces', (bytes: Buffer) => pieces(bytes, 100_001)],
  ])('writes %s that nats.js reads back, with the digest nats.js gives', async (_, as) => {
    const bytes = randomBytes(1_000_000 + 12_345);
    const stored = await blobs.put('ours/photo.jpg', as(bytes), {
      contentType: 'image/jpeg',
      metadata: { kind: 'product' },
    });
    const theirs = await objects.putBlob({ name: 'theirs/photo.jpg' }, bytes);

    expect(stored).toEqual({
      key: 'ours/photo.jpg',
      size: bytes.length,
      digest: theirs.digest,
      contentType: 'image/jpeg',
      metadata: { kind: 'product' },
    });
    const info = await objects.info('ours/photo.jpg');
    expect(info).toMatchObject({
      name: 'ours/photo.jpg',
      size: bytes.length,
      chunks: Math.ceil(bytes.length / (128 * 1024)),
      digest: theirs.digest,
      deleted: false,
      metadata: { kind: 'product', contentType: 'image/jpeg' },
    });
    expect(Buffer.from((await objects.getBlob('ours/photo.jpg'))!).equals(bytes)).toBe(true);
    expect((await readBlob(blobs, 'theirs/photo.jpg'))!.equals(bytes)).toBe(true);
    expect((await readBlob(blobs, 'ours/photo.jpg'))!.equals(bytes)).toBe(true);
  });

  it('reads, stats and deletes what nats.js wrote, metadata included', async () => {
    const bytes = randomBytes(300_000);
    await objects.putBlob(
      { name: 'from-nats.png', metadata: { contentType: 'image/png', kind: 'shop' } },
      bytes,
    );
    const got = await blobs.get('from-nats.png');
    expect(got!.info).toMatchObject({ key: 'from-nats.png', size: bytes.length });
    expect(got!.info.contentType).toBe('image/png');
    expect(got!.info.metadata).toEqual({ kind: 'shop' });
    const chunks: Buffer[] = [];
    for await (const chunk of got!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await blobs.stat('from-nats.png')).toEqual(got!.info);

    await blobs.delete('from-nats.png');
    expect(await blobs.stat('from-nats.png')).toBeNull();
    expect(await blobs.get('from-nats.png')).toBeNull();
    expect(await objects.info('from-nats.png')).toBeNull();
  });

  it('keeps an empty blob', async () => {
    await blobs.put('empty', Buffer.alloc(0), { contentType: 'text/plain' });
    expect((await readBlob(blobs, 'empty'))!.length).toBe(0);
    expect(Buffer.from((await objects.getBlob('empty'))!).length).toBe(0);
  });

  it('drops the chunks of the bytes a put replaces', async () => {
    await blobs.put('again', randomBytes(200_000), { contentType: 'image/jpeg' });
    const first = (await objects.info('again'))!.nuid;
    const second = randomBytes(150_000);
    await blobs.put('again', second, { contentType: 'image/jpeg' });

    expect((await objects.info('again'))!.nuid).not.toBe(first);
    expect(await chunkMessages(first)).toBe(0);
    expect((await readBlob(blobs, 'again'))!.equals(second)).toBe(true);
  });

  it('leaves no chunk behind when the bytes stop half-way', async () => {
    const broken = new Readable({ read() {} });
    broken.push(randomBytes(400_000));
    setTimeout(() => broken.destroy(new Error('client went away')), 20);
    await expect(blobs.put('half', broken, { contentType: 'image/jpeg' })).rejects.toThrow(
      'client went away',
    );
    expect(await blobs.stat('half')).toBeNull();
    const info = await (
      await connection.jetstreamManager()
    ).streams.info(`OBJ_${bucket}`, { subjects_filter: `$O.${bucket}.C.>` });
    const live = new Set(
      (await objects.list()).filter((o) => !o.deleted).map((o) => `$O.${bucket}.C.${o.nuid}`),
    );
    expect(Object.keys(info.state.subjects ?? {}).filter((s) => !live.has(s))).toEqual([]);
  });

  it('ends the stream with an error when the bytes do not match the digest', async () => {
    const bytes = randomBytes(200_000);
    await blobs.put('tampered', bytes, { contentType: 'image/jpeg' });
    const entry = (await objects.info('tampered'))!;
    const other = await objects.putBlob({ name: 'other' }, randomBytes(200_000));
    // The entry of "tampered" now claims another object's digest.
    const rollup = headers();
    rollup.set(JsHeaders.RollupHdr, JsHeaders.RollupValueSubject);
    const meta = `$O.${bucket}.M.${Buffer.from('tampered').toString('base64url')}=`;
    await connection.jetstream().publish(
      meta,
      JSON.stringify({
        bucket,
        nuid: entry.nuid,
        size: entry.size,
        chunks: entry.chunks,
        name: 'tampered',
        mtime: entry.mtime,
        digest: other.digest,
        deleted: false,
      }),
      { headers: rollup },
    );
    expect((await blobs.stat('tampered'))!.digest).toBe(other.digest);
    await expect(readBlob(blobs, 'tampered')).rejects.toThrow(/do not match its digest/);
  });
});
