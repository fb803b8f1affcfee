import type { PublicProduct, PublicShop } from '@kartlink/contracts';

/** A public shop as GET /shop/{shopUrl} answers it. */
export function testShop(overrides: Partial<PublicShop> = {}): PublicShop {
  return {
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    shopUrl: 'meera-finds',
    shopPhotoURL: null,
    socialMedia: {},
    seo: {},
    amazonDisclosure: false,
    ...overrides,
  };
}

/** A product as the public reads answer it, sold on Amazon, Flipkart and WhatsApp. */
export function testProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    shortCode: 'k3x9pqr',
    shortUrl: 'http://localhost:3000/meera-finds/k3x9pqr',
    title: 'Block-print cotton kurta',
    description: 'Hand block-printed in Jaipur',
    price: 1299,
    brand: 'Meera',
    createdAt: '2026-01-05T10:00:00.000Z',
    imageUrl: null,
    platforms: ['WhatsApp', 'Amazon', 'Flipkart'],
    originalURLs: [
      'https://wa.me/919876543210',
      'https://www.amazon.in/dp/B0KURTA',
      'https://www.flipkart.com/p/kurta',
    ],
    stores: [
      { url: 'https://wa.me/919876543210', vendor: 'WhatsApp', key: 'whatsapp' },
      { url: 'https://www.amazon.in/dp/B0KURTA', vendor: 'Amazon', key: 'amazon' },
      { url: 'https://www.flipkart.com/p/kurta', vendor: 'Flipkart', key: 'flipkart' },
    ],
    showOnShop: true,
    defaultStore: null,
    tapToken: 'tap-proof-1',
    productDetails: {
      title: 'Block-print cotton kurta',
      description: 'Hand block-printed in Jaipur',
      images: [],
      image: null,
      price: 1299,
      brand: 'Meera',
    },
    ...overrides,
  };
}
