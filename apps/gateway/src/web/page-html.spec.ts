import {
  EMBEDDED_DATA_ID,
  ImageSlots,
  largeImage,
  type PageHead,
  PUBLIC_URL_META,
  type ResponsiveImage,
} from '@kartlink/contracts';
import {
  escapeAttribute,
  escapeText,
  jsonForScript,
  NONCE_SCRIPT,
  PageTemplate,
} from './page-html';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Kartlink: one short link per product." />
    <title>Kartlink</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/api-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Kartlink needs JavaScript to run.</noscript>
  </body>
</html>`;

describe('escaping', () => {
  it('keeps owner text from becoming markup in text, attributes and scripts', () => {
    expect(escapeText('</title><b>&')).toBe('&lt;/title&gt;&lt;b&gt;&amp;');
    expect(escapeAttribute(`"a" 'b'`)).toBe('&quot;a&quot; &#39;b&#39;');
    const json = jsonForScript({ name: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- & \u2028' });
  });
});

describe('the page template', () => {
  const template = new PageTemplate(INDEX, 'https://kartlink.example/ignored/path');

  it('gives app pages the public address, and noindex where asked', () => {
    const listed = template.app(true);
    expect(listed).toContain(
      `<meta name="${PUBLIC_URL_META}" content="https://kartlink.example" />`,
    );
    expect(listed).toContain('<title>Kartlink</title>');
    // It paints once its code has run: the code goes first.
    expect(listed).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(listed).not.toContain('noindex');
    expect(template.app(false)).toContain('<meta name="robots" content="noindex" />');
  });

  it('hands the answer’s style nonce to the app, before any of its code runs', () => {
    const page = template.app(true, 'f00d');
    const handOver = `<meta property="csp-nonce" nonce="f00d" /><script>${NONCE_SCRIPT}</script>`;
    expect(page).toContain(handOver);
    // In the head, classic: it runs as it is read, before the deferred module scripts.
    expect(page.indexOf(handOver)).toBeLessThan(page.indexOf('</head>'));
    expect(shopPage('<main>Priya</main>', 'f00d')).toContain(handOver);
    expect(shopPage('', 'f00d')).toContain(handOver);
    expect(template.app(true)).not.toContain('csp-nonce');
  });

  const shopHead: PageHead = {
    title: 'Priya $& Sarees · Kartlink',
    description: 'Silk',
    canonical: 'https://kartlink.example/priya',
    og: {
      type: 'website',
      title: 'Priya',
      description: 'Silk',
      url: 'https://kartlink.example/priya',
      siteName: 'Kartlink',
      image: { url: 'https://kartlink.example/c.jpg', width: 1200, height: 630, alt: 'Priya' },
    },
    twitter: { card: 'summary_large_image', title: 'Priya', description: 'Silk' },
    jsonLd: [],
  };
  const shopPage = (body: string, nonce?: string) =>
    template.publicPage(
      {
        head: shopHead,
        data: { shop: { shopUrl: 'priya', data: { shopName: '$& $1' } as never } },
        rendered: body
          ? {
              body,
              assets: {
                stylesheets: ['/assets/public/entry-public-a.css', '/assets/public/ShopPage-b.css'],
                script: '/assets/public/entry-public-c.js',
                preloads: ['/assets/public/ShopPage-d.js'],
              },
            }
          : undefined,
        assets: { stylesheets: ['/assets/ShopPage-x.css'], code: ['/assets/ShopPage-x.js'] },
      },
      nonce,
    );

  it('gives a public page its own head instead of the generic one, its body, and its data after the root', () => {
    const html = shopPage('<main><h1>Priya $&amp; $1 Sarees</h1></main>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Priya $&amp; Sarees · Kartlink</title>');
    expect(html).not.toContain('Kartlink: one short link per product.');
    expect(html).toMatch(
      new RegExp(
        `<div id="root"><main><h1>Priya \\$&amp; \\$1 Sarees</h1></main></div>\\s*<script type="application/json" id="${EMBEDDED_DATA_ID}">`,
      ),
    );
    // A replacement pattern in owner text ($&) is kept as typed, not expanded.
    expect(html).toContain('"shopName":"$\\u0026 $1"');
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('og:image'));
    expect(html.indexOf('</head>')).toBeGreaterThan(
      html.indexOf('<link rel="stylesheet" crossorigin href="/assets/public/ShopPage-b.css" />'),
    );
  });

  it('gives a page it rendered the public pages’ stylesheets and code, after its pictures, instead of the app’s', () => {
    const html = shopPage('<main><h1>Priya</h1></main>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/public/entry-public-a.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/public/ShopPage-b.css" />',
    ]);
    expect(head.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/public/entry-public-c.js">',
    ]);
    expect(head.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/public/ShopPage-d.js" />',
    ]);
    // It shows without JavaScript: no note that it needs it.
    expect(html).not.toContain('<noscript>');
  });

  it('fetches the app’s code of a page it could not render first, for the app to render it', () => {
    const html = shopPage('');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<noscript>');
    expect(html).not.toContain('fetchpriority="low"');
    expect(html).not.toContain('/assets/public/');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/api-def.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ShopPage-x.js" />');
  });
});

describe('the preload of the page’s largest picture', () => {
  const template = new PageTemplate(INDEX, 'https://kartlink.example');
  const head = (lcpImage: ResponsiveImage) =>
    template.publicPage({
      head: {
        title: 'Red silk saree · Priya',
        description: 'Silk',
        canonical: 'https://kartlink.example/priya/red',
        og: {
          type: 'product',
          title: 'Red silk saree',
          description: 'Silk',
          url: 'https://kartlink.example/priya/red',
          siteName: 'Kartlink',
          image: { url: 'https://kartlink.example/c.jpg', alt: 'Red silk saree' },
        },
        twitter: { card: 'summary_large_image', title: 'Red', description: 'Silk' },
        jsonLd: [],
        lcpImage,
      },
      data: {},
      assets: { stylesheets: [], code: [] },
    });

  it('gives the same choice of sizes as the page’s picture, and no href a browser could take instead', () => {
    const image = 'https://kartlink.example/api/shop/product-images/img-1';
    const html = head(largeImage(image, ImageSlots.productMain));
    const preload = /<link rel="preload"[^>]*>/.exec(html)?.[0];
    expect(preload).toBe(
      `<link rel="preload" as="image" imagesrcset="${image}/medium 720w, ${image} 2048w" ` +
        `imagesizes="${ImageSlots.productMain}" fetchpriority="high" />`,
    );
  });

  it('names a picture from elsewhere by its address', () => {
    const html = head({ src: 'https://images.example.com/a.jpg?x=1&y=2' });
    expect(html).toContain(
      '<link rel="preload" as="image" href="https://images.example.com/a.jpg?x=1&amp;y=2" fetchpriority="high" />',
    );
  });
});
