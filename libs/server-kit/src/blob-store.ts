import type { Readable } from 'node:stream';

/** What the store knows of one blob. */
export interface BlobInfo {
  key: string;
  size: number;
  /** Digest of the content, e.g. "SHA-256=<base64url>": the same bytes give the same digest. */
  digest: string;
  contentType: string;
  /** Small string facts written with the blob (e.g. the image's kind and size in pixels). */
  metadata: Record<string, string>;
}

export interface BlobWrite {
  contentType: string;
  metadata?: Record<string, string>;
}

/**
 * Where uploaded and processed images live. Kept this small so that an S3-compatible store
 * can stand beside the NATS object store (blob-store.nats.ts): a put replaces the whole blob
 * at once, readers see either the old bytes or the new, never a mix.
 */
export interface BlobStore {
  put(key: string, data: Buffer | Readable, meta: BlobWrite): Promise<BlobInfo>;
  /** The blob's bytes as a stream, with its info; null when there is none. */
  get(key: string): Promise<{ info: BlobInfo; stream: Readable } | null>;
  /** The blob's info without its bytes (is it there, what type, which digest); null when absent. */
  stat(key: string): Promise<BlobInfo | null>;
  /** Removes the blob; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/**
 * A whole blob in memory (for images, which are at most a few megabytes). The chunks are copied
 * once, into a buffer of the size the store announced: a 4 MB upload read chunk by chunk and
 * then joined was copied twice and left some 60 buffers for the garbage collector.
 */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await store.get(key);
  if (!blob) return null;
  let bytes = Buffer.allocUnsafe(blob.info.size);
  let length = 0;
  for await (const chunk of blob.stream) {
    const piece = chunk as Uint8Array;
    // A store whose stream holds more than its info said: the buffer grows.
    if (length + piece.length > bytes.length)
      bytes = Buffer.concat(
        [bytes.subarray(0, length)],
        Math.max(length + piece.length, bytes.length * 2),
      );
    bytes.set(piece, length);
    length += piece.length;
  }
  return bytes.subarray(0, length);
}

/** The digest as an HTTP entity tag: quoted, without the algorithm name. */
export function etagOf(info: Pick<BlobInfo, 'digest'>): string {
  return `"${info.digest.replace(/^[A-Za-z0-9-]+=/, '')}"`;
}
