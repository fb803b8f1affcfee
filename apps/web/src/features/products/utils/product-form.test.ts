import { describe, expect, it } from 'vitest';
import { testProduct } from '../../../test/fixtures';
import {
  checkProductForm,
  createBody,
  cut,
  detectStore,
  emptyProductForm,
  parseRupees,
  updateBody,
  valuesFromProduct,
  type ProductFormValues,
} from './product-form';

const form = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  title: 'Ikat saree',
  storeUrls: ['https://www.amazon.in/dp/B0TEST', 'flipkart.com/p/itm1'],
  ...overrides,
});

describe('detecting the store of an address (SPEC section 3)', () => {
  it.each([
    ['https://www.amazon.in/dp/B0TEST', 'Amazon', 'amazon'],
    ['amzn.in/d/abc', 'Amazon', 'amazon'],
    ['www.flipkart.com/p/itm1', 'Flipkart', 'flipkart'],
    ['https://www.myntra.com/123', 'Myntra', 'myntra'],
    ['https://www.ajio.com/p/1', 'AJIO', 'ajio'],
    ['https://meesho.com/s/p/1', 'Meesho', 'meesho'],
    ['https://wa.me/919876543210', 'WhatsApp', 'whatsapp'],
    ['https://shop.handlooms.co.in/saree', 'Handlooms', 'web'],
  ])('%s is %s', (url, vendor, key) => {
    expect(detectStore(url)).toMatchObject({ vendor, key });
  });

  it('strips javascript: and adds https://', () => {
    expect(detectStore('javascript:amazon.in/dp/X')).toEqual({
      url: 'https://amazon.in/dp/X',
      vendor: 'Amazon',
      key: 'amazon',
    });
    expect(detectStore('javascript:alert(1)')).toBeNull();
    expect(detectStore('   ')).toBeNull();
  });
});

describe('checking the form (SPEC section 5)', () => {
  it('passes 2 good stores and a title, sending the addresses as kept', () => {
    const check = checkProductForm(form());
    expect(check.fields).toEqual({});
    expect(check.rows).toEqual([undefined, undefined]);
    expect(check.storeUrls).toEqual([
      'https://www.amazon.in/dp/B0TEST',
      'https://flipkart.com/p/itm1',
    ]);
  });

  it('needs at least 2 store links, leaving empty rows out', () => {
    expect(checkProductForm(form({ storeUrls: ['amazon.in/dp/1', ''] })).fields.originalURLs).toBe(
      'Please add at least 2 store links',
    );
  });

  it('names the row of an address that is not one', () => {
    const check = checkProductForm(form({ storeUrls: ['amazon.in/dp/1', 'javascript:alert(1)'] }));
    expect(check.rows).toEqual([undefined, 'Store link 2 is not a valid http or https address']);
  });

  it('checks title, price and short code', () => {
    const check = checkProductForm(form({ title: ' ', price: '12.345', shortCode: 'My Code' }));
    expect(check.fields).toEqual({
      title: 'Product title is required',
      price: 'Price must be a positive amount in rupees',
      shortCode: 'Short code can only contain lowercase letters, numbers, and hyphens',
    });
    expect(checkProductForm(form({ shortCode: 'ab' })).fields.shortCode).toBe(
      'Short code must be 3 to 40 characters long',
    );
  });

  it('reads prices the way people type them', () => {
    expect(parseRupees('')).toBeNull();
    expect(parseRupees('₹2,499')).toBe(2499);
    expect(parseRupees('2499.50')).toBe(2499.5);
    expect(parseRupees('-5')).toBeUndefined();
    expect(parseRupees('abc')).toBeUndefined();
  });
});

describe('what is sent', () => {
  it('leaves empty optional fields out of a new link', () => {
    const values = form();
    expect(createBody(values, checkProductForm(values).storeUrls)).toEqual({
      title: 'Ikat saree',
      originalURLs: ['https://www.amazon.in/dp/B0TEST', 'https://flipkart.com/p/itm1'],
      showOnShop: true,
    });
    const full = form({
      description: ' Cotton ',
      price: '1,299',
      brand: 'Asha',
      images: ['https://img.example.com/b.jpg', '/api/shop/product-images/img-1'],
      shortCode: 'ikat-saree',
    });
    expect(createBody(full, checkProductForm(full).storeUrls)).toMatchObject({
      description: 'Cotton',
      price: 1299,
      brand: 'Asha',
      // The first picture is the cover.
      imageUrl: 'https://img.example.com/b.jpg',
      images: ['https://img.example.com/b.jpg', '/api/shop/product-images/img-1'],
      shortCode: 'ikat-saree',
    });
  });

  it('sends emptied fields of a changed link as empty', () => {
    const values = {
      ...valuesFromProduct(testProduct()),
      description: '',
      price: '',
      images: [],
    };
    expect(updateBody(values, values.storeUrls)).toMatchObject({
      description: '',
      price: null,
      imageUrl: null,
      images: [],
      shortCode: 'k3x9abc',
    });
  });

  it("reads a product's pictures with its cover first, each once", () => {
    const product = testProduct({
      imageUrl: '/api/shop/product-images/b',
      productDetails: {
        ...testProduct().productDetails,
        images: ['/api/shop/product-images/a', '/api/shop/product-images/b'],
      },
    });
    expect(valuesFromProduct(product).images).toEqual([
      '/api/shop/product-images/b',
      '/api/shop/product-images/a',
    ]);
  });

  it('cuts card text with an ellipsis', () => {
    expect(cut('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}…`);
    expect(cut('short', 60)).toBe('short');
  });
});
