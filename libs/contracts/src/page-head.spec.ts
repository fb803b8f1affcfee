import { ImageSlots } from './image-urls';
import { clip, productPageHead, productPageUrl, shopPageHead, shopPageUrl } from './page-head';
import type { PublicProduct } from './product';
import type { PublicShop } from './shop';

const BASE = 'https://kartlink.example';

const shop: PublicShop = {
  shopName: 'Priya Sarees',
  shopDescription: 'Handloom sarees from Kanchipuram and Banaras, picked one by one.',
  shopUrl: 'priya-sarees',
  shopPhotoURL: '/api/photos/7d1c2f4e-9a0b-4c3d-8e5f-6a7b8c9d0e1f.jpg',
  socialMedia: { instagram: 'priya.sarees', whatsapp: '919876543210', email: 'a@b.in' },
  seo: {},
  banners: { enabled: false, images: [] },
};

function product(overrides: Partial<PublicProduct> = {}): PublicProduct {
  const image = '/api/shop/product-images/0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e';
  return {
    id: '1',
    shortCode: 'red-silk',
    shortUrl: `${BASE}/priya-sarees/red-silk`,
    title: 'Red silk saree',
    description: null,
    price: 1299,
    brand: 'Nalli',
    createdAt: '2026-11-01T00:00:00.000Z',
    imageUrl: image,
    platforms: ['Amazon', 'Flipkart'],
    originalURLs: ['https://www.amazon.in/dp/B0C1234567', 'https://www.flipkart.com/p/itm123'],
    stores: [
      { url: 'https://www.amazon.in/dp/B0C1234567', vendor: 'Amazon', key: 'amazon' },
      { url: 'https://www.flipkart.com/p/itm123', vendor: 'Flipkart', key: 'flipkart' },
    ],
    showOnShop: true,
    defaultStore: null,
    productDetails: {
      title: 'Red silk saree',
      description: null,
      images: [image],
      image,
      price: 1299,
      brand: 'Nalli',
    },
    ...overrides,
  };
}

describe('the head of a shop page', () => {
  it('is titled by the shop, described by its description, and pictured by its photo card', () => {
    const head = shopPageHead(shop, [product()], BASE);
    expect(head.title).toBe('Priya Sarees · Kartlink');
    expect(head.description).toBe(shop.shopDescription);
    expect(head.canonical).toBe(`${BASE}/priya-sarees`);
    expect(head.og).toMatchObject({ type: 'website', title: 'Priya Sarees', url: head.canonical });
    expect(head.og.image).toEqual({
      url: `${BASE}/api/photos/7d1c2f4e-9a0b-4c3d-8e5f-6a7b8c9d0e1f/card`,
      width: 1200,
      height: 630,
      alt: 'Priya Sarees',
    });
  });

  it('prefers the owner’s SEO title and description', () => {
    const head = shopPageHead(
      {
        ...shop,
        seo: { title: 'Silk sarees online', description: 'Pure silk.', keywords: 'saree' },
      },
      [],
      BASE,
    );
    expect(head.title).toBe('Silk sarees online · Kartlink');
    expect(head.description).toBe('Pure silk.');
    expect(head.keywords).toBe('saree');
  });

  it('lists only the products the shop shows, and links the shop’s web profiles', () => {
    const head = shopPageHead(
      shop,
      [product(), product({ shortCode: 'hidden', title: 'Hidden', showOnShop: false })],
      BASE,
    );
    const [store, list] = head.jsonLd as Array<Record<string, unknown>>;
    expect(store).toMatchObject({ '@type': 'Store', name: 'Priya Sarees' });
    // wa.me and instagram are web addresses; mailto is not a profile.
    expect(store.sameAs).toEqual([
      'https://www.instagram.com/priya.sarees',
      'https://wa.me/919876543210',
    ]);
    expect(list).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 1,
      itemListElement: [
        { position: 1, url: `${BASE}/priya-sarees/red-silk`, name: 'Red silk saree' },
      ],
    });
  });

  it('without a photo is pictured by the default card with the shop’s name', () => {
    const head = shopPageHead({ ...shop, shopPhotoURL: null }, [], BASE);
    expect(head.og.image.url).toMatch(
      /^https:\/\/kartlink\.example\/api\/shop\/priya-sarees\/card\?v=/,
    );
    expect(head.description).toBe(shop.shopDescription);
  });
});

