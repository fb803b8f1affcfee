import { BannersChangedPayload, ProductClicksPayload, readPayload } from '.';

const change = {
  id: 'e1',
  userId: '0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e',
  version: 3,
  banners: {
    enabled: true,
    images: [{ id: 'b1', url: '/api/banners/b1', alt: 'Diwali sale', link: '/meera', order: 0 }],
  },
  occurredAt: '2026-03-09T10:00:00.000Z',
};

describe('readPayload', () => {
  it('reads a banner change as media-service writes it, keeping only what a banner has', () => {
    const extra = {
      ...change,
      secret: 'x',
      banners: { ...change.banners, images: [{ ...change.banners.images[0], html: '<b>' }] },
    };
    expect(readPayload(BannersChangedPayload, extra)).toEqual(change);
  });

  it('drops what no producer writes', () => {
    for (const bad of [
      null,
      [],
      'text',
      { ...change, userId: 'owner-1' },
      { ...change, version: -1 },
      { ...change, version: 1.5 },
      { ...change, banners: { enabled: 'yes', images: [] } },
      {
        ...change,
        banners: {
          enabled: true,
          images: [{ ...change.banners.images[0], url: 'https://evil.example/x.png' }],
        },
      },
      {
        ...change,
        banners: { enabled: true, images: [{ ...change.banners.images[0], order: '1' }] },
      },
    ])
      expect(readPayload(BannersChangedPayload, bad)).toBeUndefined();
  });

  it('reads a product’s click total, and nothing that is not one', () => {
    const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(readPayload(ProductClicksPayload, { productId, clicks: 12 })).toEqual({
      productId,
      clicks: 12,
    });
    expect(readPayload(ProductClicksPayload, { productId, clicks: 2 ** 53 })).toBeUndefined();
    expect(readPayload(ProductClicksPayload, { productId: 'p1', clicks: 12 })).toBeUndefined();
    expect(readPayload(ProductClicksPayload, { productId })).toBeUndefined();
  });
});
