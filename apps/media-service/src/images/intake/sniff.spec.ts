import { sniffImage } from './sniff';

/** Headers written by hand: the sniffer must read sizes without decoding anything. */
function png(width: number, height: number) {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function jpeg(width: number, height: number, { exifBytes = 0 } = {}) {
  const app1 = Buffer.alloc(4 + exifBytes);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(2 + exifBytes, 2);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc2, 0); // progressive
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xda])]);
}

function gif(width: number, height: number, frames: number) {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  header[10] = 0x80; // a global colour table of 2 colours
  const table = Buffer.alloc(6);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]);
  const extension = Buffer.from([0x21, 0xf9, 0x04, 0, 0, 0, 0, 0x00]);
  const body = Array.from({ length: frames }, () => Buffer.concat([extension, frame]));
  return Buffer.concat([header, table, ...body, Buffer.from([0x3b])]);
}

function webpVp8x(width: number, height: number) {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBP', 8, 'latin1');
  bytes.write('VP8X', 12, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

describe('sniffImage', () => {
  it('reads a PNG and its size from the IHDR chunk', () => {
    expect(sniffImage(png(640, 480))).toEqual({
      kind: 'image',
      type: 'png',
      size: { width: 640, height: 480, frames: 1 },
    });
  });

  it('walks JPEG segments (a large EXIF block first) to the frame header', () => {
    expect(sniffImage(jpeg(4000, 3000, { exifBytes: 20_000 }))).toMatchObject({
      type: 'jpeg',
      size: { width: 4000, height: 3000 },
    });
  });

  it('counts the frames of an animated GIF', () => {
    expect(sniffImage(gif(300, 200, 3))).toMatchObject({
      type: 'gif',
      size: { width: 300, height: 200, frames: 3 },
    });
  });

  it('reads the canvas of an extended WebP', () => {
    expect(sniffImage(webpVp8x(1200, 400))).toMatchObject({
      type: 'webp',
      size: { width: 1200, height: 400, frames: 1 },
    });
  });

  it('knows a 50000×50000 bomb from its header alone', () => {
    expect(sniffImage(png(50_000, 50_000))).toMatchObject({
      size: { width: 50_000, height: 50_000 },
    });
  });

  it('leaves the size out when a JPEG has no frame header before its scan', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4]), Buffer.alloc(200)]);
    expect(sniffImage(bytes)).toEqual({ kind: 'image', type: 'jpeg', size: undefined });
  });

  it.each([
    ['svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['svg', '\uFEFF  <?xml version="1.0"?><svg/>'],
    ['svg', '<!-- made by hand --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"><svg/>'],
  ])('refuses %s drawings as an unsupported type', (format, text) => {
    expect(sniffImage(Buffer.from(text))).toEqual({ kind: 'unsupported', format });
  });

  it.each([
    [
      'heic',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(90)]),
    ],
    [
      'avif',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypavif'), Buffer.alloc(90)]),
    ],
    ['tiff', Buffer.concat([Buffer.from('II*\u0000', 'latin1'), Buffer.alloc(96)])],
    ['bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(98)])],
  ])('names other image formats (%s) so they are refused as unsupported', (format, bytes) => {
    expect(sniffImage(bytes)).toEqual({ kind: 'unsupported', format });
  });

  it.each([
    ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'.repeat(3))],
    ['a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)])],
    ['plain text', Buffer.from('hello '.repeat(30))],
  ])('does not take %s for an image', (_label, bytes) => {
    expect(sniffImage(bytes)).toEqual({ kind: 'unknown' });
  });
});
