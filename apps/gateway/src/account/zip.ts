import { crc32 } from 'node:zlib';

/** One file of a zip: its name inside it and its bytes (read when its turn comes). */
export interface ZipFile {
  name: string;
  bytes: () => Promise<Buffer | null>;
}

/** Fields past 4 GiB need ZIP64, which this writer does not make. */
const MAX_32 = 0xffffffff;
/** Bit 11: the names are UTF-8. */
const UTF8_NAMES = 0x0800;

/** The MS-DOS time and date a zip entry carries (local time of the writer, 2-second steps). */
export function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.max(1980, when.getFullYear());
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

/**
 * A zip archive written as it goes: one file's bytes at a time (images are stored as they are,
 * they are compressed already), then the central directory. Each entry's size and CRC are in
 * its local header, so every unzip tool reads it, streaming ones included. A file whose bytes
 * are gone (null) is left out; the names of those written are answered by `written`.
 */
export async function* zipStream(
  files: AsyncIterable<ZipFile> | Iterable<ZipFile>,
  when: Date = new Date(),
  written: string[] = [],
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(when);
  const entries: Written[] = [];
  let offset = 0;
  for await (const file of files) {
    const bytes = await file.bytes();
    if (!bytes) continue;
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(bytes);
    if (bytes.length > MAX_32 || offset > MAX_32) throw new Error('The archive is too large');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(bytes.length, 18);
    header.writeUInt32LE(bytes.length, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    yield Buffer.concat([header, name]);
    yield bytes;
    entries.push({ name, crc, size: bytes.length, offset });
    written.push(file.name);
    offset += header.length + name.length + bytes.length;
  }
  const directory: Buffer[] = [];
  for (const entry of entries) {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(UTF8_NAMES, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.size, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    // Extra field, comment, disk number, internal and external attributes: none.
    record.writeUInt32LE(entry.offset, 42);
    directory.push(record, entry.name);
  }
  const central = Buffer.concat(directory);
  if (entries.length > 0xffff || offset > MAX_32) throw new Error('The archive is too large');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([central, end]);
}
