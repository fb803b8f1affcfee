/**
 * What a file is, read from its first bytes (never from its name or declared type), and the
 * size its header announces, read without decoding a single pixel: a 50000×50000 "bomb" is
 * known from a few dozen bytes.
 */

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

export const MIME_OF: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export type Sniffed =
  | {
      kind: 'image';
      type: ImageType;
      /** From the header; undefined when the header is cut short or malformed. */
      size?: { width: number; height: number; frames: number };
    }
  /** An image or drawing of a type the product does not take (SVG, HEIC, TIFF...). */
  | { kind: 'unsupported'; format: string }
  /** Not an image at all (text, HTML, PDF, an archive...). */
  | { kind: 'unknown' };

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.toString('latin1', start, Math.min(end, bytes.length));

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

export function sniffImage(bytes: Buffer): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: 'image', type: 'jpeg', size: jpegSize(bytes) };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', type: 'png', size: pngSize(bytes) };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { kind: 'image', type: 'gif', size: gifSize(bytes) };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { kind: 'image', type: 'webp', size: webpSize(bytes) };
  const other = otherFormat(bytes);
  return other ? { kind: 'unsupported', format: other } : { kind: 'unknown' };
}

/** Image formats people try to upload that the product refuses, by their signatures. */
function otherFormat(bytes: Buffer): string | undefined {
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 26) return 'bmp';
  if (ascii(bytes, 0, 4) === 'II*\u0000' || ascii(bytes, 0, 4) === 'MM\u0000*') return 'tiff';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) || startsWith(bytes, [0x00, 0x00, 0x02, 0x00]))
    return 'ico';
  if (ascii(bytes, 0, 4) === '8BPS') return 'psd';
  if (startsWith(bytes, [0xff, 0x0a]) || ascii(bytes, 4, 8) === 'JXL ') return 'jxl';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (/^(avif|avis)$/.test(brand)) return 'avif';
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return 'heic';
  }
  if (isSvg(bytes)) return 'svg';
  return undefined;
}

/** SVG (or any XML that may carry one): text whose first tag is <?xml, <svg or an SVG doctype. */
function isSvg(bytes: Buffer): boolean {
  let text = bytes.toString('utf8', 0, Math.min(bytes.length, 4096));
  text = text.replace(/^\uFEFF/, '').trimStart();
  // Comments may come first.
  while (text.startsWith('<!--')) {
    const end = text.indexOf('-->');
    if (end === -1) return false;
    text = text.slice(end + 3).trimStart();
  }
  return /^<\?xml\b/i.test(text) || /^<svg[\s>]/i.test(text) || /^<!doctype\s+svg\b/i.test(text);
}

function pngSize(bytes: Buffer) {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return undefined;
  return checked(bytes.readUInt32BE(16), bytes.readUInt32BE(20), 1);
}

function jpegSize(bytes: Buffer) {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    // Fill bytes, then markers that stand alone (no length).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (offset + 9 > bytes.length) return undefined;
      return checked(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5), 1);
    }
    // Start of scan before any frame header: not a JPEG that can be decoded.
    if (marker === 0xda) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

function gifSize(bytes: Buffer) {
  if (bytes.length < 13) return undefined;
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  let offset = 13 + colourTableSize(bytes[10]);
  let frames = 0;
  // Walks the blocks to count frames; an animation's pixels are width × height × frames.
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) break;
    if (block === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > bytes.length) break;
      frames += 1;
      offset = skipSubBlocks(bytes, offset + 10 + colourTableSize(bytes[offset + 9]) + 1);
    } else {
      break;
    }
    if (offset < 0) break;
  }
  return checked(width, height, Math.max(frames, 1));
}

const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Offset after a chain of GIF data sub-blocks, or -1 when it runs past the end. */
function skipSubBlocks(bytes: Buffer, start: number): number {
  let offset = start;
  while (offset < bytes.length) {
    const size = bytes[offset];
    offset += 1 + size;
    if (size === 0) return offset;
  }
  return -1;
}

function webpSize(bytes: Buffer) {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23))
    return checked(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff, 1);
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return checked((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1, 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const width = bytes.readUIntLE(24, 3) + 1;
    const height = bytes.readUIntLE(27, 3) + 1;
    const animated = (bytes[20] & 0x02) !== 0;
    return checked(width, height, animated ? Math.max(countWebpFrames(bytes), 1) : 1);
  }
  return undefined;
}

function countWebpFrames(bytes: Buffer): number {
  let frames = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    if (ascii(bytes, offset, offset + 4) === 'ANMF') frames += 1;
    const size = bytes.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return frames;
}

function checked(width: number, height: number, frames: number) {
  return width > 0 && height > 0 ? { width, height, frames } : undefined;
}
