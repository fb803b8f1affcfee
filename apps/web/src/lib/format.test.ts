import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it('groups rupees the Indian way, with the rupee sign', () => {
    expect(formatPrice(123456)).toBe('₹1,23,456');
    expect(formatPrice(12345678)).toBe('₹1,23,45,678');
  });

  it('shows paise only when the price has them', () => {
    expect(formatPrice(99.5)).toBe('₹99.50');
    expect(formatPrice(0)).toBe('₹0');
  });
});
