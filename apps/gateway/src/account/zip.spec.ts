import { crc32 } from 'node:zlib';
import { dosDateTime, zipStream } from './zip';

/** The files of a zip as an unzip tool finds them: from the central directory, CRC checked. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26);
    const bytes = zip.subarray(start, start + size);
    expect(crc32(bytes)).toBe(zip.readUInt32LE(at + 16));
    files.set(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), bytes);
    at += 46 + nameLength;
  }
  return files;
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('writes each file whole, readable from the central directory, and skips missing ones', async () => {
    const written: string[] = [];
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const zip = await collect(
      zipStream(
        [
          { name: 'images/a.jpg', bytes: async () => photo },
          { name: 'images/gone.jpg', bytes: async () => null },
          { name: 'account.json', bytes: async () => Buffer.from('{"ok":"दुकान"}') },
        ],
        new Date(2026, 10, 28, 21, 30, 10),
        written,
      ),
    );
    expect(written).toEqual(['images/a.jpg', 'account.json']);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(['images/a.jpg', 'account.json']);
    expect(files.get('images/a.jpg')).toEqual(photo);
    expect(JSON.parse(files.get('account.json')!.toString('utf8'))).toEqual({ ok: 'दुकान' });
  });

  it('makes an empty archive a tool can still open', async () => {
    const zip = await collect(zipStream([]));
    expect(zip).toHaveLength(22);
    expect(readZip(zip).size).toBe(0);
  });

  it('dates entries in MS-DOS form', () => {
    expect(dosDateTime(new Date(2026, 10, 28, 21, 30, 11))).toEqual({
      time: (21 << 11) | (30 << 5) | 5,
      date: (46 << 9) | (11 << 5) | 28,
    });
  });
});
