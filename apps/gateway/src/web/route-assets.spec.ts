import { type BuildManifest, pageChunks, renderedPageAssets, routeAssets } from './route-assets';

// The shape Vite writes: the entry preloads its own imports and links its own stylesheet in
// index.html; the shop page's chunk imports a shared chunk and one the entry imports too.
const MANIFEST: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_api-2.js'],
    css: ['assets/index-1.css'],
  },
  '_api-2.js': { file: 'assets/api-2.js' },
  '_storefront-3.js': { file: 'assets/storefront-3.js', css: ['assets/storefront-3.css'] },
  'src/ShopPage.tsx': {
    file: 'assets/ShopPage-4.js',
    imports: ['_storefront-3.js', '_api-2.js'],
    css: ['assets/ShopPage-4.css'],
  },
};

describe("a public page's assets", () => {
  it('are the entry, the route chunk and what they import, each once', () => {
    expect(pageChunks(MANIFEST, 'src/ShopPage.tsx').sort()).toEqual([
      '_api-2.js',
      '_storefront-3.js',
      'index.html',
      'src/ShopPage.tsx',
    ]);
  });

  it("are the route's stylesheets (shared ones first) and code that index.html does not already ask for", () => {
    expect(routeAssets(MANIFEST, 'src/ShopPage.tsx')).toEqual({
      stylesheets: ['/assets/storefront-3.css', '/assets/ShopPage-4.css'],
      code: ['/assets/storefront-3.js', '/assets/ShopPage-4.js'],
    });
  });

  it('refuse a route the build does not have', () => {
    expect(() => routeAssets(MANIFEST, 'src/Missing.tsx')).toThrow(/no chunk src\/Missing/);
  });
});

// The public pages' own build: an entry (no index.html), whose page chunks it imports lazily.
const PUBLIC_MANIFEST: BuildManifest = {
  'src/entry-public.tsx': {
    file: 'entry-public-1.js',
    isEntry: true,
    css: ['entry-public-1.css'],
  },
  '_storefront-2.js': {
    file: 'storefront-2.js',
    imports: ['src/entry-public.tsx'],
    css: ['storefront-2.css'],
  },
  'src/ShopPage.tsx': {
    file: 'ShopPage-3.js',
    imports: ['_storefront-2.js', 'src/entry-public.tsx'],
    css: ['ShopPage-3.css'],
  },
};

describe("a server-rendered public page's assets", () => {
  it('are all its stylesheets in order, the entry, and the page code it imports to preload', () => {
    expect(renderedPageAssets(PUBLIC_MANIFEST, 'src/ShopPage.tsx', '/assets/public/')).toEqual({
      stylesheets: [
        '/assets/public/entry-public-1.css',
        '/assets/public/storefront-2.css',
        '/assets/public/ShopPage-3.css',
      ],
      script: '/assets/public/entry-public-1.js',
      preloads: ['/assets/public/storefront-2.js', '/assets/public/ShopPage-3.js'],
    });
  });
});

describe("a server-rendered public page's stylesheet, when the build makes one for every page", () => {
  it('is the one stylesheet it links', () => {
    const manifest: BuildManifest = {
      ...PUBLIC_MANIFEST,
      'src/entry-public.tsx': { file: 'entry-public-1.js', isEntry: true },
      '_storefront-2.js': { file: 'storefront-2.js', imports: ['src/entry-public.tsx'] },
      'src/ShopPage.tsx': { file: 'ShopPage-3.js', imports: ['_storefront-2.js'] },
      'style.css': { file: 'style-4.css' },
    };
    expect(renderedPageAssets(manifest, 'src/ShopPage.tsx', '/p/').stylesheets).toEqual([
      '/p/style-4.css',
    ]);
  });
});
