import { type FoldedEvent, foldEvents, repeatTaps, tapKey } from './fold';

const SHOP = 'shop-1';
let ids = 0;
const base: FoldedEvent = {
  id: 'view-0',
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
  prefetch: false,
  at: Date.parse('2024-03-09T10:00:00Z'),
  source: 'direct',
  opensIn: null,
  repeat: false,
};
const click = (extra: Partial<FoldedEvent> = {}): FoldedEvent => ({
  ...base,
  id: `click-${(ids += 1)}`,
  type: 'click',
  productId: 'p1',
  platform: 'amazon',
  opensIn: 'web',
  ...extra,
});
const MINUTE = 60_000;

describe('foldEvents', () => {
  it('sums views and clicks per shop and day, and each dimension of them', () => {
    const inc = foldEvents([
      base,
      { ...base, visitor: 'v2', referrer: 'instagram.com', device: null, source: 'instagram' },
      click(),
      click({ day: '2024-03-10', platform: null, region: null }),
    ]);
    expect(inc.shopDays).toEqual([
      {
        shopId: SHOP,
        day: '2024-03-09',
        views: 2,
        productViews: 0,
        clicks: 1,
        taps: 1,
        botEvents: 0,
        ownerEvents: 0,
      },
      {
        shopId: SHOP,
        day: '2024-03-10',
        views: 0,
        productViews: 0,
        clicks: 1,
        taps: 1,
        botEvents: 0,
        ownerEvents: 0,
      },
    ]);
    const march9 = inc.shopDimensions.filter((d) => d.day === '2024-03-09');
    expect(march9).toEqual([
      { shopId: SHOP, day: '2024-03-09', dimension: 'browser', key: 'Chrome', views: 2, clicks: 1 },
      { shopId: SHOP, day: '2024-03-09', dimension: 'device', key: 'mobile', views: 1, clicks: 1 },
      { shopId: SHOP, day: '2024-03-09', dimension: 'device', key: 'unknown', views: 1, clicks: 0 },
      { shopId: SHOP, day: '2024-03-09', dimension: 'opens_in', key: 'web', views: 0, clicks: 1 },
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
      { shopId: SHOP, day: '2024-03-09', dimension: 'source', key: 'direct', views: 1, clicks: 1 },
      {
        shopId: SHOP,
        day: '2024-03-09',
        dimension: 'source',
        key: 'instagram',
        views: 1,
        clicks: 0,
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
      {
        productId: 'p1',
        day: '2024-03-09',
        shopId: SHOP,
        views: 0,
        clicks: 1,
        taps: 1,
        appOpens: 0,
        webOpens: 1,
      },
      {
        productId: 'p1',
        day: '2024-03-10',
        shopId: SHOP,
        views: 0,
        clicks: 1,
        taps: 1,
        appOpens: 0,
        webOpens: 1,
      },
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

  it('counts bots, prefetches and the owner apart and nowhere else', () => {
    const inc = foldEvents([
      { ...base, bot: true },
      click({ bot: true, owner: true }),
      { ...base, prefetch: true },
      click({ prefetch: true }),
      { ...base, owner: true },
    ]);
    expect(inc.shopDays).toEqual([
      {
        shopId: SHOP,
        day: '2024-03-09',
        views: 0,
        productViews: 0,
        clicks: 0,
        taps: 0,
        botEvents: 4,
        ownerEvents: 1,
      },
    ]);
    expect(inc.shopDimensions).toEqual([]);
    expect(inc.productDays).toEqual([]);
    expect(inc.productDimensions).toEqual([]);
    expect(inc.visitors).toEqual([]);
    expect(inc.productIds).toEqual([]);
  });
});

describe('product pages', () => {
  it('counts a view of a product page for the shop and for the product, by source', () => {
    const inc = foldEvents([
      { ...base, productId: 'p1', source: 'instagram' },
      { ...base, productId: 'p1', visitor: 'v2', source: 'whatsapp' },
      click({ source: 'instagram', opensIn: 'app' }),
    ]);
    // Both views were of the product's page: the shop's product views.
    expect(inc.shopDays[0]).toMatchObject({ views: 2, productViews: 2, clicks: 1 });
    expect(inc.productDays).toEqual([
      {
        productId: 'p1',
        day: '2024-03-09',
        shopId: SHOP,
        views: 2,
        clicks: 1,
        taps: 1,
        appOpens: 1,
        webOpens: 0,
      },
    ]);
    const bySource = inc.productDimensions.filter((d) => d.dimension === 'source');
    expect(bySource).toEqual([
      {
        productId: 'p1',
        day: '2024-03-09',
        shopId: SHOP,
        dimension: 'source',
        key: 'instagram',
        views: 1,
        clicks: 1,
      },
      {
        productId: 'p1',
        day: '2024-03-09',
        shopId: SHOP,
        dimension: 'source',
        key: 'whatsapp',
        views: 1,
        clicks: 0,
      },
    ]);
    expect(inc.productDimensions.filter((d) => d.dimension === 'opens_in')).toEqual([
      {
        productId: 'p1',
        day: '2024-03-09',
        shopId: SHOP,
        dimension: 'opens_in',
        key: 'app',
        views: 0,
        clicks: 1,
      },
    ]);
  });

  it('reads the source of an event stored before sources were kept from its referrer', () => {
    const inc = foldEvents([{ ...base, source: null, referrer: 'l.instagram.com' }]);
    expect(inc.shopDimensions).toContainEqual(
      expect.objectContaining({ dimension: 'source', key: 'instagram', views: 1 }),
    );
  });
});

describe('repeated taps', () => {
  it('counts taps on one store within 30 minutes of a counted click once, and keeps them as taps', () => {
    const first = click({ at: base.at });
    const again = click({ at: base.at + 5 * MINUTE });
    const laterStill = click({ at: base.at + 29 * MINUTE });
    const nextSession = click({ at: base.at + 31 * MINUTE });
    const otherStore = click({ at: base.at + 1 * MINUTE, platform: 'flipkart' });
    const otherVisitor = click({ at: base.at + 1 * MINUTE, visitor: 'v2' });
    const otherProduct = click({ at: base.at + 1 * MINUTE, productId: 'p2' });
    const batch = [nextSession, laterStill, again, first, otherStore, otherVisitor, otherProduct];
    const repeats = repeatTaps(batch, new Map());
    expect([...repeats].sort()).toEqual([again.id, laterStill.id].sort());

    const inc = foldEvents(batch.map((e) => ({ ...e, repeat: repeats.has(e.id) })));
    expect(inc.shopDays[0]).toMatchObject({ clicks: 5, taps: 7 });
    // A repeated tap opened the store again, but counts in no open either.
    expect(inc.productDays.find((d) => d.productId === 'p1')).toMatchObject({
      clicks: 4,
      taps: 6,
      webOpens: 4,
      appOpens: 0,
    });
    expect(inc.shopDimensions).toContainEqual(
      expect.objectContaining({ dimension: 'store', key: 'amazon', clicks: 4 }),
    );
  });

  it('knows a tap repeats a click counted by an earlier fold, before or after it', () => {
    const tap = click({ at: base.at });
    const counted = new Map([[tapKey(tap), [base.at - 10 * MINUTE]]]);
    expect(repeatTaps([tap], counted)).toEqual(new Set([tap.id]));
    const late = new Map([[tapKey(tap), [base.at + 10 * MINUTE]]]);
    expect(repeatTaps([tap], late)).toEqual(new Set([tap.id]));
    const longAgo = new Map([[tapKey(tap), [base.at - 30 * MINUTE]]]);
    expect(repeatTaps([tap], longAgo)).toEqual(new Set());
  });

  it('leaves bots, prefetches, the owner and views out of it', () => {
    const taps = [
      click({ bot: true }),
      click({ prefetch: true }),
      click({ owner: true }),
      { ...base, productId: 'p1' },
    ];
    expect(repeatTaps([click(), ...taps], new Map())).toEqual(new Set());
  });
});
