import type { ProductEntity } from './product.entity';
import { toProduct, toPublicProduct } from './product.mapper';

const row = {
  id: '0b6a4c1e-5a7d-4f7e-9c1b-2d3e4f5a6b7c',
  shopId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  shortCode: 'kurta',
  title: 'Block-print kurta',
  description: 'Hand block-printed cotton',
  price: '1299.00',
  priceReadAt: new Date('2026-11-24T04:30:00Z'),
  brand: 'Meera',
  imageUrl: null,
  images: ['/api/shop/product-images/a1'],
  storeUrls: ['https://www.amazon.in/dp/B0KURTA', 'https://www.flipkart.com/p/kurta'],
  showOnShop: true,
  affiliateTags: false,
  defaultStore: 'flipkart',
  clicks: 42,
  startsAt: new Date('2026-12-01T04:30:00Z'),
  endsAt: null,
  afterEnd: 'shop',
  endedMessage: null,
  createdAt: new Date('2026-03-09T10:00:00Z'),
  updatedAt: new Date('2026-03-09T10:00:00Z'),
} as unknown as ProductEntity;

describe('the public product', () => {
  it('lists what a visitor sees; the click count and anything new on the row stay the owner’s', () => {
    const withNewField = { ...row, costPrice: '700.00', supplierNote: 'Jaipur' } as ProductEntity;
    const shown = toPublicProduct(withNewField, 'meera-finds', 'https://kartlink.in/');
    expect(Object.keys(shown).sort()).toEqual(
      [
        'brand',
        'createdAt',
        'defaultStore',
        'description',
        'id',
        'imageUrl',
        'originalURLs',
        'platforms',
        'price',
        'priceReadAt',
        'productDetails',
        'shortCode',
        'shortUrl',
        'showOnShop',
        'stores',
        'title',
      ].sort(),
    );
    expect(shown).toMatchObject({
      shortUrl: 'https://kartlink.in/meera-finds/kurta',
      price: 1299,
      priceReadAt: '2026-11-24T04:30:00.000Z',
      imageUrl: '/api/shop/product-images/a1',
      platforms: ['Amazon', 'Flipkart'],
      defaultStore: 'flipkart',
    });
    expect(JSON.stringify(shown)).not.toMatch(
      /costPrice|Jaipur|shopId|clicks|affiliateTags|startsAt|afterEnd/,
    );
  });

  it('has no read date for a price the product no longer has', () => {
    expect(toPublicProduct({ ...row, price: null }, 'm', 'https://k.in').priceReadAt).toBeNull();
  });

  it('gives the owner the same fields, the click count, the affiliate switch and the window', () => {
    const owned = toProduct(row, 'meera-finds', 'https://kartlink.in');
    expect(owned).toEqual({
      ...toPublicProduct(row, 'meera-finds', 'https://kartlink.in'),
      clicks: 42,
      affiliateTags: false,
      startsAt: '2026-12-01T04:30:00.000Z',
      endsAt: null,
      afterEnd: 'shop',
      endedMessage: null,
      hidden: null,
    });
  });

  it('tells the owner, and only the owner, why an admin hid the product', () => {
    const hiddenRow = {
      ...row,
      hiddenAt: new Date('2026-11-20T06:00:00Z'),
      hiddenReason: 'Counterfeit goods reported',
    };
    expect(toProduct(hiddenRow, 'meera-finds', 'https://kartlink.in').hidden).toEqual({
      reason: 'Counterfeit goods reported',
      at: '2026-11-20T06:00:00.000Z',
    });
    expect(toPublicProduct(hiddenRow, 'meera-finds', 'https://kartlink.in')).not.toHaveProperty(
      'hidden',
    );
  });
});
