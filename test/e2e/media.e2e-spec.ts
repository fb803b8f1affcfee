import {
  type AuthUser,
  type Banner,
  type BannerList,
  BlobKeys,
  defaultShareCardPath,
  mediumOf,
  type PublicShop,
  SHARE_CARD,
  shareCardPath,
  type Shop,
  type UploadedImage,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { TestBlobs } from '../../apps/media-service/test/support/media-harness';
import {
  grainyJpeg,
  phonePhoto,
  productOnWhite,
  sampleGif,
  sampleJpeg,
  samplePng,
  sampleWebp,
  svgDrawing,
} from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import { file, type FilePart, sendForm } from '../support/forms';

// Images and banners over HTTP against the whole built stack (test/stack-setup.ts): real image
// files made with sharp, sent as the web sends them (multipart), then read back as a browser
// and a visitor of the public shop page would.
jest.setTimeout(90_000);

const IMMUTABLE = 'public, max-age=31536000, immutable';

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

interface Person {
  visitor: Visitor;
  user: AuthUser;
}

async function person(): Promise<Person> {
  const visitor = new Visitor();
  const { session } = await signUp(visitor);
  return { visitor, user: session.user };
}

/** A signed-in owner whose shop is set up and public. */
async function shopOwner(): Promise<Person & { shopUrl: string }> {
  const someone = await person();
  const shopUrl = uniqueUrl('media');
  const shop = await someone.visitor.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { ...someone, shopUrl };
}

interface Served {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** Reads an image address as a browser would (no token). */
async function served(url: string, headers: Record<string, string> = {}): Promise<Served> {
  const response = await fetch(`${stackBaseUrl()}${url}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function dimensions(bytes: Buffer) {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

/**
 * Waits for a thumbnail or share card to be made: until then the full image stands in
 * (max-age 60).
 */
function madeThumbnail(url: string): Promise<Served> {
  return waitFor(
    async () => {
      const answer = await served(url);
      return answer.status === 200 && answer.headers.get('cache-control') === IMMUTABLE
        ? answer
        : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 250, description: `the thumbnail ${url}` },
  );
}

const imagesOf = (userId: string) =>
  pgQuery<{ id: string; kind: string }>('SELECT id, kind FROM media.images WHERE user_id = $1', [
    userId,
  ]);

/** 6 MB that begin like a JPEG: over the 5 MB limit whatever their content. */
const sixMegabytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024)]);

describe('photo uploads', () => {
  let asha: Person;

  beforeAll(async () => {
    asha = await person();
  });

  it('stores a product image and serves it, cacheable for a year, with a thumbnail', async () => {
    const answer = await sendForm<UploadedImage>(asha.visitor, '/photos/upload', [
      ['image', file(await sampleJpeg(640, 480), 'kurta.jpg', 'image/jpeg')],
    ]);
    expect(answer.status).toBe(201);
    const image = answer.body.data;
    expect(image).toMatchObject({
      url: `/api/shop/product-images/${image._id}`,
      photoURL: `/api/shop/product-images/${image._id}`,
      thumbnailUrl: `/api/shop/product-images/${image._id}/thumbnail`,
      width: 640,
      height: 480,
      contentType: 'image/jpeg',
    });

    const shown = await served(image.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(shown.headers.get('cache-control')).toBe(IMMUTABLE);
    const etag = shown.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(await dimensions(shown.bytes)).toEqual({ width: 640, height: 480, format: 'jpeg' });

    const again = await served(image.url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.bytes).toHaveLength(0);

    const thumbnail = await madeThumbnail(image.thumbnailUrl);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(await dimensions(thumbnail.bytes)).toEqual({ width: 320, height: 240, format: 'jpeg' });
    expect(thumbnail.bytes.length).toBeLessThan(shown.bytes.length);
    expect(await imagesOf(asha.user.id)).toContainEqual({ id: image._id, kind: 'product' });
  });

  it('stores a profile photo at its own address, with a thumbnail', async () => {
    const answer = await sendForm<UploadedImage>(asha.visitor, '/photos/profile', [
      ['photo', file(await samplePng(400, 400), 'me.png', 'image/png')],
    ]);
    expect(answer.status).toBe(201);
    const photo = answer.body.data;
    expect(photo).toMatchObject({
      url: `/api/photos/${photo._id}.png`,
      photoURL: `/api/photos/${photo._id}.png`,
      thumbnailUrl: `/api/photos/${photo._id}/thumbnail`,
      width: 400,
      height: 400,
      contentType: 'image/png',
    });
    const shown = await served(photo.photoURL);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('cache-control')).toBe(IMMUTABLE);
    const etag = shown.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect((await served(photo.photoURL, { 'if-none-match': etag! })).status).toBe(304);
    expect(await dimensions(shown.bytes)).toEqual({ width: 400, height: 400, format: 'png' });

    const thumbnail = await madeThumbnail(photo.thumbnailUrl);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(await dimensions(thumbnail.bytes)).toEqual({ width: 320, height: 320, format: 'png' });
    expect(await imagesOf(asha.user.id)).toContainEqual({ id: photo._id, kind: 'profile' });
  });

  it('saves an uploaded profile photo on the account, replaces it and removes it', async () => {
    const upload = async (name: string) =>
      (
        await sendForm<UploadedImage>(asha.visitor, '/photos/profile', [
          ['photo', file(await samplePng(300, 300), name, 'image/png')],
        ])
      ).body.data;
    const me = async () => (await asha.visitor.call<AuthUser>('GET', '/auth/me')).body.data;

    const first = await upload('me.png');
    const saved = await asha.visitor.call<AuthUser>('PUT', '/user/profile', {
      photoURL: first.photoURL,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.photoURL).toBe(first.photoURL);
    expect((await me()).photoURL).toBe(first.photoURL);

    const second = await upload('me-again.png');
    await asha.visitor.call('PUT', '/user/profile', { photoURL: second.photoURL });
    expect((await me()).photoURL).toBe(second.photoURL);

    // Only an address of a photo uploaded here is taken; a refusal changes nothing.
    for (const photoURL of [
      'https://tracker.example/pixel.gif',
      'javascript:alert(1)',
      `${second.photoURL}?v=2`,
      `/api/shop/product-images/${second._id}`,
    ]) {
      const refused = await asha.visitor.call('PUT', '/user/profile', { photoURL });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(
        'The profile photo must be an image uploaded to Kartlink. Please upload it again.',
      );
    }
    expect((await me()).photoURL).toBe(second.photoURL);

    const removed = await asha.visitor.call<AuthUser>('PUT', '/user/profile', { photoURL: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data.photoURL).toBeNull();
    expect((await me()).photoURL).toBeNull();
  });

  it('fits the shop photo within 800×800 from a larger upload', async () => {
    const answer = await sendForm<UploadedImage>(asha.visitor, '/photos/shop', [
      ['photo', file(await sampleWebp(2000, 1500), 'storefront.webp', 'image/webp')],
    ]);
    expect(answer.status).toBe(201);
    const photo = answer.body.data;
    expect(photo).toMatchObject({
      url: `/api/photos/${photo._id}.webp`,
      photoURL: `/api/photos/${photo._id}.webp`,
      width: 800,
      height: 600,
      contentType: 'image/webp',
    });
    const shown = await served(photo.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(shown.headers.get('etag')).toMatch(/^".+"$/);
    expect(await dimensions(shown.bytes)).toEqual({ width: 800, height: 600, format: 'webp' });

    // resize=false keeps the owner's size; resizeOptions sets another box.
    const kept = await sendForm<UploadedImage>(asha.visitor, '/photos/shop', [
      ['resize', 'false'],
      ['photo', file(await sampleWebp(2000, 1500), 'storefront.webp', 'image/webp')],
    ]);
    expect(kept.body.data).toMatchObject({ width: 2000, height: 1500 });
    const boxed = await sendForm<UploadedImage>(asha.visitor, '/photos/shop', [
      ['resizeOptions', JSON.stringify({ maxWidth: 1200, maxHeight: 1200, quality: 0.8 })],
      ['photo', file(await sampleWebp(2000, 1500), 'storefront.webp', 'image/webp')],
    ]);
    expect(boxed.body.data).toMatchObject({ width: 1200, height: 900 });
  });
});

describe('photo upload refusals', () => {
  it('refuses what is not a usable image, with its code and words, and stores nothing', async () => {
    const { visitor, user } = await person();
    const refused = async (field: string, part: FilePart | string, path = '/photos/upload') => {
      const answer = await sendForm(visitor, path, [[field, part]]);
      return { status: answer.status, errorCode: answer.body.errorCode, error: answer.body.error };
    };

    expect(await refused('image', file(sixMegabytes(), 'huge.jpg', 'image/jpeg'))).toEqual({
      status: 413,
      errorCode: 'FILE_TOO_LARGE',
      error: 'File is too large. Please choose an image under 5MB.',
    });
    const unsupported = {
      status: 415,
      errorCode: 'UNSUPPORTED_TYPE',
      error: 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.',
    };
    expect(
      await refused('photo', file(svgDrawing(), 'logo.svg', 'image/svg+xml'), '/photos/profile'),
    ).toEqual(unsupported);
    // A hand-written icon: no XML declaration, under 100 bytes.
    const icon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    expect(await refused('image', file(icon, 'icon.svg', 'image/svg+xml'))).toEqual(unsupported);
    expect(
      await refused(
        'photo',
        file(await samplePng(), 'storefront.jpg', 'image/png'),
        '/photos/shop',
      ),
    ).toEqual({
      status: 400,
      errorCode: 'EXTENSION_MISMATCH',
      error:
        'The file extension does not match its content, which is a PNG image. Please rename the file or choose another.',
    });
    const fortyBytes = (await sampleJpeg(64, 64)).subarray(0, 40);
    expect(fortyBytes).toHaveLength(40);
    expect(await refused('image', file(fortyBytes, 'tiny.jpg', 'image/jpeg'))).toEqual({
      status: 422,
      errorCode: 'FILE_CORRUPT',
      error: 'The file is empty or corrupted. Please choose another image.',
    });
    // A form with its fields but no file, as a person who never chose one sends it.
    expect(await refused('type', 'product')).toEqual({
      status: 400,
      errorCode: 'NO_FILE',
      error: 'No file was uploaded. Please choose an image.',
    });
    // The file under another field name is not the image either.
    expect(
      await refused('image', file(await sampleJpeg(), 'me.jpg', 'image/jpeg'), '/photos/profile'),
    ).toMatchObject({ status: 400, errorCode: 'NO_FILE' });

    expect(await imagesOf(user.id)).toEqual([]);
  });

  it('asks a stranger to sign in and stores nothing', async () => {
    const name = `anonymous-${randomUUID()}.jpg`;
    const answer = await sendForm(new Visitor(), '/photos/upload', [
      ['image', file(await sampleJpeg(), name, 'image/jpeg')],
    ]);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: 'UNAUTHORIZED',
      error: 'Login required. Please sign in to continue.',
    });
    const rows = await pgQuery('SELECT id FROM media.images WHERE original_filename = $1', [name]);
    expect(rows).toEqual([]);
  });
});

describe('deleting a photo', () => {
  it('is refused to another person and done for its owner, whose addresses then answer 404', async () => {
    const owner = await person();
    const other = await person();
    const uploaded = await sendForm<UploadedImage>(owner.visitor, '/photos/profile', [
      ['photo', file(await sampleJpeg(500, 500), 'me.jpg', 'image/jpeg')],
    ]);
    expect(uploaded.status).toBe(201);
    const photo = uploaded.body.data;
    await madeThumbnail(photo.thumbnailUrl);

    const refused = await other.visitor.call('DELETE', `/photos/${photo._id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
      error: 'Image not found',
    });
    expect((await served(photo.url)).status).toBe(200);
    expect((await served(photo.thumbnailUrl)).status).toBe(200);
    expect(await imagesOf(owner.user.id)).toEqual([{ id: photo._id, kind: 'profile' }]);

    const deleted = await owner.visitor.call('DELETE', `/photos/${photo._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, data: null });

    const gone = await served(photo.url);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.bytes.toString())).toMatchObject({
      errorCode: 'NOT_FOUND',
      error: 'Image not found',
    });
    expect((await served(photo.thumbnailUrl)).status).toBe(404);
    expect(await imagesOf(owner.user.id)).toEqual([]);

    // Deleting it twice finds nothing.
    expect((await owner.visitor.call('DELETE', `/photos/${photo._id}`)).status).toBe(404);
  });
});

describe('share cards', () => {
  let owner: Person & { shopUrl: string };
  let blobs: TestBlobs;

  beforeAll(async () => {
    owner = await shopOwner();
    blobs = await TestBlobs.open();
  });

  afterAll(async () => {
    await blobs?.close();
  });

  async function expectCard(answer: Served) {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('etag')).toMatch(/^".+"$/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.bytes.length).toBeLessThanOrEqual(300 * 1024);
    expect(await dimensions(answer.bytes)).toEqual({ ...SHARE_CARD, format: 'jpeg' });
  }

  it('serves the card of a shop photo and of a product image, cacheable for a year', async () => {
    const shopPhoto = await sendForm<UploadedImage>(owner.visitor, '/photos/shop', [
      ['photo', file(await phonePhoto(), 'IMG_2041.JPG', 'image/jpeg')],
    ]);
    expect(shopPhoto.status).toBe(201);
    const photoCard = shareCardPath(shopPhoto.body.data.url);
    expect(photoCard).toBe(`/api/photos/${shopPhoto.body.data._id}/card`);
    const card = await madeThumbnail(photoCard!);
    await expectCard(card);
    expect(card.headers.get('cache-control')).toBe(IMMUTABLE);
    const again = await served(photoCard!, { 'if-none-match': card.headers.get('etag')! });
    expect(again.status).toBe(304);

    const product = await sendForm<UploadedImage>(owner.visitor, '/photos/upload', [
      ['image', file(await productOnWhite(), 'kettle.jpg', 'image/jpeg')],
    ]);
    expect(product.status).toBe(201);
    const productCard = shareCardPath(`https://shop.example.in${product.body.data.url}`);
    expect(productCard).toBe(`/api/shop/product-images/${product.body.data._id}/card`);
    await expectCard(await madeThumbnail(productCard!));
  });

  it('stands the image itself in, briefly, for an image with no card yet, and makes it', async () => {
    const uploaded = await sendForm<UploadedImage>(owner.visitor, '/photos/upload', [
      ['image', file(await sampleJpeg(900, 900), 'older.jpg', 'image/jpeg')],
    ]);
    const image = uploaded.body.data;
    await madeThumbnail(shareCardPath(image.url)!);
    // As an image uploaded before cards were made: its card blob is not there.
    await blobs.store.delete(BlobKeys.image(image._id, 'card'));
    const standIn = await served(shareCardPath(image.url)!);
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get('cache-control')).toBe('public, max-age=60');
    expect(standIn.bytes.equals((await served(image.url)).bytes)).toBe(true);
    // Serving the stand-in asked media-service for the card: the next visitor gets it.
    const card = await madeThumbnail(shareCardPath(image.url)!);
    expect(await dimensions(card.bytes)).toEqual({ ...SHARE_CARD, format: 'jpeg' });

    const unknown = await served(`/api/photos/${randomUUID()}/card`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString())).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
      error: 'Image not found',
    });
    // A product image is not a photo, nor the other way round.
    expect((await served(`/api/photos/${image._id}/card`)).status).toBe(404);
  });

  it("serves a public shop's default card for a day; a renamed shop gets a new one", async () => {
    const path = defaultShareCardPath({ shopUrl: owner.shopUrl, shopName: 'Meera Finds' });
    const card = await served(path);
    await expectCard(card);
    expect(card.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = card.headers.get('etag')!;
    expect((await served(path, { 'if-none-match': etag })).status).toBe(304);
    // Shop URLs are read as the public page reads them (lower-cased).
    const shouted = await served(`/api/shop/${owner.shopUrl.toUpperCase()}/card`);
    expect(shouted.headers.get('etag')).toBe(etag);

    const renamed = await owner.visitor.call<Shop>('PUT', '/shop/settings', {
      shopName: 'Meera Finds Home',
    });
    expect(renamed.status).toBe(200);
    const newPath = defaultShareCardPath({ shopUrl: owner.shopUrl, shopName: 'Meera Finds Home' });
    expect(newPath).not.toBe(path);
    const newCard = await served(newPath);
    await expectCard(newCard);
    expect(newCard.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 with the error envelope for an unknown or private shop', async () => {
    const unknown = await served(`/api/shop/${uniqueUrl('nobody')}/card`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString())).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
    });

    const hidden = await shopOwner();
    expect((await served(`/api/shop/${hidden.shopUrl}/card`)).status).toBe(200);
    const made = await hidden.visitor.call<Shop>('PUT', '/shop/settings', { isShopPublic: false });
    expect(made.status).toBe(200);
    const refused = await served(`/api/shop/${hidden.shopUrl}/card`);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString())).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
      error: 'Shop not found',
    });
  });
});

