import {
  EMBEDDED_DATA_ID,
  type EmbeddedPublicData,
  ImageSlots,
  type Product,
  type PublicProduct,
  type PublicShop,
  type Shop,
  type UploadedImage,
} from '@kartlink/contracts';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { createHash, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import { file, sendForm } from '../support/forms';
import { HtmlPage } from '../support/html';

// The HTML a shared link previews from and search engines read: each public page's own head,
// as WhatsApp, Facebook, X and Google fetch it, against the whole built stack.
jest.setTimeout(90_000);

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

const AGENTS = {
  whatsapp: 'WhatsApp/2.23.20.0 A',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  imessage:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.200 Mobile Safari/537.36',
};

interface Page {
  status: number;
  headers: Headers;
  html: string;
  document: HtmlPage;
}

async function page(path: string, agent = AGENTS.androidChrome): Promise<Page> {
  const response = await fetch(`${stackBaseUrl()}${path}`, { headers: { 'user-agent': agent } });
  const html = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    html,
    document: new HtmlPage(html),
  };
}

const content = (document: HtmlPage, key: string) => document.meta(key);

const jsonLd = (document: HtmlPage) =>
  document
    .all('script')
    .filter((script) => script.attr('type') === 'application/ld+json')
    .map((script) => JSON.parse(script.text) as Record<string, unknown>);

const embedded = (document: HtmlPage) =>
  JSON.parse(document.byId(EMBEDDED_DATA_ID)?.text ?? 'null') as EmbeddedPublicData;

async function publicShop(fields: Record<string, unknown> = {}) {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = uniqueUrl('sarees');
  const photo = await sendForm<UploadedImage>(owner, '/photos/shop', [
    ['photo', file(await sampleJpeg(900, 900), 'shop.jpg', 'image/jpeg')],
  ]);
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Priya Sarees',
    shopDescription: 'Handloom sarees from Kanchipuram and Banaras, picked one by one.',
    shopPhotoURL: photo.body.data.photoURL,
    socialMedia: { instagram: 'priya.sarees' },
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    ...fields,
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, shopUrl, shop: shop.body.data };
}

