import sharp, { type SharpOptions } from 'sharp';

/**
 * Real image files, made by the tests: each format, a photo carrying GPS EXIF, a
 * decompression bomb's header, polyglots. Shared by the media integration and e2e tests.
 */

const colour = { r: 200, g: 60, b: 90 };

const canvas = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { ...colour, alpha: 0.5 } : colour,
    },
  });

export const sampleJpeg = (width = 640, height = 480) =>
  canvas(width, height).jpeg({ quality: 90 }).toBuffer();

export const samplePng = (width = 640, height = 480) =>
  canvas(width, height, true).png().toBuffer();

export const sampleWebp = (width = 640, height = 480) =>
  canvas(width, height).webp({ quality: 80 }).toBuffer();

/**
 * A JPEG of soft grain: it compresses like a photo (its size follows its pixels), where a flat
 * colour would be a few hundred bytes at any size.
 */
export const grainyJpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(2)
    .jpeg({ quality: 92 })
    .toBuffer();

/** An animated GIF of 3 frames. */
export async function sampleGif(width = 120, height = 80) {
  const frames = await Promise.all(
    [0, 1, 2].map((i) =>
      sharp({
        create: { width, height, channels: 3, background: { r: 80 * i, g: 120, b: 200 } },
      })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), {
    raw: { width, height: height * 3, channels: 3, pageHeight: height },
  } as SharpOptions)
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
}

/** What a phone writes in a photo's EXIF: its make and model, and where it was taken. */
const PHONE_EXIF = {
  IFD0: { Make: 'Kartlink Phone', Model: 'K1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '26/1 55/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '75/1 49/1 0/1',
  },
};

/** A phone photo: GPS position and camera in its EXIF, taken sideways (orientation 6). */
export const jpegWithGps = () =>
  canvas(600, 400).jpeg().withMetadata({ orientation: 6 }).withExifMerge(PHONE_EXIF).toBuffer();

/** A valid PNG header announcing 50000×50000 pixels, followed by little else. */
export function pngBomb(width = 50_000, height = 50_000) {
  const bytes = Buffer.alloc(400);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes[24] = 8;
  bytes[25] = 2;
  return bytes;
}

export const svgDrawing = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );

export const SCRIPT = '<script>alert(document.cookie)</script>';

/** A real JPEG with HTML and script after its end: browsers sniffing it could run the script. */
export async function jpegWithTrailingHtml() {
  return Buffer.concat([await sampleJpeg(200, 100), Buffer.from(`<html>${SCRIPT}</html>`)]);
}

/** A JPEG's first bytes, then HTML: it looks like a JPEG but cannot be decoded. */
export async function jpegHeaderThenHtml() {
  const jpeg = await sampleJpeg(200, 100);
  return Buffer.concat([jpeg.subarray(0, 200), Buffer.from(`<html>${SCRIPT}</html>`.repeat(20))]);
}

/**
 * A phone photo as a phone takes it: 4032×3024 held upright (EXIF orientation 6, so it is a
 * 3024×4032 portrait once turned), a shop front with sky, awning and grain, about 2 MB, with
 * the camera and GPS in its EXIF. Grain makes it as hard to compress as a real photo.
 */
export async function phonePhoto() {
  const [width, height] = [4032, 3024];
  // Drawn lying on its side, as the sensor sees it.
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="sky" x1="1" y1="0" x2="0" y2="0">` +
      `<stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#f3d9b1"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
      `<rect x="300" y="400" width="2600" height="2224" fill="#b5653f"/>` +
      Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="2500" y="${400 + i * 185}" width="400" height="185" fill="${i % 2 ? '#f4f1ea' : '#c0392b'}"/>`,
      ).join('') +
      `<rect x="300" y="1100" width="1700" height="820" fill="#3b2a20"/>` +
      `<circle cx="3400" cy="2400" r="260" fill="#ffd45c"/>` +
      `</svg>`,
  );
  const grain = await sharp({
    create: {
      width: width / 2,
      height: height / 2,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .resize(width, height, { kernel: 'nearest' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // Turned upright (90° clockwise), the left edge of the drawing is the top of the photo.
  const upright = await sharp(scene).flop().png({ compressionLevel: 1 }).toBuffer();
  return sharp(upright)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .withExifMerge(PHONE_EXIF)
    .toBuffer();
}

/** A square product photo on white, as a shop photographs its goods. */
export const productOnWhite = (size = 1600) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
        `<rect width="${size}" height="${size}" fill="#ffffff"/>` +
        `<rect x="${size * 0.3}" y="${size * 0.15}" width="${size * 0.4}" height="${size * 0.7}" rx="${size * 0.05}" fill="#1f6f8b"/>` +
        `<circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.1}" fill="#f2b134"/>` +
        `</svg>`,
    ),
  )
    .jpeg({ quality: 90 })
    .toBuffer();