describe('the head of a product page', () => {
  it('carries the price as ASCII digits in INR and one offer per store', () => {
    const head = productPageHead(shop, product({ price: 1299.5 }), BASE);
    expect(head.title).toBe('Red silk saree · Priya Sarees');
    expect(head.og.type).toBe('product');
    expect(head.price).toEqual({ amount: '1299.50', currency: 'INR' });
    const [ld] = head.jsonLd as Array<{ offers: { offers: Array<{ url: string }> } }>;
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Red silk saree',
      brand: { '@type': 'Brand', name: 'Nalli' },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'INR',
        lowPrice: '1299.50',
        highPrice: '1299.50',
        offerCount: 2,
      },
    });
    expect(ld.offers.offers.map((offer) => offer.url)).toEqual(product().originalURLs);
    expect(head.description).toContain('₹1,299.50');
  });

  it('without a price has no offers and no price tags', () => {
    const head = productPageHead(
      shop,
      product({ price: null, productDetails: { ...product().productDetails, price: null } }),
      BASE,
    );
    expect(head.price).toBeUndefined();
    expect((head.jsonLd[0] as Record<string, unknown>).offers).toBeUndefined();
  });

  it('with an image from elsewhere previews with the shop’s default card', () => {
    const external = 'https://images.example.com/saree.jpg';
    const head = productPageHead(
      shop,
      product({
        imageUrl: external,
        productDetails: { ...product().productDetails, images: [external], image: external },
      }),
      BASE,
    );
    expect(head.og.image.url).toContain('/api/shop/priya-sarees/card?v=');
    // Only our own images have smaller variants: the picture itself, with no choice of sizes.
    expect(head.lcpImage).toEqual({ src: external });
  });
});

describe('clip', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(clip('  two\n words ')).toBe('two words');
    const long = 'Handloom '.repeat(30);
    const cut = clip(long);
    expect([...cut].length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('Handloom…')).toBe(true);
  });

  it('never cuts an emoji in half', () => {
    const cut = clip('🪔'.repeat(200), 10);
    expect(cut).toBe(`${'🪔'.repeat(9)}…`);
  });
});

describe('the preloaded picture of a public page', () => {
  const bannerId = '5f0e6a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
  const productImage = `${BASE}/api/shop/product-images/0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e`;

  it('is, on a product page, its first image: medium for phones, the full one for wide screens', () => {
    expect(productPageHead(shop, product(), BASE).lcpImage).toEqual({
      src: productImage,
      srcSet: `${productImage}/medium 720w, ${productImage} 2048w`,
      sizes: ImageSlots.productMain,
    });
  });

  it('is, on a shop page with banners, the first banner at the size the carousel shows it', () => {
    const banner = `/api/banners/${bannerId}`;
    const withBanners: PublicShop = {
      ...shop,
      banners: {
        enabled: true,
        images: [{ id: bannerId, url: banner, alt: 'Diwali sale', link: '', order: 0 }],
      },
    };
    expect(shopPageHead(withBanners, [product()], BASE).lcpImage).toEqual({
      src: `${BASE}${banner}`,
      srcSet: `${BASE}${banner}/medium 720w, ${BASE}${banner} 2400w`,
      sizes: ImageSlots.banner,
    });
  });

  it('is, on a shop page without banners, the first card’s thumbnail', () => {
    expect(shopPageHead(shop, [product()], BASE).lcpImage).toEqual({
      src: `${productImage}/thumbnail`,
    });
  });

  it('is none on a page without pictures', () => {
    expect(shopPageHead(shop, [], BASE).lcpImage).toBeUndefined();
    const bare = product({
      imageUrl: null,
      productDetails: { ...product().productDetails, images: [], image: null },
    });
    expect(productPageHead(shop, bare, BASE).lcpImage).toBeUndefined();
  });
});

describe('a shop with a verified custom domain', () => {
  const base = 'https://kartlink.in';
  const shop = {
    shopName: 'Asha Crafts',
    shopDescription: null,
    shopUrl: 'asha',
    shopPhotoURL: null,
    socialMedia: {},
    seo: {},
    customDomain: 'shop.ashacrafts.in',
  };

  it('has its canonical addresses and link previews at the domain', () => {
    expect(shopPageUrl(shop, base)).toBe('https://shop.ashacrafts.in/');
    expect(productPageUrl(shop, 'k7x2', base)).toBe('https://shop.ashacrafts.in/k7x2');
    expect(productPageUrl(shop, 'k7x2', 'http://127.0.0.1:3000')).toBe(
      'http://shop.ashacrafts.in/k7x2',
    );
    const head = shopPageHead(shop, [], base);
    expect(head.canonical).toBe('https://shop.ashacrafts.in/');
    expect(head.og.url).toBe('https://shop.ashacrafts.in/');
    expect(shopPageUrl({ shopUrl: 'asha' }, base)).toBe('https://kartlink.in/asha');
  });
});
