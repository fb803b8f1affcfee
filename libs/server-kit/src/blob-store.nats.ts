import {
  consumerOpts,
  headers,
  type JetStreamClient,
  type JetStreamManager,
  JsHeaders,
  type MsgRequest,
  type NatsConnection,
  nuid,
  type ObjectStore,
  type PubAck,
  StorageType,
} from 'nats';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BlobInfo, BlobStore, BlobWrite } from './blob-store';
import {
  ensureStreamReplicas,
  type StreamReplicas,
  untilJetStreamAnswers,
} from './jetstream-replicas';

/** The object store's chunk size (nats.js and the Go client write 128 KiB chunks). */
const MAX_CHUNK_BYTES = 128 * 1024;
const DIGEST_TYPE = 'SHA-256=';
/** A read whose next chunk does not come this long asks the stream's leader for the rest. */
const CHUNK_STALL_MS = 3_000;

/**
 * An object's entry on the bucket's meta subject, as the NATS object store writes it (ADR-20):
 * the same fields in the same JSON, so any object store client (nats.js, the nats CLI, a backup)
 * reads what this store writes, and this store reads theirs.
 */
interface ServerObjectInfo {
  bucket: string;
  nuid: string;
  size: number;
  chunks: number;
  name: string;
  description?: string;
  options?: { max_chunk_size?: number; link?: unknown };
  metadata?: Record<string, string>;
  headers?: Record<string, string[]>;
  mtime: string;
  digest: string;
  deleted?: boolean;
}

/**
 * The blob store on the NATS JetStream object store: NATS is already required, durable and,
 * in a cluster, replicated. One bucket per environment (its name comes from the subject
 * prefix), so test runs and environments sharing a NATS never see each other's blobs.
 *
 * Objects are written and read here in the object store's own format (chunks on
 * `$O.<bucket>.C.<nuid>`, the entry on `$O.<bucket>.M.<name>` with its SHA-256 digest), with
 * node:crypto's SHA-256: nats.js hashes every chunk in JavaScript, some 15 times slower, on
 * the event loop (a 4 MB upload cost ~55 ms to write and as much to read on each side).
 */
export class NatsBlobStore implements BlobStore {
  private readonly streamName: string;

  private constructor(
    private readonly bucket: string,
    private readonly store: ObjectStore,
    private readonly connection: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly manager: JetStreamManager,
  ) {
    this.streamName = `OBJ_${bucket}`;
  }

  /**
   * Opens the bucket, creating it on first use (any replica may come first) with `replicas`
   * copies (JETSTREAM_REPLICAS); a bucket made with fewer is raised to them.
   */
  static async open(
    connection: NatsConnection,
    bucket: string,
    options: StreamReplicas = {},
  ): Promise<NatsBlobStore> {
    const js = connection.jetstream();
    return untilJetStreamAnswers(async () => {
      const store = await js.views.os(bucket, {
        storage: StorageType.File,
        replicas: options.replicas ?? 1,
      });
      const manager = await connection.jetstreamManager();
      const existing = await manager.streams.info(`OBJ_${bucket}`);
      await ensureStreamReplicas(manager, existing, options);
      return new NatsBlobStore(bucket, store, connection, js, manager);
    }, options.logger);
  }

