import {
  BlobKeys,
  ErrorCode,
  IMAGE_VARIANTS,
  SHARE_CARD,
  type ImageIngestRequest,
  type ImageVariant,
  type IncomingUpload,
  Subjects,
  type UploadedImage,
  UploadMessages,
} from '@kartlink/contracts';
import { readBlob } from '@kartlink/server-kit';
import { pgQuery, waitFor } from '@kartlink/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  grainyJpeg,
  jpegHeaderThenHtml,
  jpegWithGps,
  jpegWithTrailingHtml,
  phonePhoto,
  pngBomb,
  productOnWhite,
  sampleGif,
  sampleJpeg,
  samplePng,
  sampleWebp,
  SCRIPT,
  svgDrawing,
} from './support/sample-images';
import { RunningMedia, startMediaService, TestBlobs } from './support/media-harness';

let running: RunningMedia;
let blobs: TestBlobs;

beforeAll(async () => {
  running = await startMediaService();
  blobs = await TestBlobs.open();
}, 30_000);

afterAll(async () => {
  await blobs?.close();
  await running?.close();
});

type IngestOptions = Partial<Omit<ImageIngestRequest, 'caller' | 'upload'>> & {
  userId?: string;
  mimeType?: string;
};

async function ingest(bytes: Buffer, filename: string, options: IngestOptions = {}) {
  const { userId = randomUUID(), mimeType = '', kind = 'product', ...rest } = options;
  const upload = await blobs.incoming(bytes, filename, mimeType);
  const answer = running.request<UploadedImage>(Subjects.media.ingestImage, {
    caller: { userId },
    upload,
    kind,
    ...rest,
  } satisfies ImageIngestRequest);
  return { answer, upload, userId };
}

/** The refusal a service answers over NATS: `{ code, message }`. */
async function refusal(bytes: Buffer, filename: string, options: IngestOptions = {}) {
  const { answer, upload, userId } = await ingest(bytes, filename, options);
  const error = await answer.then(
    () => undefined,
    (err: { code: string; message: string }) => ({ code: err.code, message: err.message }),
  );
  return { error, upload, userId };
}

const rowsOf = (userId: string) =>
  pgQuery<{ id: string; kind: string; variants: Record<string, unknown> }>(
    'SELECT id, kind, variants FROM media.images WHERE user_id = $1',
    [userId],
  );

const stored = async (image: UploadedImage, variant: ImageVariant) =>
  readBlob(blobs.store, BlobKeys.image(image._id, variant));

async function expectNothingStored(userId: string, upload: IncomingUpload) {
  expect(await rowsOf(userId)).toEqual([]);
  expect(await blobs.store.stat(upload.key)).toBeNull();
  expect(await blobs.orphans()).toEqual([]);
}

