import type { Banner, BannerList, Product, Shop, UploadedImage } from '@kartlink/contracts';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { type Answer, signUp, Visitor } from './auth-client';
import { file, sendForm } from './forms';

/**
 * A shop as a real owner leaves it, made through the running product's API: shop photo,
 * banners, social links, SEO, and products each with a photo, a price, a brand and several
 * stores. Used by the page-quality benchmark and the browser tests' accessibility checks.
 */

/**
 * Smooth colour waves plus deterministic noise: compresses like a photo, not like a flat fill
 * (at 2016×1512, an upload of about 0.9 MB).
 */
function photoPixels(width: number, height: number, seed: number): Buffer {
  const pixels = new Uint8ClampedArray(width * height * 3);
  let state = 0x9e3779b9 ^ seed;
  let i = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = ((state & 255) - 128) * 0.6;
      const base = 128 + 60 * Math.sin((x + seed * 37) / 90) * Math.cos((y - seed * 23) / 120);
      pixels[i++] = base + noise + 30;
      pixels[i++] = base - noise * 0.7 + ((seed * 41) % 60);
      pixels[i++] = 225 - base + noise * 0.5;
    }
  }
  return Buffer.from(pixels.buffer);
}

/** A phone-camera JPEG (quality 92), different for each `seed`. */
function phonePhoto(seed: number, width = 2016, height = 1512): Promise<Buffer> {
  return sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function accepted<T>(what: string, answer: Answer<T>, status = 200): T {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const jpeg = (bytes: Buffer, name: string) => file(bytes, name, 'image/jpeg');

const BRANDS = [
  'Moradabad Brass',
  'Jaipur Blue',
  'Kutch Weaves',
  'Channapatna Toys',
  'Bidri Works',
];
const ITEMS = [
  'Brass diya set of 4',
  'Hand-block printed cushion cover',
  'Blue pottery serving bowl',
  'Kantha stitch throw',
  'Wooden stacking toy',
  'Bidriware trinket box',
  'Terracotta planter',
  'Copper water bottle',
  'Madhubani wall art',
  'Jute table runner',
  'Marble coaster set',
  'Hand-painted tea cups',
];
const STORES = [
  (i: number) => `https://www.amazon.in/dp/B0SHOWCASE${i}`,
  (i: number) => `https://www.flipkart.com/p/itm-showcase-${i}`,
  (i: number) => `https://www.myntra.com/decor/${1000 + i}`,
  () => 'https://wa.me/919876543210',
];

export interface ShowcaseShop {
  owner: Visitor;
  email: string;
  shopUrl: string;
  shop: Shop;
  products: Product[];
}

export interface ShowcaseOptions {
  products: number;
  /** Size of the photos uploaded (a 12 MP phone photo is 4032×3024; half by default). */
  photoSize?: { width: number; height: number };
}

/**
 * Signs an owner up and builds their public shop through the API (stackBaseUrl), then waits
 * until every thumbnail has been made, as a visitor arriving later would find it.
 */
export async function showcaseShop(options: ShowcaseOptions): Promise<ShowcaseShop> {
  const { width, height } = options.photoSize ?? { width: 2016, height: 1512 };
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `diya-house-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;

  const shopPhoto = accepted<UploadedImage>(
    'shop photo',
    await sendForm(owner, '/photos/shop', [
      ['photo', jpeg(await phonePhoto(1, width, height), 'shop.jpg')],
    ]),
    201,
  );
  const shop = accepted<Shop>(
    'shop settings',
    await owner.call('PUT', '/shop/settings', {
      shopUrl,
      shopName: 'Diya House',
      shopDescription:
        'Brass lamps, block prints and festive decor, made by hand by artisans in Moradabad and Jaipur.',
      shopPhotoURL: shopPhoto.photoURL,
      isShopPublic: true,
      setupCompleted: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
      socialMedia: {
        instagram: 'diyahouse',
        facebook: 'diyahouse',
        youtube: 'diyahouse',
        whatsapp: '919876543210',
        website: 'https://diyahouse.example.com',
      },
      seo: {
        title: 'Diya House: handmade brass and festive decor',
        description:
          'Handmade brass diyas, block-printed textiles and festive decor from Indian artisans.',
        keywords: 'diya, brass, handmade, festive decor',
      },
    }),
  );

  for (const [n, alt] of ['Diwali collection', 'New block prints', 'Gifts under ₹999'].entries()) {
    accepted<Banner>(
      'banner',
      await sendForm(owner, '/banners/upload', [
        [
          'banner',
          jpeg(await phonePhoto(100 + n, width, Math.round(width / 3)), `banner-${n}.jpg`),
        ],
        ['alt', alt],
        ['link', ''],
      ]),
      201,
    );
  }
  accepted<BannerList>('banner toggle', await owner.post('/banners/toggle', { enabled: true }));

  const products: Product[] = [];
  for (let i = 0; i < options.products; i += 1) {
    const photo = accepted<UploadedImage>(
      'product photo',
      await sendForm(owner, '/photos/upload', [
        ['type', 'product'],
        ['image', jpeg(await phonePhoto(10 + i, width, height), `IMG_${2040 + i}.jpg`)],
      ]),
      201,
    );
    const title = ITEMS[i % ITEMS.length]! + (i >= ITEMS.length ? ` (${i + 1})` : '');
    products.push(
      accepted<Product>(
        'product',
        await owner.post('/urls', {
          title,
          description: `${title}, made by hand and packed with care; ships across India in 3 to 5 days.`,
          price: 349 + ((i * 173) % 2400),
          brand: BRANDS[i % BRANDS.length],
          images: [photo.url],
          imageUrl: photo.url,
          originalURLs: STORES.slice(0, 2 + (i % 3)).map((store) => store(i)),
        }),
        201,
      ),
    );
  }

  // Thumbnails are made by media-service's queue; until then the full image stands in.
  for (const product of products) {
    const thumbnail = `${stackBaseUrl()}${product.imageUrl}/thumbnail`;
    await waitFor(
      async () => {
        const answer = await fetch(thumbnail, { method: 'HEAD' });
        return answer.headers.get('cache-control')?.includes('immutable') ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, description: `the thumbnail ${thumbnail}` },
    );
  }
  return { owner, email, shopUrl, shop, products };
}
