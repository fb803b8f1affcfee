import type { BlobStore, NatsBlobStore } from '@kartlink/server-kit';
import { readBlob } from '@kartlink/server-kit';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { extract, pack } from 'tar-stream';

/**
 * The image bucket as a tar archive, streamed (a pod's disk is small): for each blob a JSON
 * entry with its name, type, metadata, size and digest, then its bytes; last, `manifest.json`
 * with the counts, so that a cut-short archive is refused instead of restored in part.
 */
const FORMAT = 'kartlink-images/1';
const ROOT = 'kartlink-images';

interface BlobEntry {
  name: string;
  contentType: string;
  metadata: Record<string, string>;
  size: number;
  digest: string;
}

interface Manifest {
  format: string;
  createdAt: string;
  blobs: number;
  bytes: number;
}

export interface ArchiveCount {
  blobs: number;
  bytes: number;
}

/** Writes every blob of the store to `file` (standard output when absent or "-"). */
export async function backupImages(store: NatsBlobStore, file?: string): Promise<ArchiveCount> {
  const output: Writable = file && file !== '-' ? createWriteStream(file) : process.stdout;
  if (output === process.stdout && process.stdout.isTTY)
    throw new Error('The archive would go to the terminal: name a file or redirect the output.');
  const archive = pack();
  archive.pipe(output);
  const count: ArchiveCount = { blobs: 0, bytes: 0 };
  for (const name of await store.names()) {
    // Gone since the listing (an incoming upload done, an image deleted): nothing to keep.
    const bytes = await readBlob(store, name);
    const info = bytes && (await store.stat(name));
    if (!bytes || !info) continue;
    const path = `${ROOT}/blobs/${createHash('sha256').update(name).digest('hex')}`;
    const entry: BlobEntry = {
      name,
      contentType: info.contentType,
      metadata: info.metadata,
      size: bytes.length,
      digest: info.digest,
    };
    await add(archive, `${path}.json`, Buffer.from(JSON.stringify(entry)));
    await add(archive, path, bytes);
    count.blobs += 1;
    count.bytes += bytes.length;
  }
  const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), ...count };
  await add(archive, `${ROOT}/manifest.json`, Buffer.from(JSON.stringify(manifest, null, 2)));
  const ended = new Promise<void>((done, fail) => {
    archive.once('end', done);
    archive.once('error', fail);
  });
  archive.finalize();
  await ended;
  // Standard output is never ended by a pipe (and on Linux written synchronously to a pipe or file).
  if (output !== process.stdout) await finished(output);
  return count;
}

/**
 * Writes the blobs of an archive from `file` (standard input when absent or "-") into the
 * store; each is checked against its recorded digest. A blob already there with the same
 * digest is skipped, so that a restore cut short can be run again.
 */
export async function restoreImages(store: BlobStore, file?: string): Promise<ArchiveCount> {
  const input: Readable = file && file !== '-' ? createReadStream(file) : process.stdin;
  const reader = extract();
  input.pipe(reader);
  const count: ArchiveCount = { blobs: 0, bytes: 0 };
  let pending: BlobEntry | undefined;
  let manifest: Manifest | undefined;
  for await (const item of reader) {
    const bytes = await collect(item);
    const path = item.header.name;
    if (path === `${ROOT}/manifest.json`) {
      manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    } else if (path.endsWith('.json')) {
      pending = JSON.parse(bytes.toString('utf8')) as BlobEntry;
    } else {
      if (!pending || bytes.length !== pending.size)
        throw new Error(`${path}: not a blob of a kartlink-images archive`);
      const existing = await store.stat(pending.name);
      if (existing?.digest !== pending.digest) {
        const written = await store.put(pending.name, bytes, {
          contentType: pending.contentType,
          metadata: pending.metadata,
        });
        if (written.digest !== pending.digest)
          throw new Error(`${pending.name}: its bytes do not match the digest in the archive`);
      }
      count.blobs += 1;
      count.bytes += bytes.length;
      pending = undefined;
    }
  }
  if (manifest?.format !== FORMAT)
    throw new Error('Not a complete kartlink-images archive: its manifest is missing.');
  if (manifest.blobs !== count.blobs || manifest.bytes !== count.bytes)
    throw new Error(
      `The archive is incomplete: ${count.blobs} of ${manifest.blobs} blobs restored.`,
    );
  return count;
}

function add(archive: ReturnType<typeof pack>, name: string, bytes: Buffer): Promise<void> {
  return new Promise((done, fail) => {
    archive.entry({ name, size: bytes.length, mode: 0o644 }, bytes, (err) =>
      err ? fail(err) : done(),
    );
  });
}

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
