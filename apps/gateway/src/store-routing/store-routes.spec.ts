import { DEFAULT_EARNINGS, type StoreRoute, vendorOf } from '@kartlink/contracts';
import { storeAnswer, storeOf } from './store-routes';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const urls = [
  'https://www.amazon.in/dp/B0C1234567',
  'https://www.flipkart.com/p/itm1?pid=X',
  'https://www.nykaa.com/p/1',
];
const route: StoreRoute = {
  productId: 'p1',
  shopUrl: 'priya-sarees',
  shortCode: 'red-silk',
  ownerUserId: 'u1',
  stores: urls.map((url) => ({ url, ...vendorOf(url) })),
  defaultStore: null,
  affiliateTags: true,
  earnings: { ...DEFAULT_EARNINGS, amazonTags: [{ marketplace: 'amazon.in', tag: 'priya-21' }] },
};

describe('storeOf', () => {
  it('finds a store by key or 1-based position', () => {
    expect(storeOf(route.stores, 'flipkart')?.url).toBe(urls[1]);
    expect(storeOf(route.stores, '3')?.url).toBe(urls[2]);
    expect(storeOf(route.stores, 'web')?.url).toBe(urls[2]);
    expect(storeOf(route.stores, '4')).toBeUndefined();
    expect(storeOf(route.stores, '0')).toBeUndefined();
    expect(storeOf(route.stores, 'myntra')).toBeUndefined();
  });
});

describe('storeAnswer', () => {
  const amazon = route.stores[0];
  it('opens the store app on Android, the web page on iOS and computers', () => {
    const android = storeAnswer(route, amazon, {
      userAgent: ANDROID_CHROME,
      tapped: true,
      country: null,
    });
    expect(android).toEqual({
      opensIn: 'app',
      location:
        'intent://www.amazon.in/dp/B0C1234567?tag=priya-21#Intent;scheme=https;package=in.amazon.mShop.android.shopping;' +
        `S.browser_fallback_url=${encodeURIComponent('https://www.amazon.in/dp/B0C1234567?tag=priya-21')};end`,
    });
    for (const userAgent of [IOS_SAFARI, DESKTOP, ''])
      expect(storeAnswer(route, amazon, { userAgent, tapped: true, country: null })).toEqual({
        opensIn: 'web',
        location: 'https://www.amazon.in/dp/B0C1234567?tag=priya-21',
      });
  });

  it('keeps the web page on Android when the shop turned open-in-app off or the store has no app', () => {
    const off = { ...route, earnings: { ...route.earnings, openInApp: false } };
    expect(
      storeAnswer(off, amazon, { userAgent: ANDROID_CHROME, tapped: false, country: null }),
    ).toEqual({
      opensIn: 'web',
      location: urls[0],
    });
    expect(
      storeAnswer(route, route.stores[2], {
        userAgent: ANDROID_CHROME,
        tapped: false,
        country: null,
      }),
    ).toEqual({
      opensIn: 'web',
      location: urls[2],
    });
  });
});
