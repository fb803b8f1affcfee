import { DEFAULT_EARNINGS, type Product, type Shop, type ShopStatus } from '@kartlink/contracts';

/** A finished, public shop of TEST_USER. */
export function testShop(overrides: Partial<Shop> = {}): Shop {
  return {
    userId: 'user-1',
    shopName: 'Asha Crafts',
    shopDescription: 'Handwoven sarees and stoles from Pochampally.',
    shopUrl: 'asha-crafts',
    isShopPublic: true,
    shopPhotoURL: 'https://images.example.com/asha.png',
    setupCompleted: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    socialMedia: {},
    seo: {},
    earnings: DEFAULT_EARNINGS,
    requiresSetup: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /shop/status for a shop (or for none). */
export function statusOf(shop: Shop | null): ShopStatus {
  return shop
    ? {
        hasShop: true,
        requiresSetup: shop.requiresSetup,
        setupCompleted: shop.setupCompleted,
        setupSteps: shop.setupSteps,
        shopUrl: shop.shopUrl,
      }
    : {
        hasShop: false,
        requiresSetup: true,
        setupCompleted: false,
        setupSteps: { shopUrl: false, basicInfo: false, profilePhoto: false },
        shopUrl: null,
      };
}

/** A product of the shop above, sold on Amazon and Flipkart. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  const base: Product = {
    id: '0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11',
    shortCode: 'k3x9abc',
    shortUrl: 'http://localhost:3000/asha-crafts/k3x9abc',
    title: 'Pochampally ikat saree',
    description: 'Pure cotton, handwoven, with blouse piece.',
    price: 2499,
    brand: 'Asha Crafts',
    clicks: 42,
    createdAt: '2026-02-01T09:30:00.000Z',
    imageUrl: 'https://images.example.com/saree.jpg',
    platforms: ['Amazon', 'Flipkart'],
    originalURLs: ['https://www.amazon.in/dp/B0TEST', 'https://www.flipkart.com/p/itm1'],
    stores: [
      { url: 'https://www.amazon.in/dp/B0TEST', vendor: 'Amazon', key: 'amazon' },
      { url: 'https://www.flipkart.com/p/itm1', vendor: 'Flipkart', key: 'flipkart' },
    ],
    showOnShop: true,
    affiliateTags: true,
    defaultStore: null,
    productDetails: {
      title: 'Pochampally ikat saree',
      description: 'Pure cotton, handwoven, with blouse piece.',
      images: [],
      image: 'https://images.example.com/saree.jpg',
      price: 2499,
      brand: 'Asha Crafts',
    },
  };
  return { ...base, ...overrides };
}
