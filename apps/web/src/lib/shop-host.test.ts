import { SHOP_HOST_META } from '@kartlink/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { publicPageOf } from '../public/public-page';
import { shopHost, shopPath } from './shop-host';

const setHost = (content: string | undefined) => {
  document.head.querySelector(`meta[name="${SHOP_HOST_META}"]`)?.remove();
  if (content === undefined) return;
  const meta = document.createElement('meta');
  meta.name = SHOP_HOST_META;
  meta.content = content;
  document.head.append(meta);
};

describe('a shop on its own domain', () => {
  afterEach(() => setHost(undefined));

  it('links its pages at the root of its domain, and at /{shopUrl}/ elsewhere', () => {
    expect(shopHost()).toBeUndefined();
    expect(shopPath('asha')).toBe('/asha');
    expect(shopPath('asha', 'k7x2')).toBe('/asha/k7x2');
    setHost('asha');
    expect(shopHost()).toBe('asha');
    expect(shopPath('asha')).toBe('/');
    expect(shopPath('asha', 'k7x2/go/amazon')).toBe('/k7x2/go/amazon');
    // Another shop's pages stay at their own addresses.
    expect(shopPath('meera', 'x1')).toBe('/meera/x1');
  });

  it('reads / and /{shortCode} as the shop the page names', () => {
    expect(publicPageOf('/', 'asha')).toEqual({ kind: 'shop', params: { shopUrl: 'asha' } });
    expect(publicPageOf('/k7x2', 'asha')).toEqual({
      kind: 'product',
      params: { shopUrl: 'asha', shortCode: 'k7x2' },
    });
    expect(publicPageOf('/a/b', 'asha')).toBeUndefined();
    expect(publicPageOf('/asha/k7x2')).toEqual({
      kind: 'product',
      params: { shopUrl: 'asha', shortCode: 'k7x2' },
    });
  });
});
