import { APP_LINKS, androidIntentUrl, appLinkOf } from './app-links';

describe('APP_LINKS', () => {
  it.each([
    ['https://www.amazon.in/dp/B0C1234567', 'in.amazon.mShop.android.shopping'],
    ['https://m.amazon.in/dp/B0C1234567', 'in.amazon.mShop.android.shopping'],
    ['https://www.flipkart.com/kurta/p/itm123?pid=KTAG', 'com.flipkart.android'],
    ['https://dl.flipkart.com/dl/kurta/p/itm123', 'com.flipkart.android'],
    ['https://www.myntra.com/kurtas/anouk/123/buy', 'com.myntra.android'],
    ['https://www.ajio.com/p/460123', 'com.ril.ajio'],
    ['https://www.meesho.com/saree/p/2abc', 'com.meesho.supply'],
    ['https://wa.me/919876543210?text=Hi', 'com.whatsapp'],
    ['https://api.whatsapp.com/send?phone=919876543210', 'com.whatsapp'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'com.google.android.youtube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'com.google.android.youtube'],
    ['https://www.instagram.com/p/C0abc/', 'com.instagram.android'],
  ])('%s opens in %s', (url, pkg) => {
    expect(appLinkOf(url)?.androidPackage).toBe(pkg);
  });

  it.each([
    'https://www.amazon.com/dp/B0C1234567',
    'https://linksredirect.com/?cid=1&url=x',
    'https://notflipkart.com/p/1',
    'not a url',
  ])('%s has no app of the list', (url) => {
    expect(appLinkOf(url)).toBeUndefined();
  });

  it('names each package once', () => {
    const packages = APP_LINKS.map((a) => a.androidPackage);
    expect(new Set(packages).size).toBe(packages.length);
  });
});

describe('androidIntentUrl', () => {
  it('names the package and falls back to the encoded web URL', () => {
    const web = 'https://www.flipkart.com/kurta/p/itm123?pid=KTA&affid=me#reviews';
    expect(androidIntentUrl(web, 'com.flipkart.android')).toBe(
      'intent://www.flipkart.com/kurta/p/itm123?pid=KTA&affid=me#Intent;scheme=https;' +
        'package=com.flipkart.android;S.browser_fallback_url=' +
        'https%3A%2F%2Fwww.flipkart.com%2Fkurta%2Fp%2Fitm123%3Fpid%3DKTA%26affid%3Dme%23reviews;end',
    );
  });
});