async function addProduct(owner: Visitor, body: Record<string, unknown> = {}) {
  const image = await sendForm<UploadedImage>(owner, '/photos/upload', [
    ['image', file(await sampleJpeg(1200, 1600), 'saree.jpg', 'image/jpeg')],
  ]);
  const created = await owner.post<Product>('/urls', {
    title: 'Red Kanchipuram silk saree',
    price: 12999.5,
    brand: 'Nalli',
    imageUrl: image.body.data.url,
    images: [image.body.data.url],
    originalURLs: [
      'https://www.amazon.in/Nalli-Kanchipuram-Silk-Saree/dp/B0CX23V2ZK?th=1',
      'https://www.flipkart.com/nalli-woven-kanjivaram-silk-saree/p/itm6f5b3c1d2e4a8',
    ],
    ...body,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

describe('a public shop page, as a link preview reads it', () => {
  let shopUrl: string;
  let products: Product[];

  beforeAll(async () => {
    const made = await publicShop();
    shopUrl = made.shopUrl;
    products = [
      await addProduct(made.owner),
      await addProduct(made.owner, { title: 'Hidden draft', showOnShop: false }),
    ];
  });

  it('carries the shop’s title, description, canonical address and share card', async () => {
    const base = stackBaseUrl();
    const { status, document, html } = await page(`/${shopUrl}`, AGENTS.whatsapp);
    expect(status).toBe(200);
    expect(document.title).toBe('Priya Sarees · Kartlink');
    const description = 'Handloom sarees from Kanchipuram and Banaras, picked one by one.';
    expect(content(document, 'description')).toBe(description);
    expect(document.link('canonical')?.attr('href')).toBe(`${base}/${shopUrl}`);
    expect(content(document, 'robots')).toBeUndefined();
    expect(content(document, 'og:type')).toBe('website');
    expect(content(document, 'og:title')).toBe('Priya Sarees');
    expect(content(document, 'og:description')).toBe(description);
    expect(content(document, 'og:url')).toBe(`${base}/${shopUrl}`);
    expect(content(document, 'og:image')).toMatch(
      new RegExp(`^${base}/api/photos/[0-9a-f-]{36}/card$`),
    );
    expect(content(document, 'og:image:width')).toBe('1200');
    expect(content(document, 'og:image:height')).toBe('630');
    expect(content(document, 'twitter:card')).toBe('summary_large_image');
    // One title and one description: the app's generic ones are gone.
    expect(document.all('title')).toHaveLength(1);
    expect(document.all('meta').filter((meta) => meta.attr('name') === 'description')).toHaveLength(
      1,
    );
    // WhatsApp reads only the first 300 KB for the head.
    expect(html.indexOf('</head>')).toBeLessThan(300 * 1024);
  });

  it('describes the shop and the products it shows in JSON-LD', async () => {
    const { document } = await page(`/${shopUrl}`, AGENTS.googlebot);
    const [store, list] = jsonLd(document);
    expect(store).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: 'Priya Sarees',
      url: `${stackBaseUrl()}/${shopUrl}`,
      sameAs: ['https://www.instagram.com/priya.sarees'],
    });
    expect(list).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 1,
      itemListElement: [
        {
          position: 1,
          url: `${stackBaseUrl()}/${shopUrl}/${products[0]!.shortCode}`,
          name: 'Red Kanchipuram silk saree',
        },
      ],
    });
  });

  it('embeds what the API answers, so the page paints without asking again', async () => {
    const { document } = await page(`/${shopUrl}`);
    const data = embedded(document);
    const shop = (await (await fetch(`${stackBaseUrl()}/api/shop/${shopUrl}`)).json()) as {
      data: PublicShop;
    };
    const list = (await (await fetch(`${stackBaseUrl()}/api/shop/${shopUrl}/urls`)).json()) as {
      data: PublicProduct[];
    };
    expect(data.shop).toEqual({ shopUrl, data: shop.data });
    expect(data.products).toEqual({ shopUrl, data: list.data });
    // The picture that paints largest first is asked for at once.
    expect(document.link('preload')?.attr('href')).toBe(
      `${stackBaseUrl()}${products[0]!.imageUrl}/thumbnail`,
    );
    expect(document.link('preload')?.attr('imagesrcset')).toBeUndefined();
  });

  it('shows the shop and the products it lists in its own HTML, styled, before any script runs', async () => {
    // As shared, under /shop/ and in capitals: the same page as at its own address.
    const { document, html } = await page(`/shop/${shopUrl.toUpperCase()}`);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(document.all('h1').map((heading) => heading.text)).toEqual(['Priya Sarees']);
    expect(document.all('h3').map((heading) => heading.text)).toEqual([
      'Red Kanchipuram silk saree',
    ]);
    expect(root).toContain('₹12,999.50');
    expect(root).not.toContain('Hidden draft');
    const card = document
      .all('a')
      .find((link) => link.attr('href') === `/${shopUrl}/${products[0]!.shortCode}`);
    expect(card).toBeDefined();
    const picture = document.all('img').find((image) => image.attr('fetchpriority') === 'high');
    expect(picture?.attr('src')).toBe(`${products[0]!.imageUrl}/thumbnail`);
    // The page's own stylesheets are in its head, and its code, which can wait: it paints without.
    const links = document.all('link');
    const sheets = links
      .filter((link) => link.attr('rel') === 'stylesheet')
      .map((link) => link.attr('href')!);
    // One stylesheet, the public pages' own: one request before the page paints.
    expect(sheets).toEqual([expect.stringMatching(/^\/assets\/public\/style-[\w-]+\.css$/)]);
    const code = [
      ...document.all('script').filter((script) => script.attr('type') === 'module'),
      ...links.filter((link) => link.attr('rel') === 'modulepreload'),
    ];
    const paths = code.map((tag) => tag.attr('src') ?? tag.attr('href'));
    expect(paths).toContainEqual(expect.stringMatching(/^\/assets\/public\/ShopPage-[\w-]+\.js$/));
    // The public pages' own code only: none of the app's (its dashboard, its router).
    expect([...paths, ...sheets].filter((path) => !path?.startsWith('/assets/public/'))).toEqual(
      [],
    );
    expect(code.map((tag) => tag.attr('fetchpriority'))).toEqual(code.map(() => 'low'));
    for (const href of [...sheets, ...code.map((tag) => tag.attr('src') ?? tag.attr('href')!)]) {
      const response = await fetch(`${stackBaseUrl()}${href}`);
      expect({ href, status: response.status }).toEqual({ href, status: 200 });
    }
  });

  it('is the same page under /shop/ and /open/, with one canonical address', async () => {
    for (const prefix of ['shop', 'open']) {
      const { status, document } = await page(`/${prefix}/${shopUrl.toUpperCase()}`);
      expect(status).toBe(200);
      expect(document.link('canonical')?.attr('href')).toBe(`${stackBaseUrl()}/${shopUrl}`);
    }
  });
});

