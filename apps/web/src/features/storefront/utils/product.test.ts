import type { PublicProduct, StoreLink } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import { testProduct } from '../test/fixtures';
import {
  isPublicProduct,
  platformChips,
  productImages,
  storeGoPath,
  storeOptions,
} from './product';

const store = (vendor: string, key: string, url = `https://${key}.example.com/p`): StoreLink => ({
  vendor,
  key,
  url,
});

describe('platform chips', () => {
  it('shows up to two stores and counts the rest', () => {
    expect(platformChips(['Amazon', 'Flipkart', 'Myntra', 'WhatsApp'])).toEqual({
      shown: ['Amazon', 'Flipkart'],
      more: 2,
    });
    expect(platformChips(['Amazon', 'Flipkart'])).toEqual({
      shown: ['Amazon', 'Flipkart'],
      more: 0,
    });
    expect(platformChips([])).toEqual({ shown: [], more: 0 });
  });

  it('counts a store listed twice once', () => {
    expect(platformChips(['Amazon', 'Amazon', 'Flipkart'])).toEqual({
      shown: ['Amazon', 'Flipkart'],
      more: 0,
    });
  });
});

describe('store options', () => {
  it('puts WhatsApp last and names it "Buy on WhatsApp"', () => {
    const options = storeOptions([
      store('WhatsApp', 'whatsapp', 'https://wa.me/919876543210'),
      store('Amazon', 'amazon'),
      store('Example', 'web'),
      store('Flipkart', 'flipkart'),
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'Buy on Amazon',
      'Buy on Example',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
  });

  it('names each store by its key on its /go route, or by its position when the key repeats', () => {
    const options = storeOptions([
      store('Example', 'web', 'https://example.com/a'),
      store('Amazon', 'amazon'),
      store('Other', 'web', 'https://other.example/b'),
    ]);
    expect(options.map((o) => o.goKey)).toEqual(['1', 'amazon', '3']);
    expect(storeGoPath('meera-finds', 'k3x9pqr', options[1], 'a.b/c+d')).toBe(
      '/meera-finds/k3x9pqr/go/amazon?t=a.b%2Fc%2Bd',
    );
  });

  it('moves only the first store of a pinned or remembered key up', () => {
    const options = storeOptions(
      [
        store('Amazon', 'amazon', 'https://www.amazon.in/dp/1'),
        store('Flipkart', 'flipkart'),
        store('Amazon', 'amazon', 'https://www.amazon.com/dp/2'),
        store('Myntra', 'myntra'),
      ],
      { pinned: 'myntra', remembered: 'amazon' },
    );
    expect(options.map((o) => o.url)).toEqual([
      'https://myntra.example.com/p',
      'https://www.amazon.in/dp/1',
      'https://flipkart.example.com/p',
      'https://www.amazon.com/dp/2',
    ]);
  });

  it('offers only web addresses', () => {
    const options = storeOptions([
      store('Amazon', 'amazon', 'javascript:alert(1)'),
      store('Flipkart', 'flipkart', 'not a url'),
      store('Myntra', 'myntra', 'http://myntra.com/x'),
    ]);
    expect(options.map((o) => o.vendor)).toEqual(['Myntra']);
  });
});

describe('product pictures', () => {
  it('lists the main image first and each picture once', () => {
    const product: PublicProduct = testProduct({
      imageUrl: '/a.jpg',
      productDetails: {
        ...testProduct().productDetails,
        image: '/a.jpg',
        images: ['/a.jpg', '/b.jpg', ''],
      },
    });
    expect(productImages(product)).toEqual(['/a.jpg', '/b.jpg']);
  });
});

describe('the shape of a product answer', () => {
  it('needs an id, a short code, a title and stores', () => {
    expect(isPublicProduct(testProduct())).toBe(true);
    expect(isPublicProduct({ ...testProduct(), stores: undefined })).toBe(false);
    expect(isPublicProduct({ ...testProduct(), id: '' })).toBe(false);
    expect(isPublicProduct('<html>')).toBe(false);
    expect(isPublicProduct(null)).toBe(false);
  });
});
