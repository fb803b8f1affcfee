import {
  formatRupees,
  generateShortCode,
  normalizeStoreUrl,
  ProductMessages,
  SHORT_CODE_ALPHABET,
  shortCodeProblem,
  storeUrlsProblem,
  vendorOf,
} from './product-rules';

describe('store addresses (SPEC section 5)', () => {
  it.each([
    ['amazon.in/dp/B0C1', 'https://amazon.in/dp/B0C1'],
    ['  https://www.flipkart.com/p/itm1 ', 'https://www.flipkart.com/p/itm1'],
    ['javascript:https://myntra.com/x', 'https://myntra.com/x'],
    ['JavaScript:javascript:alert(1)', undefined],
    ['ftp://example.com/x', undefined],
    ['http://localhost', undefined],
    ['', undefined],
  ])('%j → %s', (raw, kept) => {
    expect(normalizeStoreUrl(raw)).toBe(kept);
  });

  it('needs 2 to 7 valid addresses and names the bad one', () => {
    expect(storeUrlsProblem(['amazon.in/x'])).toBe(ProductMessages.tooFewStores);
    expect(storeUrlsProblem(Array(8).fill('amazon.in/x'))).toBe(ProductMessages.tooManyStores);
    expect(storeUrlsProblem(['amazon.in/x', 'ftp://x.com'])).toBe(
      'Store link 2 is not a valid http or https address',
    );
    expect(storeUrlsProblem(['amazon.in/x', 'flipkart.com/y'])).toBeUndefined();
  });
});

describe('vendors (SPEC section 3)', () => {
  it.each([
    ['https://www.amazon.in/dp/1', 'Amazon', 'amazon'],
    ['https://amzn.to/3x', 'Amazon', 'amazon'],
    ['https://dl.flipkart.com/s/1', 'Flipkart', 'flipkart'],
    ['https://www.myntra.com/1', 'Myntra', 'myntra'],
    ['https://www.ajio.com/p/1', 'AJIO', 'ajio'],
    ['https://meesho.com/s/1', 'Meesho', 'meesho'],
    ['https://wa.me/919876543210', 'WhatsApp', 'whatsapp'],
    ['https://www.nykaa.com/p/1', 'Nykaa', 'web'],
    ['https://shop.example.co.in/p/1', 'Example', 'web'],
    ['https://notamazon.com/x', 'Notamazon', 'web'],
    ['http://192.168.1.20:8080/p/1', '192.168.1.20', 'web'],
    ['http://[2001:db8::1]/p/1', '[2001:db8::1]', 'web'],
  ])('%s → %s (%s)', (url, vendor, key) => {
    expect(vendorOf(url)).toEqual({ vendor, key });
  });
});

describe('short codes', () => {
  it('generates 7 unambiguous characters', () => {
    const codes = Array.from({ length: 500 }, () => generateShortCode());
    for (const code of codes) {
      expect(code).toHaveLength(7);
      expect([...code].every((c) => SHORT_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(new Set(codes).size).toBe(500);
  });

  it('accepts lowercase letters, digits and hyphens only', () => {
    expect(shortCodeProblem('summer-kurta-2')).toBeUndefined();
    expect(shortCodeProblem('Summer')).toBe(ProductMessages.shortCodeCharacters);
    expect(shortCodeProblem('ab')).toBe(ProductMessages.shortCodeLength);
  });
});

describe('formatRupees', () => {
  it('writes Indian grouping with the rupee sign', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(1299.5)).toBe('₹1,299.50');
  });

  it.each([
    0, 5, 99, 999, 1000, 2450, 12345, 123456, 1234567, 12345678, 123456789, 0.5, 1.05, 99.99,
    1299.5, 12999.5, 100000.01, 9999999.99, 12999.999, -1234.5,
  ])('writes %p as Intl writes it for en-IN', (amount) => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      ...(Number.isInteger(amount) ? { maximumFractionDigits: 0 } : {}),
    });
    expect(formatRupees(amount)).toBe(intl.format(amount));
  });
});
