import { pageKindOf } from './public-pages';

describe('what a path of the web app shows', () => {
  it('is a shop at /{shopUrl}, /shop/{shopUrl} and /open/{shopUrl}, lower-cased', () => {
    for (const path of [
      '/Priya-Sarees',
      '/priya-sarees/',
      '/shop/priya-sarees',
      '/open/PRIYA-sarees',
    ])
      expect(pageKindOf(path)).toEqual({ kind: 'shop', shopUrl: 'priya-sarees' });
  });

  it('is a product one level below', () => {
    expect(pageKindOf('/priya-sarees/Red-Silk')).toEqual({
      kind: 'product',
      shopUrl: 'priya-sarees',
      shortCode: 'red-silk',
    });
    expect(pageKindOf('/shop/priya-sarees/red-silk')).toMatchObject({ kind: 'product' });
  });

  it('is a page of the product under a reserved first segment, listed only for a few', () => {
    expect(pageKindOf('/')).toEqual({ kind: 'app', indexed: true });
    expect(pageKindOf('/privacy-policy')).toEqual({ kind: 'app', indexed: true });
    for (const path of ['/dashboard', '/dashboard/links/new', '/auth', '/shop'])
      expect(pageKindOf(path)).toEqual({ kind: 'app', indexed: false });
  });

  it('is nothing for deeper paths, odd characters and the 404 pages', () => {
    for (const path of [
      '/a/b/c',
      '/priya%20sarees',
      '/priya_sarees',
      '/404',
      '/notfound',
      '/%E0%A4',
    ])
      expect(pageKindOf(path)).toEqual({ kind: 'not-found' });
  });
});
