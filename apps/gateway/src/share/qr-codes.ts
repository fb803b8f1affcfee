import { Injectable } from '@nestjs/common';
import { Lru } from '@kartlink/server-kit';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

export type QrFormat = 'png' | 'svg';

/** The sizes a PNG is made at, in pixels a side: a chat, a flyer, a poster. */
export const QR_SIZES = [256, 512, 1024] as const;
export type QrSize = (typeof QR_SIZES)[number];
export const DEFAULT_QR_SIZE: QrSize = 512;

/**
 * Level Q (about 25 % of the symbol can be lost) rather than M (15 %): these codes are printed
 * on counters, flyers and packaging, where creases, smudges and glare are common, and a page's
 * address is short enough that Q still gives a small symbol (version 4 to 6, 33 to 41 modules).
 */
const ERROR_CORRECTION = 'Q';
/** The white border a scanner needs to find the code, in modules (ISO/IEC 18004). */
const QUIET_ZONE = 4;

export interface QrImage {
  body: Buffer;
  contentType: string;
  /** Quoted, from the bytes. */
  etag: string;
}

/** Made codes kept: a few hundred bytes to a few kilobytes each. */
const MAX_ENTRIES = 2000;
/** An address's code never changes; the bound is what frees memory. */
const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * QR codes of public addresses, made once per address, format and size, and kept in this
 * replica's memory (bounded, least recently used out first).
 */
@Injectable()
export class QrCodes {
  private readonly made = new Lru<string, QrImage>(MAX_ENTRIES);

  async of(address: string, format: QrFormat, size: QrSize): Promise<QrImage> {
    const key = `${format}\u0000${size}\u0000${address}`;
    const cached = this.made.get(key);
    if (cached) return cached;
    const body = format === 'png' ? png(address, size) : Buffer.from(await svg(address, size));
    const image: QrImage = {
      body,
      contentType: format === 'png' ? 'image/png' : 'image/svg+xml',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    this.made.set(key, image, TTL_MS);
    return image;
  }
}

/**
 * Exactly `size` pixels a side, every module the same whole number of pixels (crisp when
 * printed or scaled by a viewer), centred with at least the quiet zone around it.
 */
function png(address: string, size: number): Buffer {
  const { modules } = QRCode.create(address, { errorCorrectionLevel: ERROR_CORRECTION });
  const count = modules.size;
  const scale = Math.floor(size / (count + 2 * QUIET_ZONE));
  if (scale < 1) throw new RangeError(`${size} px is too small for a ${count}-module code`);
  const offset = Math.floor((size - count * scale) / 2);
  const image = new PNG({ width: size, height: size, colorType: 0, inputColorType: 0 });
  // One grey byte a pixel: white, then the dark modules painted in.
  image.data = Buffer.alloc(size * size, 255);
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (offset + row * scale + y) * size + offset + col * scale;
        image.data.fill(0, start, start + scale);
      }
    }
  }
  // The "Up" filter: each row of modules repeats `scale` times, so most rows filter to zeros.
  // As small as trying every filter on every row (the default), in about a quarter of the time.
  return PNG.sync.write(image, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    filterType: 2,
  });
}

/** Vector, for print at any size: `size` is only the size it opens at. */
function svg(address: string, size: number): Promise<string> {
  return QRCode.toString(address, {
    type: 'svg',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    width: size,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