/** WhatsApp's published rules for the picture of a preview. */
async function expectPreviewPicture(address: string | undefined) {
  expect(address).toMatch(/^https?:\/\//);
  const response = await fetch(address!, { headers: { 'user-agent': AGENTS.whatsapp } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.length).toBeLessThan(600 * 1024);
  const { width = 0, height = 1 } = await sharp(bytes).metadata();
  expect({ width, height }).toEqual({ width: 1200, height: 630 });
  expect(width / height).toBeLessThanOrEqual(4);
}

describe('the picture of a preview', () => {
  it('is a 1200×630 card of the product, of the shop photo, or of the shop’s name', async () => {
    const { owner, shopUrl } = await publicShop();
    const product = await addProduct(owner);
    const shopPage = await page(`/${shopUrl}`, AGENTS.whatsapp);
    const productPage = await page(`/${shopUrl}/${product.shortCode}`, AGENTS.whatsapp);
    const plain = await publicShop({ shopPhotoURL: null });
    const plainPage = await page(`/${plain.shopUrl}`, AGENTS.whatsapp);
    expect(content(plainPage.document, 'og:image')).toContain(`/api/shop/${plain.shopUrl}/card`);
    for (const { document } of [shopPage, productPage, plainPage]) {
      const card = content(document, 'og:image')!;
      // A photo's card is made just after its upload answers; until then its photo stands in.
      if (!card.includes(`/api/shop/${plain.shopUrl}/`))
        await waitFor(
          async () =>
            (await fetch(card, { method: 'HEAD' })).headers
              .get('cache-control')
              ?.includes('immutable') || undefined,
          { timeoutMs: 20_000, description: 'the share card made' },
        );
      await expectPreviewPicture(card);
    }
  });
});

describe('a public product page, as a link preview reads it', () => {
  it('carries the product, its price in INR, and one offer per store', async () => {
    const { owner, shopUrl } = await publicShop();
    const product = await addProduct(owner);
    const base = stackBaseUrl();
    for (const agent of [AGENTS.whatsapp, AGENTS.facebook, AGENTS.imessage]) {
      const { status, document } = await page(`/${shopUrl}/${product.shortCode}`, agent);
      expect(status).toBe(200);
      expect(document.title).toBe('Red Kanchipuram silk saree · Priya Sarees');
      expect(content(document, 'og:type')).toBe('product');
      expect(content(document, 'og:title')).toBe('Red Kanchipuram silk saree');
      expect(content(document, 'og:description')).toMatch(
        /₹12,999\.50 · Nalli · Buy on Amazon, Flipkart/,
      );
      expect(content(document, 'og:url')).toBe(`${base}/${shopUrl}/${product.shortCode}`);
      expect(content(document, 'og:image')).toBe(`${base}${product.imageUrl}/card`);
      expect(content(document, 'product:price:amount')).toBe('12999.50');
      expect(content(document, 'product:price:currency')).toBe('INR');
    }
    const { document } = await page(`/${shopUrl}/${product.shortCode.toUpperCase()}`);
    const [ld] = jsonLd(document);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Red Kanchipuram silk saree',
      url: `${base}/${shopUrl}/${product.shortCode}`,
      image: [`${base}${product.imageUrl}`],
      description: expect.stringContaining('₹12,999.50'),
      brand: { '@type': 'Brand', name: 'Nalli' },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'INR',
        lowPrice: '12999.50',
        highPrice: '12999.50',
        offerCount: 2,
        offers: product.originalURLs.map((url, index) => ({
          '@type': 'Offer',
          url,
          price: '12999.50',
          priceCurrency: 'INR',
          seller: { '@type': 'Organization', name: product.platforms[index] },
        })),
      },
    });
    expect(embedded(document).product).toMatchObject({
      shopUrl,
      shortCode: product.shortCode,
      data: { id: product.id, title: 'Red Kanchipuram silk saree' },
    });
    // A phone preloads the medium variant, a wide screen the full picture, as the gallery does.
    const preload = document.link('preload');
    expect(preload?.attr('imagesrcset')).toBe(
      `${base}${product.imageUrl}/medium 720w, ${base}${product.imageUrl} 2048w`,
    );
    expect(preload?.attr('imagesizes')).toBe(ImageSlots.productMain);
    // No href a browser without imagesrcset would fetch instead, only to show another picture.
    expect(preload?.attr('href')).toBeUndefined();
    // The page itself is in the HTML: the product, its price and the stores to choose from.
    expect(document.all('h1').map((heading) => heading.text)).toEqual([
      'Red Kanchipuram silk saree',
    ]);
    expect(document.all('p').map((line) => line.text)).toContain('₹12,999.50');
    const sheet = document.all('div').find((element) => element.attr('role') === 'dialog');
    expect(sheet?.text).toMatch(/Choose Favourite App.*Buy on Amazon.*Buy on Flipkart/);
    expect(
      document
        .all('link')
        .filter((link) => link.attr('rel') === 'stylesheet')
        .map((link) => link.attr('href')),
    ).toEqual([expect.stringMatching(/^\/assets\/public\/style-[\w-]+\.css$/)]);
  });
});

