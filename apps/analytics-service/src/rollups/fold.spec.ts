import { type FoldedEvent, foldEvents } from './fold';

const SHOP = 'shop-1';
const base: FoldedEvent = {
  type: 'shop_view',
  shopId: SHOP,
  productId: null,
  day: '2024-03-09',
  device: 'mobile',
  browser: 'Chrome',
  platform: null,
  region: 'Asia/Kolkata',
  referrer: null,
  visitor: 'v1',
  bot: false,
  owner: false,
};
const click = (extra: Partial<FoldedEvent> = {}): FoldedEvent => ({
  ...base,
  type: 'click',
  productId: 'p1',
  platform: 'amazon',
  ...extra,
});

describe('foldEvents', () => {
  it('sums views and clicks per shop and day, and each dimension of them', () => {
    const inc = foldEvents([
      base,
      { ...base, visitor: 'v2', referrer: 'instagram.com', device: null },
      click(),
      click({ day: '2024-03-10', platform: null, region: null }),
    ]);
    expect(inc.shopDays).toEqual([
      { shopId: SHOP, day: '2024-03-09', views: 2, clicks: 1, botEvents: 0, ownerEvents: 0 },
      { shopId: SHOP, day: '2024-03-10', views: 0, clicks: 1, botEvents: 0, ownerEvents: 0 },
    ]);
    const march9 = inc.shopDimensions.filter((d) => d.day === '2024-03-09');
    expect(march9).toEqual([
      { shopId: SHOP, day: '2024-03-09', dimension: 'browser', key: 'Chrome', views: 2, clicks: 1 },
      { shopId: SHOP, day: '2024-03-09', dimension: 'device', key: 'mobile', views: 1, clicks: 1 },
      { shopId: SHOP, day: '2024-03-09', dimension: 'device', key: 'unknown', views: 1, clicks: 0 },
      {
        shopId: SHOP,
        day: '2024-03-09',
        dimension: 'referrer',
        key: 'direct',
        views: 1,
        clicks: 1,
      },
      {
        shopId: SHOP,
        day: '2024-03-09',
        dimension: 'referrer',
        key: 'instagram.com',
        views: 1,
        clicks: 0,
      },
      {
        shopId: SHOP,
        day: '2024-03-09',
        dimension: 'region',
        key: 'Asia/Kolkata',
        views: 2,
        clicks: 1,
      },
      { shopId: SHOP, day: '2024-03-09', dimension: 'store', key: 'amazon', views: 0, clicks: 1 },
    ]);
    expect(inc.shopDimensions.filter((d) => d.day === '2024-03-10')).toContainEqual({
      shopId: SHOP,
      day: '2024-03-10',
      dimension: 'store',
      key: 'unknown',
      views: 0,
      clicks: 1,
    });
    expect(inc.productDays).toEqual([
      { productId: 'p1', day: '2024-03-09', shopId: SHOP, clicks: 1 },
      { productId: 'p1', day: '2024-03-10', shopId: SHOP, clicks: 1 },
    ]);
    expect(inc.productIds).toEqual(['p1']);
  });

  it('makes a visitor of a page view only, so that a day never has more visitors than views', () => {
    // v2 chose a store on a page opened before midnight: a click, but no view today.
    const inc = foldEvents([base, click(), click({ visitor: 'v2', day: '2024-03-10' })]);
    expect(inc.visitors).toEqual([{ shopId: SHOP, day: '2024-03-09', visitor: 'v1' }]);
    for (const day of inc.shopDays) {
      const visitors = inc.visitors.filter((v) => v.day === day.day).length;
      expect(visitors).toBeLessThanOrEqual(day.views);
    }
  });

  it('lists each visitor once per shop and day', () => {
    const inc = foldEvents([base, base, click(), { ...base, visitor: 'v2' }]);
    expect(inc.visitors).toEqual([
      { shopId: SHOP, day: '2024-03-09', visitor: 'v1' },
      { shopId: SHOP, day: '2024-03-09', visitor: 'v2' },
    ]);
  });

  it('counts bots and the owner apart and nowhere else', () => {
    const inc = foldEvents([
      { ...base, bot: true },
      click({ bot: true, owner: true }),
      { ...base, owner: true },
    ]);
    expect(inc.shopDays).toEqual([
      { shopId: SHOP, day: '2024-03-09', views: 0, clicks: 0, botEvents: 2, ownerEvents: 1 },
    ]);
    expect(inc.shopDimensions).toEqual([]);
    expect(inc.productDays).toEqual([]);
    expect(inc.productDimensions).toEqual([]);
    expect(inc.visitors).toEqual([]);
    expect(inc.productIds).toEqual([]);
  });
});