describe('medium variants, for phones', () => {
  let owner: Person & { shopUrl: string };
  let blobs: TestBlobs;

  beforeAll(async () => {
    owner = await shopOwner();
    blobs = await TestBlobs.open();
  });

  afterAll(async () => {
    await blobs?.close();
  });

  const WEBP = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };

  async function upload(path: string, field: string, bytes: Buffer, name: string) {
    const answer = await sendForm<UploadedImage & Banner>(owner.visitor, path, [
      [field, file(bytes, name, 'image/jpeg')],
    ]);
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  it('serves a product image 720 px wide, cacheable for a year, as WebP to browsers that take it', async () => {
    const image = await upload('/photos/upload', 'image', await grainyJpeg(2016, 1512), 'a.jpg');
    const address = mediumOf(image.url);
    expect(address).toBe(`/api/shop/product-images/${image._id}/medium`);

    const jpeg = await madeThumbnail(address);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.headers.get('vary')).toBe('Accept');
    expect(jpeg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await dimensions(jpeg.bytes)).toEqual({ width: 720, height: 540, format: 'jpeg' });
    const full = await served(image.url);
    expect(jpeg.bytes.length).toBeLessThan(full.bytes.length / 3);
    const again = await served(address, { 'if-none-match': jpeg.headers.get('etag')! });
    expect(again.status).toBe(304);

    const webp = await served(address, WEBP);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(webp.headers.get('vary')).toBe('Accept');
    expect(webp.headers.get('etag')).not.toBe(jpeg.headers.get('etag'));
    expect(await dimensions(webp.bytes)).toEqual({ width: 720, height: 540, format: 'webp' });
    expect(webp.bytes.length).toBeLessThan(jpeg.bytes.length);
  });

  it('stands the full image in, briefly, for an image from before medium variants, and makes them', async () => {
    // Two images, each read once without its medium variant: as JPEG, and as WebP.
    const [jpeg, webp] = [
      await upload('/photos/upload', 'image', await grainyJpeg(1200, 900), 'old.jpg'),
      await upload('/photos/upload', 'image', await grainyJpeg(1200, 900), 'older.jpg'),
    ];
    for (const image of [jpeg, webp]) {
      // The upload's own job quite finished (its row is written last), so none makes them again.
      await waitFor(
        async () =>
          (
            await pgQuery<{ done: boolean }>(
              `SELECT variants ? 'card' AS done FROM media.images WHERE id = $1`,
              [image._id],
            )
          )[0]?.done || undefined,
        { timeoutMs: 30_000, description: 'the variants' },
      );
      // As an image uploaded before medium variants were made: neither blob is there.
      await blobs.store.delete(BlobKeys.image(image._id, 'medium'));
      await blobs.store.delete(BlobKeys.image(image._id, 'medium-webp'));
    }
    const standIn = await served(mediumOf(jpeg.url));
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get('content-type')).toBe('image/jpeg');
    expect(standIn.headers.get('cache-control')).toBe('public, max-age=60');
    expect(standIn.bytes.equals((await served(jpeg.url)).bytes)).toBe(true);
    // A browser that takes WebP gets the full image's WebP copy, as at the image's own address.
    const webpStandIn = await served(mediumOf(webp.url), WEBP);
    expect(webpStandIn.headers.get('content-type')).toBe('image/webp');
    expect(webpStandIn.headers.get('cache-control')).toBe('public, max-age=60');
    expect(webpStandIn.bytes.equals((await served(webp.url, WEBP)).bytes)).toBe(true);

    // Serving the stand-in asked media-service for the medium variant: the next visitor gets it.
    for (const image of [jpeg, webp]) {
      const made = await madeThumbnail(mediumOf(image.url));
      expect(await dimensions(made.bytes)).toEqual({ width: 720, height: 540, format: 'jpeg' });
    }
  });

  it('serves the medium variant of a banner and of a shop photo, each at its own address only', async () => {
    const banner = await upload('/banners/upload', 'banner', await grainyJpeg(2400, 800), 'b.jpg');
    const bannerMedium = await madeThumbnail(mediumOf(banner.url));
    expect(mediumOf(banner.url)).toBe(`/api/banners/${banner.id}/medium`);
    expect(await dimensions(bannerMedium.bytes)).toEqual({
      width: 720,
      height: 240,
      format: 'jpeg',
    });

    const photo = await upload('/photos/shop', 'photo', await grainyJpeg(1600, 1200), 'shop.jpg');
    const photoMedium = await madeThumbnail(mediumOf(photo.url));
    expect(mediumOf(photo.url)).toBe(`/api/photos/${photo._id}/medium`);
    // The shop photo route fits it inside 800×800 first.
    expect(await dimensions(photoMedium.bytes)).toEqual({
      width: 720,
      height: 540,
      format: 'jpeg',
    });

    // One kind's id at another kind's address, and an unknown id, are not found.
    expect((await served(`/api/photos/${banner.id}/medium`)).status).toBe(404);
    expect((await served(`/api/banners/${photo._id}/medium`)).status).toBe(404);
    const unknown = await served(`/api/shop/product-images/${randomUUID()}/medium`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString())).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
      error: 'Image not found',
    });
  });
});

