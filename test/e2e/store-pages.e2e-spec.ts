import { type StorePage, StorePageMessages } from '@kartlink/contracts';
import { stackBaseUrl } from '@kartlink/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';

// "Paste a store link, get the product" against the whole built stack, the store being a local
// fake on 127.0.0.1 (allowed by STORE_PAGE_ALLOW_HOSTS in test/stack-setup.ts) with the page
// shapes stores send: Open Graph only, JSON-LD only, both, neither, a redirect to a private
// address, a slow page, a huge one, a PDF.
jest.setTimeout(90_000);

let store: Server;
let base: string;
const hits = new Map<string, number>();
let photo: Buffer;

const productLd = (name: string, price: string, extra = '') =>
  `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${name}",` +
  `"brand":{"@type":"Brand","name":"Anouk"},"offers":{"@type":"Offer","price":"${price}","priceCurrency":"INR"}${extra}}</script>`;

const PAGES: Record<string, () => string> = {
  '/og': () =>
    `<!doctype html><html><head><title>Kurta | Jaipur Threads</title>
     <meta property="og:title" content="Hand-block Printed Cotton Kurta">
     <meta property="og:description" content="Soft cotton, printed by hand in Bagru.">
     <meta property="og:image" content="/img/kurta.jpg">
     <meta property="og:price:amount" content="1,850.00"><meta property="og:price:currency" content="INR">
     </head><body></body></html>`,
  '/json-ld': () =>
    `<html><head>${productLd('Women Floral Anarkali Kurta', '1299', ',"image":"/img/kurta.jpg"')}</head></html>`,
  '/both': () =>
    `<html><head><meta property="og:title" content="Buy Anarkali Kurta Online at Best Price | Shop">
     <meta property="og:description" content="Rayon anarkali with gota work.">
     ${productLd('Women Floral Anarkali Kurta', '999')}</head></html>`,
  '/neither': () => '<html><head></head><body><div id="root"></div></body></html>',
  '/big-image': () =>
    `<html><head><meta property="og:title" content="Poster"><meta property="og:image" content="/img/huge.jpg"></head></html>`,
  '/plain': () => '<html><head><title>Silver Anklet</title></head></html>',
};

beforeAll(async () => {
  photo = await sampleJpeg(800, 800);
  store = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = PAGES[path.replace(/\?.*$/, '')];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page());
    }
    if (path === '/img/kurta.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(photo);
    }
    if (path === '/img/huge.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(Buffer.concat([photo, Buffer.alloc(6 * 1024 * 1024)]));
    }
    if (path === '/short') {
      res.writeHead(301, { location: '/og' });
      return res.end();
    }
    if (path === '/to-private') {
      res.writeHead(302, { location: 'http://10.20.30.40/admin' });
      return res.end();
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<html><head><title>Big</title></head><body>${'x'.repeat(3 * 1024 * 1024)}`);
    }
    if (path === '/catalogue.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end('%PDF-1.7\n');
    }
    if (path === '/slow') return; // never answers
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><head><title>Not found</title></head></html>');
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});

afterAll(async () => {
  store.closeAllConnections();
  await new Promise((resolve) => store.close(resolve));
});

async function owner(): Promise<Visitor> {
  const visitor = new Visitor();
  await signUp(visitor);
  return visitor;
}

const read = (visitor: Visitor, url: unknown) =>
  visitor.post<StorePage>('/urls/store-page', { url });

describe('filling the link form from a store page', () => {
  let asha: Visitor;
  beforeAll(async () => {
    asha = await owner();
  });

  it('reads an Open Graph page through a short link, with the price’s date and the image copied', async () => {
    const before = Date.now();
    const answer = await read(asha, `${base}/short`);
    expect(answer.status).toBe(200);
    const page = answer.body.data;
    expect(page).toMatchObject({
      url: `${base}/og`,
      title: 'Hand-block Printed Cotton Kurta',
      description: 'Soft cotton, printed by hand in Bagru.',
      price: 1850,
      notes: [],
    });
    expect(Date.parse(page.priceReadAt!)).toBeGreaterThanOrEqual(before - 1000);
    // Copied into Kartlink's storage: served from our own address, not hot-linked.
    expect(page.image).toMatchObject({ width: 800, height: 800, contentType: 'image/jpeg' });
    expect(page.image!.url).toMatch(/^\/api\/shop\/product-images\//);
    const served = await fetch(`${stackBaseUrl()}${page.image!.url}`);
    expect(served.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 800, height: 800 });
  });

  it('reads schema.org Product JSON-LD, and prefers it to the page’s SEO title', async () => {
    const jsonLd = await read(asha, `${base}/json-ld`);
    expect(jsonLd.status).toBe(200);
    expect(jsonLd.body.data).toMatchObject({
      title: 'Women Floral Anarkali Kurta',
      brand: 'Anouk',
      price: 1299,
      image: { width: 800, height: 800 },
    });
    const both = await read(asha, `${base}/both`);
    expect(both.body.data).toMatchObject({
      title: 'Women Floral Anarkali Kurta',
      description: 'Rayon anarkali with gota work.',
      brand: 'Anouk',
      price: 999,
    });
    expect(both.body.data.image).toBeUndefined();
  });

  it('still fills the rest when the image cannot be copied, and says why', async () => {
    const answer = await read(asha, `${base}/big-image`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.title).toBe('Poster');
    expect(answer.body.data.image).toBeUndefined();
    expect(answer.body.data.notes).toEqual([
      StorePageMessages.imageNotCopied(StorePageMessages.tooLarge),
    ]);
  });

  it.each([
    ['a page that says nothing about a product', '/neither', StorePageMessages.nothingFound],
    ['a redirect to a private address', '/to-private', StorePageMessages.privateAddress],
    ['a page over 2 MB', '/huge', StorePageMessages.tooLarge],
    ['a PDF', '/catalogue.pdf', StorePageMessages.notAPage],
    ['a page the store does not have', '/gone', StorePageMessages.answered(404)],
    ['a store that never answers', '/slow', StorePageMessages.timedOut],
  ])('refuses %s with a clear 422', async (_what, path, message) => {
    const answer = await read(asha, `${base}${path}`);
    expect({ status: answer.status, error: answer.body.error }).toEqual({
      status: 422,
      error: message,
    });
  });

  it('refuses what is not a web address with a 400, and a visitor not signed in with a 401', async () => {
    for (const url of ['ftp://files.example.com/kurta', 'not a link', 42, ''])
      expect([url, (await read(asha, url)).status]).toEqual([url, 400]);
    const anonymous = await new Visitor().post('/urls/store-page', { url: `${base}/og` });
    expect(anonymous.status).toBe(401);
  });
});

describe('reading store pages at a sensible pace', () => {
  it('reads a page once a day whoever asks, and lets one owner read 20 a minute', async () => {
    const ravi = await owner();
    const url = `${base}/plain?ref=${Date.now()}`;
    const path = new URL(url).pathname + new URL(url).search;
    for (let i = 0; i < 20; i += 1) {
      const answer = await read(ravi, url);
      expect([i, answer.status, answer.body.data?.title]).toEqual([i, 200, 'Silver Anklet']);
    }
    expect(hits.get(path)).toBe(1);
    const refused = await fetch(`${stackBaseUrl()}/api/urls/store-page`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${ravi.accessToken!}`,
        'x-forwarded-for': ravi.ip,
      },
      body: JSON.stringify({ url }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe(StorePageMessages.tooFast);
    // Another owner has a budget of their own, and the page is not read again.
    const meera = await owner();
    expect((await read(meera, url)).status).toBe(200);
    expect(hits.get(path)).toBe(1);
  });
});