  /**
   * Writes the chunks as they come (each published without waiting for the one before, as
   * nats.js does), then the entry that makes the object visible; a put over an existing name
   * drops the old chunks once the new entry is in. A failure half-way removes the new chunks.
   */
  async put(key: string, data: Buffer | Readable, meta: BlobWrite): Promise<BlobInfo> {
    const maxChunk = Math.min(MAX_CHUNK_BYTES, this.connection.info?.max_payload ?? 1024);
    const id = nuid.next();
    const chunkSubject = this.chunkSubject(id);
    // Looked up while the chunks go out, not before.
    const previous = this.entry(key);
    previous.catch(() => undefined);
    const hash = createHash('sha256');
    const acks: Promise<PubAck>[] = [];
    let size = 0;
    const send = (payload: Uint8Array) => {
      hash.update(payload);
      size += payload.length;
      const ack = this.js.publish(chunkSubject, payload);
      ack.catch(() => undefined);
      acks.push(ack);
    };
    try {
      if (Buffer.isBuffer(data)) {
        for (let at = 0; at < data.length; at += maxChunk)
          send(data.subarray(at, Math.min(at + maxChunk, data.length)));
      } else {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const piece of data) {
          const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes < maxChunk) continue;
          const joined = Buffer.concat(pending, pendingBytes);
          let at = 0;
          for (; joined.length - at >= maxChunk; at += maxChunk)
            send(joined.subarray(at, at + maxChunk));
          pending = at < joined.length ? [joined.subarray(at)] : [];
          pendingBytes = joined.length - at;
        }
        if (pendingBytes > 0) send(Buffer.concat(pending, pendingBytes));
      }
      await Promise.all(acks);
      const entry: ServerObjectInfo = {
        bucket: this.bucket,
        nuid: id,
        size,
        chunks: acks.length,
        name: key,
        description: '',
        options: { max_chunk_size: maxChunk },
        metadata: { ...meta.metadata, contentType: meta.contentType },
        mtime: new Date().toISOString(),
        digest: `${DIGEST_TYPE}${paddedBase64Url(hash.digest())}`,
        deleted: false,
      };
      // The entry replaces the name's earlier ones (a rollup of its subject).
      const rollup = headers();
      rollup.set(JsHeaders.RollupHdr, JsHeaders.RollupValueSubject);
      await this.js.publish(this.metaSubject(key), JSON.stringify(entry), { headers: rollup });
      const old = await previous.catch(() => null);
      if (old && old.nuid !== id)
        await this.manager.streams
          .purge(this.streamName, { filter: this.chunkSubject(old.nuid) })
          .catch(() => undefined);
      return toBlobInfo(entry);
    } catch (err) {
      await Promise.allSettled(acks);
      await this.manager.streams
        .purge(this.streamName, { filter: chunkSubject })
        .catch(() => undefined);
      throw err;
    }
  }

  /**
   * The object's chunks in order, from an ordered consumer (as nats.js reads them); the stream
   * ends with an error when the bytes do not match the entry's size and digest.
   */
  async get(key: string): Promise<{ info: BlobInfo; stream: Readable } | null> {
    const entry = await this.entry(key);
    if (!entry || entry.deleted) return null;
    if (entry.options?.link) return this.getLinked(key);
    const expected = digestBytes(entry.digest);
    if (!expected) throw new Error(`Unknown digest for blob ${key}: ${entry.digest}`);
    const info = toBlobInfo(entry);
    if (entry.size === 0) return { info, stream: Readable.from([]) };

    const options = consumerOpts();
    options.orderedConsumer();
    const chunkSubject = this.chunkSubject(entry.nuid);
    const subscription = await this.js.subscribe(chunkSubject, options);
    const stream = new Readable({
      read() {
        // Chunks are pushed as they arrive: a blob is a few megabytes at most.
      },
      destroy(err, done) {
        subscription.unsubscribe();
        done(err);
      },
    });
    const hash = createHash('sha256');
    let received = 0;
    let stalled: NodeJS.Timeout | undefined;
    // Ends the subscription (and so the loop) when no chunk came for a while.
    const watch = () => {
      clearTimeout(stalled);
      stalled = setTimeout(() => subscription.unsubscribe(), CHUNK_STALL_MS);
    };
    const take = (data: Uint8Array) => {
      if (data.length === 0) return;
      hash.update(data);
      received += data.length;
      stream.push(data);
    };
    void (async () => {
      let lastSeq = 0;
      watch();
      for await (const message of subscription) {
        watch();
        lastSeq = message.seq;
        take(message.data);
        // The entry's size says when the object is whole, not the consumer's pending count: a
        // consumer placed on a replica still catching up (its node just restarted) sees the
        // stream as far as that replica has it, and counts 0 pending before the last chunk.
        if (received >= entry.size) break;
      }
      clearTimeout(stalled);
      subscription.unsubscribe();
      // The consumer stalled (on such a replica): the rest comes one chunk at a time from the
      // stream's leader, which has every acknowledged chunk.
      while (received < entry.size && !stream.destroyed) {
        const chunk = await this.manager.streams
          .getMessage(this.streamName, nextChunk(chunkSubject, lastSeq + 1))
          .catch((err: { code?: string }) => {
            if (err.code === '404') return null;
            throw err;
          });
        if (!chunk) break;
        lastSeq = chunk.seq;
        take(chunk.data);
      }
      if (stream.destroyed) return;
      if (received !== entry.size || !hash.digest().equals(expected))
        throw new Error(`Blob ${key} is corrupt: its bytes do not match its digest`);
      stream.push(null);
    })().catch((err: unknown) => stream.destroy(err as Error));
    return { info, stream };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const entry = await this.entry(key);
    return entry && !entry.deleted ? toBlobInfo(entry) : null;
  }

  /** Every blob's name, in order (for a backup of the bucket): read from the objects' entries. */
  async names(): Promise<string[]> {
    const objects = await this.store.list();
    return objects
      .filter((info) => !info.deleted)
      .map((info) => info.name)
      .sort();
  }

  async delete(key: string): Promise<void> {
    const { success } = await this.store.delete(key);
    if (!success) return;
    // The object store keeps a "deleted" marker per name; names here are used once, so the
    // marker is purged as well instead of piling up with every upload.
    await this.manager.streams.purge(this.streamName, { filter: this.metaSubject(key) });
  }

  /** The name's latest entry on the meta subject; null when it never had one. */
  private async entry(key: string): Promise<ServerObjectInfo | null> {
    try {
      const message = await this.manager.streams.getMessage(this.streamName, {
        last_by_subj: this.metaSubject(key),
      });
      return message.json<ServerObjectInfo>();
    } catch (err) {
      if ((err as { code?: string }).code === '404') return null;
      throw err;
    }
  }

  /** A link to another object (this store writes none; another client may): read by nats.js. */
  private async getLinked(key: string): Promise<{ info: BlobInfo; stream: Readable } | null> {
    const result = await this.store.get(key);
    if (!result) return null;
    const stream = Readable.fromWeb(result.data as unknown as WebReadableStream<Uint8Array>);
    return { info: toBlobInfo({ ...result.info, digest: result.info.digest }), stream };
  }

  private chunkSubject(id: string): string {
    return `$O.${this.bucket}.C.${id}`;
  }

  /** The object store names an object by its padded base64url. */
  private metaSubject(key: string): string {
    return `$O.${this.bucket}.M.${paddedBase64Url(Buffer.from(key, 'latin1'))}`;
  }
}