describe('pages that are not there, and pages not for search engines', () => {
  it('answers 404 with the app’s page and noindex for an unknown or private shop or product', async () => {
    const { owner, shopUrl } = await publicShop();
    const product = await addProduct(owner);
    const hidden = await publicShop({ isShopPublic: false });
    const hiddenProduct = await addProduct(hidden.owner);
    for (const path of [
      `/${uniqueUrl('nobody')}`,
      `/${shopUrl}/no-such-code`,
      `/${shopUrl}/${product.shortCode}/more`,
      `/${hidden.shopUrl}`,
      `/shop/${hidden.shopUrl}`,
      `/${hidden.shopUrl}/${hiddenProduct.shortCode}`,
      '/404',
    ]) {
      const { status, document } = await page(path, AGENTS.googlebot);
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(content(document, 'robots')).toBe('noindex');
      expect(document.byId('root')).toBeDefined();
      expect(document.byId(EMBEDDED_DATA_ID)).toBeUndefined();
    }
  });

  it('keeps the dashboard and sign-in out of search results, and lists the landing page', async () => {
    for (const path of ['/dashboard', '/dashboard/links', '/auth', '/admin-login']) {
      const { status, document } = await page(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(content(document, 'robots')).toBe('noindex');
    }
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(content(landing.document, 'robots')).toBeUndefined();
    expect(landing.document.title).toBe('Kartlink');
  });
});

describe('owner text in the page', () => {
  it('is escaped for each place it goes: text, attribute and JSON in a script', async () => {
    const hostile = `Tom's "Best" </title></script><script>alert(1)</script> & 🛍️ <!--`;
    const { owner, shopUrl } = await publicShop({
      shopName: hostile.slice(0, 100),
      shopDescription: hostile,
      seo: { keywords: hostile, ogTitle: hostile },
    });
    const product = await addProduct(owner, {
      title: hostile,
      description: hostile,
      brand: `B</script><b>"&'`,
    });
    for (const path of [`/${shopUrl}`, `/${shopUrl}/${product.shortCode}`]) {
      // Nothing the owner typed became markup: the only scripts are the page's own: files, and
      // the one inline script its Content-Security-Policy names by hash (the nonce's hand-over).
      const { html, document, headers } = await page(path, AGENTS.whatsapp);
      expect(html).not.toContain('<script>alert(1)</script>');
      const runnable = document
        .all('script')
        .filter((script) => !script.attr('type') || script.attr('type') === 'module');
      const inline = runnable.filter((script) => !script.attr('src'));
      expect(inline).toHaveLength(1);
      const hash = createHash('sha256').update(inline[0]!.text).digest('base64');
      expect(headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
      expect(document.all('b')).toHaveLength(0);
      // And every field reads back exactly as typed.
      const name = hostile.slice(0, 100);
      if (path === `/${shopUrl}`) {
        expect(document.title).toBe(`${name} · Kartlink`);
        expect(content(document, 'og:title')).toBe(hostile);
        expect(content(document, 'keywords')).toBe(hostile);
        expect(jsonLd(document)[0]).toMatchObject({ name, description: hostile });
      } else {
        expect(document.title).toBe(`${hostile} · ${name}`);
        expect(content(document, 'og:title')).toBe(hostile);
        expect(content(document, 'description')).toBe(hostile);
        expect(jsonLd(document)[0]).toMatchObject({
          name: hostile,
          brand: { name: `B</script><b>"&'` },
        });
        expect(embedded(document).product?.data.title).toBe(hostile);
      }
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('lets crawlers read public pages and pictures, not the dashboard or the API', async () => {
    const response = await fetch(`${stackBaseUrl()}/robots.txt`);
    expect(response.status).toBe(200);
    const robots = await response.text();
    expect(robots).toContain('User-agent: *');
    for (const line of ['Disallow: /dashboard', 'Disallow: /auth', 'Disallow: /api/'])
      expect(robots).toContain(line);
    expect(robots).toContain('Allow: /api/photos/');
    expect(robots).toContain(`Sitemap: ${stackBaseUrl()}/sitemap.xml`);
  });

  it('lists each public shop, and in its sitemap the products it shows', async () => {
    const { owner, shopUrl } = await publicShop();
    const hidden = await publicShop({ isShopPublic: false });
    const sitemapOf = async () => {
      const response = await fetch(`${stackBaseUrl()}/sitemaps/${shopUrl}.xml`);
      expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
      return response.text();
    };
    const index = await (await fetch(`${stackBaseUrl()}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(`<loc>${stackBaseUrl()}/sitemaps/${shopUrl}.xml</loc>`);
    expect(index).not.toContain(hidden.shopUrl);
    expect((await fetch(`${stackBaseUrl()}/sitemaps/${hidden.shopUrl}.xml`)).status).toBe(404);

    // Read once, so that the change below must clear the cached sitemap.
    expect(await sitemapOf()).toContain(`<loc>${stackBaseUrl()}/${shopUrl}</loc>`);
    const product = await addProduct(owner);
    const productLoc = `<loc>${stackBaseUrl()}/${shopUrl}/${product.shortCode}</loc>`;
    expect(await sitemapOf()).toContain(productLoc);
    expect(await sitemapOf()).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

    const hide = await owner.call('PATCH', `/urls/${product.id}`, { showOnShop: false });
    expect(hide.status).toBe(200);
    expect(await sitemapOf()).not.toContain(productLoc);
  });
});