describe('media-service image intake', () => {
  it.each([
    ['JPEG', 'photo.jpg', 'image/jpeg', () => sampleJpeg()],
    ['PNG', 'logo.png', 'image/png', () => samplePng()],
    ['GIF', 'wave.gif', 'image/gif', () => sampleGif()],
    ['WebP', 'banner.webp', 'image/webp', () => sampleWebp()],
  ])(
    'stores a %s in its own type, answers its addresses, then makes its thumbnail',
    async (_label, filename, contentType, make) => {
      const { answer, upload, userId } = await ingest(await make(), filename, {
        mimeType: contentType,
      });
      const image = await answer;
      expect(image).toMatchObject({ contentType, url: `/api/shop/product-images/${image._id}` });
      expect(image.photoURL).toBe(image.url);
      expect(image.thumbnailUrl).toBe(`${image.url}/thumbnail`);
      const primary = await blobs.store.stat(BlobKeys.image(image._id, 'primary'));
      expect(primary).toMatchObject({ contentType, metadata: { kind: 'product' } });
      expect(image.bytes).toBe(primary!.size);
      expect((await sharp((await stored(image, 'primary'))!).metadata()).format).toBe(
        contentType.split('/')[1],
      );
      expect(await blobs.store.stat(upload.key)).toBeNull();

      const [row] = await waitFor(
        async () => {
          const rows = await rowsOf(userId);
          return rows[0]?.variants.thumbnail ? rows : undefined;
        },
        { timeoutMs: 15_000, description: 'the thumbnail' },
      );
      expect(row).toMatchObject({ id: image._id, kind: 'product' });
      const thumbnail = await sharp((await stored(image, 'thumbnail'))!).metadata();
      expect(
        Math.max(thumbnail.width!, thumbnail.pageHeight ?? thumbnail.height!),
      ).toBeLessThanOrEqual(320);
    },
  );

  it('keeps the frames of an animated GIF', async () => {
    const image = await (await ingest(await sampleGif(), 'wave.gif')).answer;
    const meta = await sharp((await stored(image, 'primary'))!, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect(image).toMatchObject({ width: 120, height: 80 });
  });

  it('strips every EXIF field, GPS included, and turns a sideways photo upright', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from('Kartlink Phone'))).toBe(
      true,
    );
    const image = await (await ingest(original, 'IMG_0001.JPG', { kind: 'profile' })).answer;
    const bytes = (await stored(image, 'primary'))!;
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('Kartlink Phone'))).toBe(false);
    // 600×400 taken with orientation 6 is a portrait photo.
    expect(image).toMatchObject({ width: 400, height: 600, contentType: 'image/jpeg' });
    expect(image.url).toBe(`/api/photos/${image._id}.jpg`);
    expect(image.thumbnailUrl).toBe(`/api/photos/${image._id}/thumbnail`);
  });

  it('fits the shop photo inside 800×800 at the quality asked, and never enlarges', async () => {
    const resize = { maxWidth: 800, maxHeight: 800, quality: 0.85 };
    const big = await (
      await ingest(await sampleJpeg(2000, 1000), 'shop.jpg', { kind: 'shop', resize })
    ).answer;
    expect(big).toMatchObject({ width: 800, height: 400 });
    const meta = await sharp((await stored(big, 'primary'))!).metadata();
    expect([meta.width, meta.height]).toEqual([800, 400]);
    const small = await (
      await ingest(await samplePng(300, 200), 'shop.png', { kind: 'shop', resize })
    ).answer;
    expect(small).toMatchObject({ width: 300, height: 200 });
  });

  it('re-encodes a JPEG carrying HTML after its end, so the served bytes are a clean image', async () => {
    const image = await (await ingest(await jpegWithTrailingHtml(), 'poly.jpg')).answer;
    const bytes = (await stored(image, 'primary'))!;
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect(bytes.includes(Buffer.from(SCRIPT))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });

  const cases: Array<
    [string, () => Promise<Buffer> | Buffer, string, IngestOptions, string, string]
  > = [
    [
      'a PNG named .jpg',
      () => samplePng(),
      'photo.jpg',
      {},
      ErrorCode.EXTENSION_MISMATCH,
      UploadMessages.extensionMismatch('PNG'),
    ],
    [
      'a JPEG declared as PNG',
      () => sampleJpeg(),
      'photo',
      { mimeType: 'image/png' },
      ErrorCode.EXTENSION_MISMATCH,
      UploadMessages.extensionMismatch('JPEG'),
    ],
    [
      'an SVG',
      svgDrawing,
      'logo.svg',
      {},
      ErrorCode.UNSUPPORTED_TYPE,
      UploadMessages.unsupportedType,
    ],
    [
      'an SVG named .png',
      svgDrawing,
      'logo.png',
      {},
      ErrorCode.UNSUPPORTED_TYPE,
      UploadMessages.unsupportedType,
    ],
    [
      'a 40-byte file',
      async () => (await samplePng()).subarray(0, 40),
      'tiny.png',
      {},
      ErrorCode.FILE_CORRUPT,
      UploadMessages.corrupt,
    ],
    [
      'text named .jpg',
      () => Buffer.from('not an image at all. '.repeat(10)),
      'notes.jpg',
      {},
      ErrorCode.NOT_IMAGE,
      UploadMessages.notImage,
    ],
    [
      'a 50000×50000 bomb',
      () => pngBomb(),
      'bomb.png',
      {},
      ErrorCode.UNPROCESSABLE_IMAGE,
      UploadMessages.tooManyPixels(40),
    ],
    [
      'a JPEG header followed by HTML',
      jpegHeaderThenHtml,
      'poly.jpg',
      {},
      ErrorCode.UNPROCESSABLE_IMAGE,
      UploadMessages.unprocessable,
    ],
    [
      'a JPEG cut in half',
      async () => {
        const jpeg = await sampleJpeg(800, 600);
        return jpeg.subarray(0, jpeg.length / 2);
      },
      'half.jpg',
      {},
      ErrorCode.UNPROCESSABLE_IMAGE,
      UploadMessages.unprocessable,
    ],
    [
      'a name with a pipe',
      () => samplePng(),
      'my|photo.png',
      {},
      ErrorCode.INVALID_FILENAME,
      UploadMessages.invalidFilename,
    ],
    [
      'a name of 241 characters',
      () => samplePng(),
      `${'a'.repeat(237)}.png`,
      {},
      ErrorCode.FILENAME_TOO_LONG,
      UploadMessages.filenameTooLong,
    ],
    [
      'an image smaller than asked',
      () => samplePng(100, 80),
      'small.png',
      { minWidth: 200, minHeight: 100 },
      ErrorCode.DIMENSIONS_TOO_SMALL,
      UploadMessages.tooSmall(200, 100, 100, 80),
    ],
  ];

  it.each(cases)(
    'refuses %s with its code and stores nothing',
    async (_label, make, filename, options, code, message) => {
      const { error, upload, userId } = await refusal(await make(), filename, options);
      expect(error).toEqual({ code, message });
      await expectNothingStored(userId, upload);
    },
  );

  it("deletes the owner's image with its blobs; another person's delete finds nothing", async () => {
    const owner = randomUUID();
    const image = await (await ingest(await sampleJpeg(), 'gone.jpg', { userId: owner })).answer;
    await waitFor(async () => (await rowsOf(owner))[0]?.variants.webp, {
      timeoutMs: 15_000,
      description: 'variants',
    });
    expect(await stored(image, 'webp')).not.toBeNull();
    expect(await stored(image, 'card')).not.toBeNull();
    expect(await stored(image, 'medium')).not.toBeNull();

    const stranger = randomUUID();
    await expect(
      running.request(Subjects.media.deleteImage, { caller: { userId: stranger }, id: image._id }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: UploadMessages.imageNotFound });
    expect(await rowsOf(owner)).toHaveLength(1);

    await running.request(Subjects.media.deleteImage, { caller: { userId: owner }, id: image._id });
    expect(await rowsOf(owner)).toEqual([]);
    for (const variant of IMAGE_VARIANTS)
      expect(await blobs.store.stat(BlobKeys.image(image._id, variant))).toBeNull();
    await expect(
      running.request(Subjects.media.deleteImage, { caller: { userId: owner }, id: image._id }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(
      running.request(Subjects.media.deleteImage, { caller: { userId: owner }, id: 'not-an-id' }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('the medium variant, for phones', () => {
  jest.setTimeout(60_000);

  /** A variant's blob, its facts in the row, and its pixels as decoded. */
  async function medium(
    image: UploadedImage,
    variants: Record<string, unknown>,
    name: ImageVariant,
  ) {
    const bytes = (await stored(image, name))!;
    const meta = await sharp(bytes).metadata();
    const key = name === 'medium-webp' ? 'mediumWebp' : 'medium';
    expect(variants[key]).toEqual({
      contentType: `image/${meta.format}`,
      bytes: bytes.length,
      width: meta.width,
      height: meta.height,
    });
    return { bytes, meta };
  }

  it('is a phone photo 720 px wide, in its own type, with a smaller WebP copy', async () => {
    const userId = randomUUID();
    const image = await (
      await ingest(await grainyJpeg(2016, 1512), 'IMG_2040.JPG', { userId })
    ).answer;
    const variants = await variantsOf(userId);
    const jpeg = await medium(image, variants, 'medium');
    expect([jpeg.meta.format, jpeg.meta.width, jpeg.meta.height]).toEqual(['jpeg', 720, 540]);
    expect(await blobs.store.stat(BlobKeys.image(image._id, 'medium'))).toMatchObject({
      contentType: 'image/jpeg',
      metadata: { kind: 'product' },
    });
    const webp = await medium(image, variants, 'medium-webp');
    expect([webp.meta.format, webp.meta.width, webp.meta.height]).toEqual(['webp', 720, 540]);
    expect(webp.bytes.length).toBeLessThan(jpeg.bytes.length);
    // Far fewer bytes than the full picture: what a phone on a slow network waits for.
    expect(jpeg.bytes.length).toBeLessThan(image.bytes / 3);
  });

  it('keeps a portrait photo 720 px wide, and never enlarges a small one', async () => {
    const userId = randomUUID();
    const portrait = await (
      await ingest(await sampleJpeg(1000, 2000), 'tall.jpg', { userId, kind: 'shop' })
    ).answer;
    const tall = await medium(portrait, await variantsOf(userId), 'medium');
    expect([tall.meta.width, tall.meta.height]).toEqual([720, 1440]);

    const owner = randomUUID();
    const small = await (
      await ingest(await samplePng(300, 200), 'logo.png', { userId: owner })
    ).answer;
    const same = await medium(small, await variantsOf(owner), 'medium');
    expect([same.meta.format, same.meta.width, same.meta.height]).toEqual(['png', 300, 200]);
  });

  it('is made for an image from before medium variants when asked', async () => {
    const userId = randomUUID();
    const image = await (
      await ingest(await sampleJpeg(1600, 1200), 'old.jpg', { userId, kind: 'profile' })
    ).answer;
    await variantsOf(userId);
    // As it was before medium variants: no blobs, none in the row.
    await blobs.store.delete(BlobKeys.image(image._id, 'medium'));
    await blobs.store.delete(BlobKeys.image(image._id, 'medium-webp'));
    await pgQuery(
      `UPDATE media.images SET variants = variants - 'medium' - 'mediumWebp' WHERE id = $1`,
      [image._id],
    );
    // Asked as the gateway asks: at each read of the image standing in for its medium variant.
    const made = await waitFor(
      async () => {
        expect(
          await running.request(Subjects.media.makeMissingVariants, { id: image._id }),
        ).toBeNull();
        return (await stored(image, 'medium')) ?? undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, description: 'the medium variant made afterwards' },
    );
    const meta = await sharp(made).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 720, 540]);
    await waitFor(async () => (await rowsOf(userId))[0]?.variants.medium, {
      timeoutMs: 15_000,
      description: 'the medium variant in the row',
    });
  });
});

/** Waits for the background job's variants of an image. */
const variantsOf = (userId: string) =>
  waitFor(
    async () => {
      const [row] = await rowsOf(userId);
      return row?.variants.thumbnail ? row.variants : undefined;
    },
    { timeoutMs: 30_000, description: 'the variants' },
  );

/**
 * How far the card's middle is from the whole photo, fitted at the card's height (0 to 255 per
 * channel): near 0 when the card shows all of the photo, large when it shows a crop of it.
 */
async function distanceFromWholePhoto(card: Buffer, primary: Buffer) {
  const { width = 0, height = 0 } = await sharp(primary).metadata();
  const scale = Math.min(SHARE_CARD.width / width, SHARE_CARD.height / height, 2);
  const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
  const region = { left: (SHARE_CARD.width - w) >> 1, top: (SHARE_CARD.height - h) >> 1 };
  const shown = await sharp(card)
    .extract({ ...region, width: w, height: h })
    .resize(48, 48, { fit: 'fill' })
    .raw()
    .toBuffer();
  const whole = await sharp(primary).resize(48, 48, { fit: 'fill' }).raw().toBuffer();
  return shown.reduce((sum, value, i) => sum + Math.abs(value - whole[i]!), 0) / shown.length;
}

/** The mean of each channel in a region of an image. */
async function meanColour(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  const { data, info } = await sharp(image)
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = new Array<number>(info.channels).fill(0);
  data.forEach((value, i) => (sums[i % info.channels]! += value));
  return sums.map((sum) => sum / (data.length / info.channels));
}

async function expectCleanCard(bytes: Buffer | null) {
  expect(bytes).not.toBeNull();
  const meta = await sharp(bytes!).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630, space: 'srgb' });
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(bytes!.length).toBeLessThanOrEqual(300 * 1024);
  return meta;
}

describe('share cards of shop photos and product images', () => {
  // A 12-megapixel photo is made, decoded and processed: seconds on a busy machine.
  jest.setTimeout(60_000);

  it('makes a 1200×630 JPEG of a phone photo of the shop, ≤ 300 KB, showing all of it', async () => {
    const original = await phonePhoto();
    expect(original.length).toBeGreaterThan(1_000_000);
    const userId = randomUUID();
    const photo = await (await ingest(original, 'IMG_2041.JPG', { kind: 'shop', userId })).answer;
    expect(photo).toMatchObject({ width: 1536, height: 2048 });
    const variants = await variantsOf(userId);
    const card = await stored(photo, 'card');
    await expectCleanCard(card);
    expect(card!.includes(Buffer.from('Kartlink Phone'))).toBe(false);
    expect(variants.card).toEqual({
      contentType: 'image/jpeg',
      bytes: card!.length,
      width: 1200,
      height: 630,
    });
    expect(await blobs.store.stat(BlobKeys.image(photo._id, 'card'))).toMatchObject({
      contentType: 'image/jpeg',
      metadata: { kind: 'shop' },
    });
    // A portrait is not cropped to a band of itself: the whole shop front is in the middle.
    const primary = (await stored(photo, 'primary'))!;
    expect(await distanceFromWholePhoto(card!, primary)).toBeLessThan(8);
    const cropped = await sharp(primary).resize(1200, 630, { fit: 'cover' }).jpeg().toBuffer();
    expect(await distanceFromWholePhoto(cropped, primary)).toBeGreaterThan(20);
  });

  it('shows a square product photo whole, and fills the card with a wide one', async () => {
    const userId = randomUUID();
    const square = await (await ingest(await productOnWhite(), 'kettle.jpg', { userId })).answer;
    await variantsOf(userId);
    const squareCard = await stored(square, 'card');
    await expectCleanCard(squareCard);
    const primary = (await stored(square, 'primary'))!;
    expect(await distanceFromWholePhoto(squareCard!, primary)).toBeLessThan(8);
    // On white, the card's sides are white too.
    for (const mean of await meanColour(squareCard!, { left: 0, top: 0, width: 200, height: 630 }))
      expect(mean).toBeGreaterThan(245);

    const wideUser = randomUUID();
    const wide = await (
      await ingest(await sampleJpeg(1600, 900), 'wide.jpg', { userId: wideUser })
    ).answer;
    await variantsOf(wideUser);
    const wideCard = await stored(wide, 'card');
    await expectCleanCard(wideCard);
    const corner = await meanColour(wideCard!, { left: 0, top: 0, width: 100, height: 100 });
    // sampleJpeg's colour (200, 60, 90) reaches the corners: nothing is letterboxed.
    expect(corner.map((mean) => Math.round(mean / 10))).toEqual([20, 6, 9]);
  });

  it('keeps a photo full of fine detail under 300 KB', async () => {
    const userId = randomUUID();
    const noise = await sharp({
      create: {
        width: 1200,
        height: 630,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 70 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const image = await (await ingest(noise, 'gravel.jpg', { userId })).answer;
    await variantsOf(userId);
    await expectCleanCard(await stored(image, 'card'));
  });

  it('makes the card of an image from before cards when asked', async () => {
    const userId = randomUUID();
    const image = await (await ingest(await productOnWhite(800), 'old.jpg', { userId })).answer;
    await variantsOf(userId);
    // As it was before cards: no card blob, none in the row.
    await blobs.store.delete(BlobKeys.image(image._id, 'card'));
    await pgQuery(`UPDATE media.images SET variants = variants - 'card' WHERE id = $1`, [
      image._id,
    ]);
    // Asked as the gateway asks: at each read of the image standing in for its card (until the
    // upload's own job has quite finished, the ask is left to that job).
    const askedUntilMade = (description: string) =>
      waitFor(
        async () => {
          expect(
            await running.request(Subjects.media.makeMissingVariants, { id: image._id }),
          ).toBeNull();
          return stored(image, 'card');
        },
        { timeoutMs: 30_000, intervalMs: 200, description },
      );
    await askedUntilMade('the card made afterwards');
    await expectCleanCard(await stored(image, 'card'));
    // Lost again later, it is made again when asked.
    await blobs.store.delete(BlobKeys.image(image._id, 'card'));
    await askedUntilMade('the card made again');

    // Nothing to do for an unknown id or one that is not an id.
    for (const id of [randomUUID(), 'not-an-id'])
      expect(await running.request(Subjects.media.makeMissingVariants, { id })).toBeNull();
  });

  it('makes none of a profile photo or a banner', async () => {
    const userId = randomUUID();
    const photo = await (
      await ingest(await sampleJpeg(), 'me.jpg', { kind: 'profile', userId })
    ).answer;
    const variants = await variantsOf(userId);
    expect(variants.card).toBeUndefined();
    expect(await stored(photo, 'card')).toBeNull();
    // Asked for it, as the gateway does when it serves the photo in the card's stead: none.
    await running.request(Subjects.media.makeMissingVariants, { id: photo._id });
    await running.request(Subjects.media.makeMissingVariants, { id: randomUUID() });
    expect(await stored(photo, 'card')).toBeNull();
  });
});