describe('banners', () => {
  let meera: Awaited<ReturnType<typeof shopOwner>>;
  let first: Banner;
  let trio: Banner[];

  const bannersOf = async (owner: Person = meera) => {
    const answer = await owner.visitor.call<BannerList>('GET', '/banners/shop');
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    meera = await shopOwner();
  });

  it('uploads one banner with its alt, link and order', async () => {
    const answer = await sendForm<Banner>(meera.visitor, '/banners/upload', [
      ['banner', file(await sampleJpeg(1200, 400), 'diwali.jpg', 'image/jpeg')],
      ['alt', 'Diwali sale'],
      ['link', '/diwali'],
      ['order', '0'],
    ]);
    expect(answer.status).toBe(201);
    first = answer.body.data;
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `/api/banners/${first.id}`,
      alt: 'Diwali sale',
      link: '/diwali',
      order: 0,
    });
    expect(await bannersOf()).toEqual({ enabled: true, images: [first] });

    const image = await served(first.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(image.headers.get('etag')).toMatch(/^".+"$/);
    expect(await dimensions(image.bytes)).toEqual({ width: 1200, height: 400, format: 'jpeg' });
  });

  it('takes only the first 3 files of a multiple upload, after the existing banners', async () => {
    const sizes = [900, 600, 1500, 750];
    const files = await Promise.all(sizes.map((w) => sampleJpeg(w, w / 3)));
    const answer = await sendForm<Banner[]>(
      meera.visitor,
      '/banners/upload-multiple',
      files.map((bytes, i): [string, FilePart] => [
        'banners',
        file(bytes, `banner-${i + 1}.jpg`, 'image/jpeg'),
      ]),
    );
    expect(answer.status).toBe(201);
    trio = answer.body.data;
    expect(trio.map((b) => b.order)).toEqual([1, 2, 3]);
    expect(trio.map((b) => ({ alt: b.alt, link: b.link, url: b.url }))).toEqual(
      trio.map((b) => ({ alt: '', link: '', url: `/api/banners/${b.id}` })),
    );

    const list = await bannersOf();
    expect(list).toEqual({ enabled: true, images: [first, ...trio] });
    // The three stored are the first three sent, in the order sent.
    const widths = await Promise.all(
      trio.map(async (b) => (await dimensions((await served(b.url)).bytes)).width),
    );
    expect(widths).toEqual([900, 600, 1500]);
    expect((await imagesOf(meera.user.id)).filter((i) => i.kind === 'banner')).toHaveLength(4);
  });

  it('changes a banner’s alt, link and order, and refuses a link that is not one', async () => {
    const [second] = trio;
    const updated = await meera.visitor.call<Banner>('PUT', `/banners/${second!.id}`, {
      alt: 'Wedding edit',
      link: 'https://meera.example.in/wedding',
      order: 7,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({
      ...second,
      alt: 'Wedding edit',
      link: 'https://meera.example.in/wedding',
      // A place past the end is the last place; the others close up.
      order: 3,
    });
    const after = await bannersOf();
    expect(after.images.map((b) => b.order)).toEqual([0, 1, 2, 3]);
    expect(after.images.map((b) => b.id)).toEqual([first.id, trio[1]!.id, trio[2]!.id, second!.id]);
    expect(after.images.at(-1)).toEqual(updated.body.data);

    for (const link of ['ftp://files.example.com/x', 'www.example.com', '//evil.example.com']) {
      const refused = await meera.visitor.call('PUT', `/banners/${first.id}`, {
        alt: 'Changed',
        link,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        error: 'Link must be a valid URL (starting with http://, https:// or /)',
        errors: [
          { path: 'link', msg: 'Link must be a valid URL (starting with http://, https:// or /)' },
        ],
      });
    }
    const negative = await meera.visitor.call('PUT', `/banners/${first.id}`, { order: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toBe('Order must be a non-negative integer');
    expect(await bannersOf()).toEqual(after);
  });

  it('refuses a GIF banner and a banner over 5 MB, storing nothing', async () => {
    const before = await bannersOf();
    const gif = await sendForm(meera.visitor, '/banners/upload', [
      ['banner', file(await sampleGif(300, 100), 'sale.gif', 'image/gif')],
      ['alt', 'Animated sale'],
    ]);
    expect(gif.status).toBe(415);
    expect(gif.body).toMatchObject({
      errorCode: 'UNSUPPORTED_TYPE',
      error: 'Invalid file type. Only JPEG, PNG, and WebP images are allowed',
    });
    const huge = await sendForm(meera.visitor, '/banners/upload', [
      ['banner', file(sixMegabytes(), 'huge.jpg', 'image/jpeg')],
    ]);
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({
      errorCode: 'FILE_TOO_LARGE',
      error: 'File size exceeds 5MB limit',
    });
    // One bad file among good ones: none of them becomes a banner.
    const mixed = await sendForm(meera.visitor, '/banners/upload-multiple', [
      ['banners', file(await sampleJpeg(900, 300), 'ok.jpg', 'image/jpeg')],
      ['banners', file(await sampleGif(300, 100), 'sale.gif', 'image/gif')],
    ]);
    expect(mixed.status).toBe(415);
    expect(mixed.body.error).toBe('Invalid file type. Only JPEG, PNG, and WebP images are allowed');
    expect(await bannersOf()).toEqual(before);
    expect((await imagesOf(meera.user.id)).filter((i) => i.kind === 'banner')).toHaveLength(4);
  });

  it('hides and shows the banners, and refuses an enabled that is not a boolean', async () => {
    const off = await meera.visitor.post<BannerList>('/banners/toggle', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.data.enabled).toBe(false);
    expect(await bannersOf()).toMatchObject({ enabled: false });

    const on = await meera.visitor.post<BannerList>('/banners/toggle', { enabled: true });
    expect(on.status).toBe(200);
    const list = await bannersOf();
    expect(list.enabled).toBe(true);
    expect(on.body.data).toEqual(list);

    for (const enabled of ['false', 0, null]) {
      const refused = await meera.visitor.post('/banners/toggle', { enabled });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        error: 'Enabled status must be a boolean',
      });
    }
    expect(await bannersOf()).toEqual(list);
  });

  it('shows each hide and show on the public shop at the very next read', async () => {
    const publicBanners = async () => {
      const answer = await new Visitor().call<PublicShop>('GET', `/shop/${meera.shopUrl}`);
      return answer.body.data.banners!.enabled;
    };
    const stale: string[] = [];
    for (let toggle = 0; toggle < 40; toggle += 1) {
      const enabled = toggle % 2 === 1;
      const answer = await meera.visitor.post<BannerList>('/banners/toggle', { enabled });
      expect(answer.status).toBe(200);
      const shown = await publicBanners();
      if (shown !== enabled) stale.push(`toggle ${toggle}: asked ${enabled}, shown ${shown}`);
    }
    expect(stale).toEqual([]);
  });

  it('reorders only with every banner once, and then in the order given', async () => {
    const before = await bannersOf();
    const ids = before.images.map((b) => b.id);
    expect(ids).toHaveLength(4);
    const reorder = (bannerIds: unknown) =>
      meera.visitor.post<BannerList>('/banners/reorder', { bannerIds });

    const partial = await reorder(ids.slice(0, 2));
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      error: 'Reorder must include all banners. Expected 4, got 2',
      expected: 4,
      provided: 2,
    });

    const stranger = randomUUID();
    const unknown = await reorder([ids[0], ids[1], ids[2], stranger]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      error: `Invalid banner IDs: ${stranger}`,
      invalidIds: [stranger],
    });

    const twice = await reorder([ids[0], ids[0], ids[1], ids[2]]);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      error: 'Duplicate banner IDs found',
    });

    const empty = await reorder([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('No banners to reorder');
    expect(await bannersOf()).toEqual(before);

    const reversed = [...ids].reverse();
    const done = await reorder(reversed);
    expect(done.status).toBe(200);
    const after = await bannersOf();
    expect(done.body.data).toEqual(after);
    expect(after.images.map((b) => [b.id, b.order])).toEqual(reversed.map((id, i) => [id, i]));
  });

  it('keeps another owner away from these banners', async () => {
    const before = await bannersOf();
    const target = before.images[0]!;
    const ravi = await shopOwner();

    const edit = await ravi.visitor.call('PUT', `/banners/${target.id}`, { alt: 'Mine now' });
    expect(edit.status).toBe(404);
    expect(edit.body).toMatchObject({ errorCode: 'NOT_FOUND', error: 'Banner not found' });
    const removal = await ravi.visitor.call('DELETE', `/banners/${target.id}`);
    expect(removal.status).toBe(404);
    expect(removal.body).toMatchObject({ errorCode: 'NOT_FOUND', error: 'Banner not found' });
    const reorder = await ravi.visitor.post('/banners/reorder', { bannerIds: [target.id] });
    expect(reorder.status).toBe(400);
    expect(reorder.body).toMatchObject({ invalidIds: [target.id] });

    expect(await bannersOf()).toEqual(before);
    expect((await served(target.url)).status).toBe(200);
    expect(await bannersOf(ravi)).toEqual({ enabled: true, images: [] });
  });

  it('deletes a banner and its image; the others close up', async () => {
    const before = await bannersOf();
    const [gone, ...rest] = before.images;
    const deleted = await meera.visitor.call('DELETE', `/banners/${gone!.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, data: null });

    const after = await bannersOf();
    expect(after.images.map((b) => [b.id, b.order])).toEqual(rest.map((b, i) => [b.id, i]));
    const image = await served(gone!.url);
    expect(image.status).toBe(404);
    expect(JSON.parse(image.bytes.toString())).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await imagesOf(meera.user.id)).map((i) => i.id)).not.toContain(gone!.id);
    expect((await meera.visitor.call('DELETE', `/banners/${gone!.id}`)).status).toBe(404);
  });

  it('tells a person without a shop to set it up first', async () => {
    const newcomer = await person();
    const list = await newcomer.visitor.call('GET', '/banners/shop');
    expect(list.status).toBe(404);
    expect(list.body).toMatchObject({ errorCode: 'NOT_FOUND', requiresSetup: true });
    const upload = await sendForm(newcomer.visitor, '/banners/upload', [
      ['banner', file(await sampleJpeg(900, 300), 'banner.jpg', 'image/jpeg')],
    ]);
    expect(upload.status).toBe(404);
    expect(upload.body).toMatchObject({ errorCode: 'NOT_FOUND', requiresSetup: true });
    expect(await imagesOf(newcomer.user.id)).toEqual([]);
  });
});

describe('banners on the public shop page', () => {
  it('shows the owner’s banners in their order while enabled, and none when hidden', async () => {
    const priya = await shopOwner();
    const uploaded = await sendForm<Banner[]>(priya.visitor, '/banners/upload-multiple', [
      ['banners', file(await sampleJpeg(900, 300), 'one.jpg', 'image/jpeg')],
      ['banners', file(await samplePng(900, 300), 'two.png', 'image/png')],
    ]);
    expect(uploaded.status).toBe(201);
    const [one, two] = uploaded.body.data;
    const captioned = await priya.visitor.call<Banner>('PUT', `/banners/${two!.id}`, {
      alt: 'New arrivals',
      link: '/new',
    });
    expect(captioned.status).toBe(200);
    const reordered = await priya.visitor.post<BannerList>('/banners/reorder', {
      bannerIds: [two!.id, one!.id],
    });
    expect(reordered.status).toBe(200);
    const expected = [
      { ...two, alt: 'New arrivals', link: '/new', order: 0 },
      { ...one, order: 1 },
    ];
    expect(reordered.body.data).toEqual({ enabled: true, images: expected });

    const visitor = new Visitor();
    const publicBanners = async () => {
      const answer = await visitor.call<PublicShop>('GET', `/shop/${priya.shopUrl}`);
      expect(answer.status).toBe(200);
      return answer.body.data.banners;
    };
    // waitFor retries while the expectation fails, and reports its last failure.
    const same = (wanted: BannerList) => async () => {
      const banners = await publicBanners();
      expect(banners).toEqual(wanted);
      return banners;
    };
    const shown = { enabled: true, images: expected };
    const hidden = { enabled: false, images: [] };
    const wait = { timeoutMs: 10_000, intervalMs: 250 };

    await waitFor(same(shown), { ...wait, description: 'the banners on the public shop' });
    expect(await publicBanners()).toEqual(shown);
    // What the page shows can be loaded.
    for (const banner of shown.images) expect((await served(banner.url!)).status).toBe(200);

    expect((await priya.visitor.post('/banners/toggle', { enabled: false })).status).toBe(200);
    await waitFor(same(hidden), { ...wait, description: 'the banners hidden on the public shop' });
    expect(await publicBanners()).toEqual(hidden);

    expect((await priya.visitor.post('/banners/toggle', { enabled: true })).status).toBe(200);
    await waitFor(same(shown), { ...wait, description: 'the banners shown again' });
  });
});
