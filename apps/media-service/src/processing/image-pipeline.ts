import sharp, { type Sharp } from 'sharp';
import { type ImageType, MIME_OF } from '../images/intake/sniff';

/** An encoded variant, ready to store. */
export interface Encoded {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface PrimaryOptions {
  maxWidth: number;
  maxHeight: number;
  /** 0 to 1. */
  quality: number;
  maxPixels: number;
}

const THUMBNAIL_SIZE = 320;

/**
 * libvips threads per image, and no operation cache: with a few images in flight at once the
 * process uses a bounded, predictable amount of memory and CPU.
 */
export function configureSharp(threadsPerImage: number) {
  sharp.concurrency(threadsPerImage);
  sharp.cache(false);
}

/** Thrown when the bytes cannot be decoded: the upload is refused, never retried. */
export class UndecodableImage extends Error {}

function open(input: Buffer, type: ImageType, maxPixels: number) {
  return sharp(input, {
    // Animated GIF and WebP keep their frames.
    animated: type === 'gif' || type === 'webp',
    // A truncated file is refused rather than stored with a grey band.
    failOn: 'truncated',
    limitInputPixels: maxPixels,
    // Phone photos are turned upright before the EXIF orientation is dropped with the rest.
    autoOrient: true,
  });
}

function encode(image: Sharp, type: ImageType, quality: number) {
  const q = Math.round(quality * 100);
  switch (type) {
    case 'jpeg':
      return image.jpeg({ quality: q, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 8 });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: q });
  }
}

async function run(image: Sharp, contentType: string): Promise<Encoded> {
  try {
    // sharp writes no metadata unless asked: EXIF (GPS included), XMP, IPTC and comments go.
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { data, contentType, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    throw new UndecodableImage((err as Error).message);
  }
}

/** The variant every URL serves: upright, within the size asked, re-encoded in its own type. */
export function makePrimary(input: Buffer, type: ImageType, options: PrimaryOptions) {
  const image = open(input, type, options.maxPixels).resize({
    width: options.maxWidth,
    height: options.maxHeight,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return run(encode(image, type, options.quality), MIME_OF[type]);
}

/** A small variant for grids, made from the primary one. */
export function makeThumbnail(primary: Buffer, type: ImageType, maxPixels: number) {
  const image = open(primary, type, maxPixels).resize({
    width: THUMBNAIL_SIZE,
    height: THUMBNAIL_SIZE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return run(encode(image, type, 0.8), MIME_OF[type]);
}

/** A WebP copy of a JPEG or PNG, for browsers that accept it. */
export function makeWebp(primary: Buffer, type: ImageType, maxPixels: number) {
  return run(open(primary, type, maxPixels).webp({ quality: 82 }), MIME_OF.webp);
}
