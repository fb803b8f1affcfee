import type { PublicShop } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import { testShop } from '../test/fixtures';
import { bannerTarget, shopBanners } from './banners';

// Whatever a server may send, well-formed or not.
const withBanners = (banners: unknown) => ({ ...testShop(), banners }) as unknown as PublicShop;

describe("a shop's banners", () => {
  it('are none for a shop without a banner set (every shop today)', () => {
    expect(shopBanners(testShop())).toEqual([]);
  });

  it('are none while the set is disabled', () => {
    const images = [{ id: 'b1', url: '/b1.jpg', alt: 'Sale', link: '', order: 0 }];
    expect(shopBanners(withBanners({ enabled: false, images }))).toEqual([]);
  });

  it("come in the owner's order, without entries that have no image", () => {
    const shop = withBanners({
      enabled: true,
      images: [
        { id: 'b2', url: '/b2.jpg', alt: 'Second', link: '/meera', order: 1 },
        { id: 'b1', url: '/b1.jpg', alt: 'First', order: 0 },
        { id: 'b3', url: '', alt: 'Broken', order: 2 },
      ],
    });
    expect(shopBanners(shop)).toEqual([
      { id: 'b1', url: '/b1.jpg', alt: 'First', link: '' },
      { id: 'b2', url: '/b2.jpg', alt: 'Second', link: '/meera' },
    ]);
  });
});

describe('where a banner leads', () => {
  it.each([
    ['/meera-finds/k3x9', { to: '/meera-finds/k3x9' }],
    ['https://example.com/sale', { href: 'https://example.com/sale' }],
    ['', null],
    ['//evil.example.com', null],
    ['javascript:alert(1)', null],
  ])('%j leads to %j', (link, target) => {
    expect(bannerTarget(link)).toEqual(target);
  });
});
