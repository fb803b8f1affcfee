import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { QrCodes, QR_SIZES } from './qr-codes';

function read(body: Buffer) {
  const png = PNG.sync.read(body);
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { png, text: found?.data, corner: found?.location.topLeftCorner };
}

describe('QR codes', () => {
  // The longest page address there can be: a 50-character shop URL and a 40-character code.
  const longest = `https://shop.example.co.in/${'a'.repeat(50)}/${'b'.repeat(40)}`;

  it.each(QR_SIZES)(
    'makes a %i px PNG of even the longest address that reads back',
    async (size) => {
      const image = await new QrCodes().of(longest, 'png', size);
      const { png, text, corner } = read(image.body);
      expect({ width: png.width, height: png.height, text }).toEqual({
        width: size,
        height: size,
        text: longest,
      });
      // A white border all round, at least as wide as the code's own corner is in.
      const margin = Math.floor(corner!.x);
      expect(margin).toBeGreaterThan(0);
      let dark = 0;
      for (let i = 0; i < size; i += 1)
        for (let j = 0; j < margin; j += 1)
          for (const [x, y] of [
            [i, j],
            [j, i],
            [i, size - 1 - j],
            [size - 1 - j, i],
          ])
            if (png.data[(y * size + x) * 4] < 128) dark += 1;
      expect(dark).toBe(0);
    },
  );

  it('makes each code once and answers the same picture, with an ETag of its bytes', async () => {
    const codes = new QrCodes();
    const first = await codes.of('https://kartlink.in/asha', 'svg', 512);
    expect(await codes.of('https://kartlink.in/asha', 'svg', 512)).toBe(first);
    expect(first.contentType).toBe('image/svg+xml');
    expect(first.body.toString()).toContain('width="512"');
    const other = await codes.of('https://kartlink.in/asha', 'svg', 1024);
    expect(other.etag).not.toBe(first.etag);
  });
});
