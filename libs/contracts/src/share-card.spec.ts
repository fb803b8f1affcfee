import { defaultShareCardPath, SHARE_CARD, shareCardPath } from './share-card';

const ID = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';

describe('share cards', () => {
  it('are 1200×630, the 1.91:1 picture link previews show large', () => {
    expect(SHARE_CARD).toEqual({ width: 1200, height: 630 });
  });

  it.each([
    [`/api/photos/${ID}.jpg`, `/api/photos/${ID}/card`],
    [`/api/photos/${ID}.webp`, `/api/photos/${ID}/card`],
    [`/api/photos/${ID}`, `/api/photos/${ID}/card`],
    [`/api/photos/${ID}/thumbnail`, `/api/photos/${ID}/card`],
    [`/api/photos/${ID}/card`, `/api/photos/${ID}/card`],
    [`/api/shop/product-images/${ID}`, `/api/shop/product-images/${ID}/card`],
    [`/api/shop/product-images/${ID}/thumbnail`, `/api/shop/product-images/${ID}/card`],
    [`/api/shop/product-images/${ID}?w=1`, `/api/shop/product-images/${ID}/card`],
    [`https://shop.example.in/api/photos/${ID}.png`, `/api/photos/${ID}/card`],
    [
      `http://localhost:3000/api/shop/product-images/${ID}#x`,
      `/api/shop/product-images/${ID}/card`,
    ],
    [`//cdn.example.in/api/photos/${ID}.gif`, `/api/photos/${ID}/card`],
    [`  /api/photos/${ID.toUpperCase()}.jpg `, `/api/photos/${ID}/card`],
  ])('%s has its card at %s', (url, card) => {
    expect(shareCardPath(url)).toBe(card);
  });

  it.each([
    null,
    undefined,
    '',
    'https://images.example.com/shoe.jpg',
    `https://images.example.com/cdn/api/photos/${ID}.jpg`,
    `/api/photos/${ID}.svg`,
    `/api/photos/${ID}.jpg/card`,
    '/api/photos/not-an-id.jpg',
    `/api/banners/${ID}`,
    `/api/shop/product-images/${ID}/thumbnail/extra`,
    `javascript:alert(1)//api/photos/${ID}.jpg`,
    `data:image/jpeg;base64,/api/photos/${ID}.jpg`,
    `ftp://example.com/api/photos/${ID}.jpg`,
    `api/photos/${ID}.jpg`,
  ])('%j has none (not an image this product serves)', (url) => {
    expect(shareCardPath(url)).toBeNull();
  });

  it("puts a shop's default card under its URL, with a version that follows the name", () => {
    const card = defaultShareCardPath({ shopUrl: 'asha-styles', shopName: 'Asha Styles' });
    expect(card).toMatch(/^\/api\/shop\/asha-styles\/card\?v=[0-9a-z]{1,7}$/);
    expect(defaultShareCardPath({ shopUrl: 'asha-styles', shopName: ' Asha Styles ' })).toBe(card);
    const renamed = defaultShareCardPath({ shopUrl: 'asha-styles', shopName: 'Asha Style' });
    expect(renamed).not.toBe(card);
    expect(renamed.split('?')[0]).toBe(card.split('?')[0]);
    expect(defaultShareCardPath({ shopUrl: 'asha-styles', shopName: 'आशा स्टाइल्स 👗' })).toMatch(
      /\?v=[0-9a-z]+$/,
    );
  });
});
