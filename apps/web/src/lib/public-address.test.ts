import { PUBLIC_URL_META } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import { servePublicUrl } from '../test/public-url';
import { publicHost, publicOrigin, publicShopAddress } from './public-address';

const removeTag = () => document.head.querySelector(`meta[name="${PUBLIC_URL_META}"]`)?.remove();

describe('the public address', () => {
  it('is the one the page carries, whatever host the browser opened', () => {
    servePublicUrl('https://shop.example.in:8443/');
    expect(publicOrigin()).toBe('https://shop.example.in:8443');
    expect(publicHost()).toBe('shop.example.in:8443');
    expect(publicShopAddress('asha-crafts')).toBe('https://shop.example.in:8443/asha-crafts');
  });

  it("is the page's own origin when the page carries none", () => {
    removeTag();
    expect(publicOrigin()).toBe(window.location.origin);
    expect(publicHost()).toBe(window.location.host);
  });

  it("is the page's own origin when the tag is empty or broken", () => {
    servePublicUrl('');
    expect(publicOrigin()).toBe(window.location.origin);
    servePublicUrl('not an address');
    expect(publicOrigin()).toBe(window.location.origin);
  });
});
