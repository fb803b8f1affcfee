import { SHARE_CARD, VARIANT_WIDTHS } from '@kartlink/contracts';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
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

/**
 * A smaller variant made from the primary one, in its type, fit inside `width` × `height` and
 * never enlarged.
 */
function smaller(
  primary: Buffer,
  type: ImageType,
  maxPixels: number,
  width: number,
  height: number,
) {
  const image = open(primary, type, maxPixels).resize({
    width,
    height,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return run(encode(image, type, 0.8), MIME_OF[type]);
}

/** A small variant for grids. */
export function makeThumbnail(primary: Buffer, type: ImageType, maxPixels: number) {
  const size = VARIANT_WIDTHS.thumbnail;
  return smaller(primary, type, maxPixels, size, size);
}

/**
 * The variant a phone shows a page's large pictures at (srcset): as wide as a phone's screen in
 * device pixels. A portrait photo keeps that width (up to twice as tall), since the pages show
 * pictures in frames as wide as they are tall, cropped to fill them.
 */
export function makeMedium(primary: Buffer, type: ImageType, maxPixels: number) {
  const width = VARIANT_WIDTHS.medium;
  return smaller(primary, type, maxPixels, width, width * 2);
}

/** A WebP copy of a JPEG or PNG (the primary or medium variant), for browsers that accept it. */
export function makeWebp(source: Buffer, type: ImageType, maxPixels: number) {
  return run(open(source, type, maxPixels).webp({ quality: 82 }), MIME_OF.webp);
}

/** A share card stays under what WhatsApp and the others fetch quickly (WhatsApp: 600 KB). */
const CARD_MAX_BYTES = 300 * 1024;
/** Tried in order until the card is small enough; a photo nearly always fits at the first. */
const CARD_QUALITIES = [84, 76, 68, 58, 48];
/** Cropping to 1.91:1 may cut at most this share of the photo's width or height. */
const CARD_MAX_CROP = 0.2;
/** A small photo is enlarged at most this much on its card. */
const CARD_MAX_ENLARGE = 2;

/**
 * The 1200×630 share card (og:image) of a shop photo or product image: a JPEG in sRGB with no
 * metadata, made from the primary variant (first frame of an animation; transparency on white).
 *
 * A photo close to 1.91:1 fills the card, cropped around what draws the eye (libvips'
 * attention strategy). Any other — a square product photo, a portrait phone photo — is shown
 * whole, centred at the card's full height over a blurred, enlarged copy of itself: cropping a
 * square to 1.91:1 loses 48% of it and a 3:4 portrait 61%, cutting off the product or the shop
 * front, while the blurred copy carries the photo's own colours to the edges (a product on
 * white stays on white). Centred, the photo also survives the square crop of small previews.
 */
export async function makeCard(primary: Buffer, maxPixels: number): Promise<Encoded> {
  const { width: W, height: H } = SHARE_CARD;
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(primary, {
      failOn: 'truncated',
      limitInputPixels: maxPixels,
      autoOrient: true,
    })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new UndecodableImage((err as Error).message);
  }
  const { width, height, channels } = raw.info;
  const pixels = () => sharp(raw.data, { raw: { width, height, channels } });
  const crop = 1 - Math.min(width / height / (W / H), W / H / (width / height));
  let card: Sharp;
  if (crop <= CARD_MAX_CROP) {
    card = pixels().resize(W, H, { fit: 'cover', position: sharp.strategy.attention });
  } else {
    const scale = Math.min(W / width, H / height, CARD_MAX_ENLARGE);
    const photo = await pixels()
      .resize(Math.round(width * scale), Math.round(height * scale))
      .png({ compressionLevel: 0 })
      .toBuffer({ resolveWithObject: true });
    // The photo's edges drawn out to the card's edges, blurred at a tenth of the size and then
    // enlarged: its own edges carry on, smoothly, whatever the photo's size.
    const small = await pixels()
      .resize(Math.round(photo.info.width / 10), Math.round(photo.info.height / 10))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const side = (W / 10 - small.info.width) / 2;
    const band = (H / 10 - small.info.height) / 2;
    // (sharp resizes before it extends: two steps.)
    const mirrored = await sharp(small.data, { raw: small.info })
      .extend({
        left: Math.max(0, Math.floor(side)),
        right: Math.max(0, Math.ceil(side)),
        top: Math.max(0, Math.floor(band)),
        bottom: Math.max(0, Math.ceil(band)),
        extendWith: 'copy',
      })
      .blur(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const backdrop = await sharp(mirrored.data, { raw: mirrored.info })
      .resize(W, H, { fit: 'fill' })
      .raw()
      .toBuffer();
    card = sharp(backdrop, { raw: { width: W, height: H, channels } }).composite([
      {
        input: photo.data,
        left: Math.round((W - photo.info.width) / 2),
        top: Math.round((H - photo.info.height) / 2),
      },
    ]);
  }
  // Composed once, encoded at falling qualities until small enough.
  const composed = await card.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (const quality of CARD_QUALITIES) {
    const encoded = await run(
      sharp(composed.data, { raw: { width: W, height: H, channels: composed.info.channels } })
        .toColourspace('srgb')
        .jpeg({ quality, mozjpeg: true }),
      MIME_OF.jpeg,
    );
    if (encoded.data.length <= CARD_MAX_BYTES || quality === CARD_QUALITIES.at(-1)) return encoded;
  }
  throw new Error('unreachable');
}
