import {
  type NatsConnection,
  type ObjectInfo,
  type ObjectStore,
  StorageType,
  type JetStreamManager,
} from 'nats';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BlobInfo, BlobStore, BlobWrite } from './blob-store';

/**
 * The blob store on the NATS JetStream object store: NATS is already required, durable and,
 * in a cluster, replicated. One bucket per environment (its name comes from the subject
 * prefix), so test runs and environments sharing a NATS never see each other's blobs.
 */
export class NatsBlobStore implements BlobStore {
  private constructor(
    private readonly bucket: string,
    private readonly store: ObjectStore,
    private readonly manager: JetStreamManager,
  ) {}

  /** Opens the bucket, creating it on first use (any replica may come first). */
  static async open(
    connection: NatsConnection,
    bucket: string,
    options: { replicas?: number } = {},
  ): Promise<NatsBlobStore> {
    const store = await connection
      .jetstream()
      .views.os(bucket, { storage: StorageType.File, replicas: options.replicas ?? 1 });
    return new NatsBlobStore(bucket, store, await connection.jetstreamManager());
  }

  async put(key: string, data: Buffer | Readable, meta: BlobWrite): Promise<BlobInfo> {
    const header = { name: key, metadata: { ...meta.metadata, contentType: meta.contentType } };
    const info = Buffer.isBuffer(data)
      ? await this.store.putBlob(header, data)
      : await this.store.put(header, Readable.toWeb(data) as unknown as ReadableStream<Uint8Array>);
    return toBlobInfo(info);
  }

  async get(key: string): Promise<{ info: BlobInfo; stream: Readable } | null> {
    const result = await this.store.get(key);
    if (!result) return null;
    // A failure half-way (a corrupt chunk, a lost connection) ends the stream with an error.
    const stream = Readable.fromWeb(result.data as unknown as WebReadableStream<Uint8Array>);
    return { info: toBlobInfo(result.info), stream };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const info = await this.store.info(key);
    return info && !info.deleted ? toBlobInfo(info) : null;
  }

  async delete(key: string): Promise<void> {
    const { success } = await this.store.delete(key);
    if (!success) return;
    // The object store keeps a "deleted" marker per name; names here are used once, so the
    // marker is purged as well instead of piling up with every upload.
    await this.manager.streams.purge(`OBJ_${this.bucket}`, {
      filter: `$O.${this.bucket}.M.${Buffer.from(key, 'latin1').toString('base64url')}${padding(key)}`,
    });
  }
}

/** The object store names a blob by padded base64url; Node's base64url leaves the padding out. */
function padding(key: string): string {
  const remainder = Buffer.byteLength(key, 'latin1') % 3;
  return remainder === 0 ? '' : '='.repeat(3 - remainder);
}

function toBlobInfo(info: ObjectInfo): BlobInfo {
  const { contentType = 'application/octet-stream', ...metadata } = info.metadata ?? {};
  return { key: info.name, size: info.size, digest: info.digest, contentType, metadata };
}
