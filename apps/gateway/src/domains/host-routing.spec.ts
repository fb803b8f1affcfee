import { hostName } from './custom-hosts';
import { routeOnCustomHost } from './host-routing';

describe('routeOnCustomHost', () => {
  const route = (url: string, method = 'GET') => routeOnCustomHost(method, url, 'meera');

  it('serves the shop at / and its products at /{shortCode}, store redirects and sitemap included', () => {
    expect(route('/')).toEqual({ url: '/meera' });
    expect(route('/?utm_source=ig')).toEqual({ url: '/meera?utm_source=ig' });
    expect(route('/k7x2')).toEqual({ url: '/meera/k7x2' });
    expect(route('/k7x2/go/amazon?t=x')).toEqual({ url: '/meera/k7x2/go/amazon?t=x' });
    expect(route('/sitemap.xml')).toEqual({ url: '/sitemaps/meera.xml' });
    expect(route('/robots.txt')).toEqual({ url: '/robots.txt' });
    expect(route('/assets/index-abc.js')).toEqual({ url: '/assets/index-abc.js' });
  });

  it('sends the main host’s spelling to the short one', () => {
    expect(route('/meera')).toEqual({ redirect: '/' });
    expect(route('/meera/k7x2?x=1')).toEqual({ redirect: '/k7x2?x=1' });
  });

  it('lets through the shop’s public API only', () => {
    const refused = { url: '/api/not-served-on-this-host' };
    expect(route('/api/shop/meera')).toEqual({ url: '/api/shop/meera' });
    expect(route('/api/shop/meera/urls?limit=24')).toEqual({
      url: '/api/shop/meera/urls?limit=24',
    });
    expect(route('/api/url/shop/meera/k7x2')).toEqual({ url: '/api/url/shop/meera/k7x2' });
    expect(route('/api/photos/abc')).toEqual({ url: '/api/photos/abc' });
    expect(route('/api/analytics/track-shop/meera', 'POST')).toEqual({
      url: '/api/analytics/track-shop/meera',
    });
    expect(route('/api/shop/meeraX')).toEqual(refused);
    expect(route('/api/shop/other')).toEqual(refused);
    expect(route('/api/url/shop/other/k7x2')).toEqual(refused);
    expect(route('/api/shop/domain')).toEqual(refused);
    expect(route('/api/auth/login', 'POST')).toEqual(refused);
    expect(route('/api/shop/meera', 'DELETE')).toEqual(refused);
    expect(route('/api/analytics/track-shop/other', 'POST')).toEqual(refused);
    expect(route('/api/health/live')).toEqual({ url: '/api/health/live' });
    expect(route('/api/domains/check?domain=x')).toEqual({ url: '/api/domains/check?domain=x' });
  });
});

describe('hostName', () => {
  it('lower-cases and drops the port and a trailing dot', () => {
    expect(hostName('Shop.Example.com:443')).toBe('shop.example.com');
    expect(hostName('shop.example.com.')).toBe('shop.example.com');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });
});
