import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedStore, rememberStore } from './remembered-store';

afterEach(() => {
  localStorage.clear();
});

describe('the store a visitor chose last', () => {
  it('is remembered by its vendor key', () => {
    rememberStore('flipkart');
    expect(localStorage.getItem('lastStore')).toBe('flipkart');
    expect(rememberedStore()).toBe('flipkart');
  });

  it("leaves out 'web' (any other site) and WhatsApp (always last), and ignores a bad value", () => {
    rememberStore('web');
    rememberStore('whatsapp');
    expect(localStorage.getItem('lastStore')).toBeNull();
    localStorage.setItem('lastStore', '<script>');
    expect(rememberedStore()).toBeNull();
  });

  it('does without storage where the browser refuses it', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => rememberStore('amazon')).not.toThrow();
    expect(rememberedStore()).toBeNull();
  });
});
