import { describe, expect, it } from 'vitest';
import { sanitizeShopUrl } from './shop-url';

describe('sanitizeShopUrl', () => {
  it('lowercases and keeps only letters, digits and hyphens', () => {
    expect(sanitizeShopUrl('Asha Crafts_2024!')).toBe('ashacrafts2024');
    expect(sanitizeShopUrl('meera-finds')).toBe('meera-finds');
    expect(sanitizeShopUrl('दुकान')).toBe('');
  });
});