/**
 * The first message of `subject` from `seq` on, as the stream's leader answers it (nats-server
 * 2.9+ takes next_by_subj in STREAM.MSG.GET; nats.js types it for direct gets only, which any
 * replica answers, a lagging one included).
 */
function nextChunk(subject: string, seq: number): MsgRequest {
  return { next_by_subj: subject, seq } as unknown as MsgRequest;
}

/** Node's base64url leaves the padding out; the object store keeps it. */
function paddedBase64Url(bytes: Buffer): string {
  const encoded = bytes.toString('base64url');
  return encoded + '='.repeat((4 - (encoded.length % 4)) % 4);
}

/** "SHA-256=" and the digest in base64 (url or standard, padded or not) or hex, as nats.js reads it. */
function digestBytes(digest: string): Buffer | null {
  if (!digest.startsWith(DIGEST_TYPE)) return null;
  const value = digest.slice(DIGEST_TYPE.length);
  const bytes = /^([0-9a-f]{64}|[0-9A-F]{64})$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  return bytes?.length === 32 ? bytes : null;
}

function toBlobInfo(info: {
  name: string;
  size: number;
  digest: string;
  metadata?: Record<string, string>;
}): BlobInfo {
  const { contentType = 'application/octet-stream', ...metadata } = info.metadata ?? {};
  return { key: info.name, size: info.size, digest: info.digest, contentType, metadata };
}
