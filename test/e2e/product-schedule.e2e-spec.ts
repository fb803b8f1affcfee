import {
  DEFAULT_ENDED_MESSAGE,
  type Product,
  type ProductPage,
  type PublicProduct,
  type Shop,
  type ShopStats,
  type StorePage,
  StorePageMessages,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signUp, Visitor } from '../support/auth-client';

// Issue 19 on the shared stack: scheduled products (hidden before their start, the owner's
// message or the shop past their end, the public caches and sitemap following the boundaries)
// and the date a store page's price was read, with the owner's "Refresh price".
jest.setTimeout(90_000);

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 3_600_000;

async function shopOwner() {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = uniqueUrl('drops');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Diwali Drops',
    shopDescription: 'Festival offers, for a few days each',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, shopUrl };
}

const lamp = {
  title: 'Brass diya set',
  price: 799,
  originalURLs: ['https://www.amazon.in/dp/B0DIYA', 'https://www.flipkart.com/p/diya'],
};

async function add(owner: Visitor, body: object): Promise<Product> {
  const created = await owner.post<Product>('/urls', { ...lamp, ...body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

const visitor = new Visitor();
const publicList = async (shopUrl: string) =>
  (await visitor.call<PublicProduct[]>('GET', `/shop/${shopUrl}/urls`)).body.data.map(
    (p) => p.title,
  );
const publicProduct = (shopUrl: string, code: string) =>
  visitor.call<PublicProduct>('GET', `/url/shop/${shopUrl}/${code}`);
const sitemap = async (shopUrl: string) =>
  (await fetch(`${stackBaseUrl()}/sitemaps/${shopUrl}.xml`)).text();

describe('scheduling a product', () => {
  it('refuses a window that ends before it starts and other bad times, storing nothing', async () => {
    const { owner, shopUrl } = await shopOwner();
    const refused = async (body: object) => {
      const answer = await owner.post('/urls', { ...lamp, ...body });
      expect(answer.status).toBe(400);
      return answer.body.errors;
    };
    expect(
      await refused({ startsAt: '2026-12-05T10:00:00+05:30', endsAt: '2026-12-01T10:00:00+05:30' }),
    ).toEqual([{ path: 'endsAt', msg: 'The end must be after the start' }]);
    expect(await refused({ startsAt: '2026-12-01T10:00' })).toEqual([
      { path: 'startsAt', msg: 'Start must be a date and time, such as 2026-12-01T10:00:00+05:30' },
    ]);
    expect(await refused({ afterEnd: 'nowhere' })).toEqual([
      { path: 'afterEnd', msg: 'After the end, choose either message or shop' },
    ]);
    expect(await refused({ endedMessage: 'x'.repeat(301) })).toEqual([
      { path: 'endedMessage', msg: 'The message after the end must be at most 300 characters' },
    ]);
    const rows = await pgQuery(
      'SELECT p.id FROM shop.products p JOIN shop.shops s ON s.id = p.shop_id WHERE s.shop_url = $1',
      [shopUrl],
    );
    expect(rows).toHaveLength(0);

    // Changing only the end checks it against the start kept; the product stays as it was.
    const product = await add(owner, { startsAt: '2026-12-01T10:00:00+05:30' });
    expect(product.startsAt).toBe('2026-12-01T04:30:00.000Z');
    const early = await owner.call('PATCH', `/urls/${product.id}`, {
      endsAt: '2026-12-01T09:00:00+05:30',
    });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('The end must be after the start');
    expect((await owner.call<Product>('GET', `/urls/${product.id}`)).body.data.endsAt).toBeNull();
  });

  it('keeps the owner’s time zone on the shop, Asia/Kolkata until they choose another', async () => {
    const { owner } = await shopOwner();
    expect((await owner.call<Shop>('GET', '/shop/user/profile')).body.data.timeZone).toBe(
      'Asia/Kolkata',
    );
    const bad = await owner.call('PUT', '/shop/settings', { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'timeZone', msg: 'Time zone must be a zone name such as Asia/Kolkata' },
    ]);
    const saved = await owner.call<Shop>('PUT', '/shop/settings', { timeZone: 'Europe/London' });
    expect(saved.body.data.timeZone).toBe('Europe/London');
  });

  it('shows a product only within its window; past the end, the owner’s message or the shop', async () => {
    const { owner, shopUrl } = await shopOwner();
    const soon = await add(owner, { title: 'Drop: silk saree', startsAt: inMs(HOUR) });
    const now = await add(owner, {
      title: 'Sale: diya set',
      startsAt: inMs(-HOUR),
      endsAt: inMs(HOUR),
    });
    const over = await add(owner, {
      title: 'Navratri offer',
      endsAt: inMs(-HOUR),
      endedMessage: '  The Navratri offer is over. Diwali offers start on 1 Nov!  ',
    });
    const back = await add(owner, { title: 'Dhanteras coins', endsAt: inMs(-HOUR) });
    await owner.call('PATCH', `/urls/${back.id}`, { afterEnd: 'shop' });
    const plain = await add(owner, { title: 'Plain lamp' });
    const defaultMessage = await add(owner, { title: 'Old offer', endsAt: inMs(-HOUR) });

    expect(await publicList(shopUrl)).toEqual(['Plain lamp', 'Sale: diya set']);
    expect(
      (await visitor.call<ShopStats>('GET', `/shop/${shopUrl}/stats`)).body.data.productCount,
    ).toBe(2);
    const firstPage = await visitor.call<PublicProduct[]>('GET', `/shop/${shopUrl}/urls?limit=10`);
    expect(firstPage.body.data.map((p) => p.id)).toEqual([plain.id, now.id]);

    // Before its start: as if there were no such product (a drop stays a surprise).
    const early = await publicProduct(shopUrl, soon.shortCode);
    expect(early.status).toBe(404);
    expect(early.body.error).toBe('This product link does not exist or has been removed.');
    expect((await fetch(`${stackBaseUrl()}/${shopUrl}/${soon.shortCode}`)).status).toBe(404);
    const go = await fetch(`${stackBaseUrl()}/${shopUrl}/${soon.shortCode}/go`, {
      redirect: 'manual',
    });
    expect(go.status).toBe(404);

    expect((await publicProduct(shopUrl, now.shortCode)).status).toBe(200);

    // Past its end: 410 with the owner's words, or the default ones.
    const ended = await publicProduct(shopUrl, over.shortCode);
    expect(ended.status).toBe(410);
    expect(ended.body).toMatchObject({
      errorCode: 'PRODUCT_ENDED',
      error: 'The Navratri offer is over. Diwali offers start on 1 Nov!',
    });
    expect(ended.body).not.toHaveProperty('redirectTo');
    expect((await publicProduct(shopUrl, defaultMessage.shortCode)).body.error).toBe(
      DEFAULT_ENDED_MESSAGE,
    );
    const endedPage = await fetch(`${stackBaseUrl()}/${shopUrl}/${over.shortCode}`);
    expect(endedPage.status).toBe(410);
    expect(await endedPage.text()).toContain('noindex');

    // …or back to the shop, as the owner chose.
    const sent = await publicProduct(shopUrl, back.shortCode);
    expect(sent.status).toBe(410);
    expect(sent.body).toMatchObject({ redirectTo: `/${shopUrl}` });
    const sentPage = await fetch(`${stackBaseUrl()}/${shopUrl}/${back.shortCode}`, {
      redirect: 'manual',
    });
    expect(sentPage.status).toBe(302);
    expect(sentPage.headers.get('location')).toBe(`/${shopUrl}`);

    const map = await sitemap(shopUrl);
    expect(map).toContain(`/${shopUrl}/${now.shortCode}</loc>`);
    expect(map).toContain(`/${shopUrl}/${plain.shortCode}</loc>`);
    for (const hidden of [soon, over, back]) expect(map).not.toContain(`/${hidden.shortCode}<`);

    // The owner sees every product with its window.
    const mine = (await owner.call<ProductPage>('GET', '/urls')).body.data.items;
    expect(mine).toHaveLength(6);
    expect(mine.find((p) => p.id === back.id)).toMatchObject({
      endsAt: expect.any(String),
      afterEnd: 'shop',
      endedMessage: null,
    });
    expect(mine.find((p) => p.id === soon.id)?.startsAt).toBe(soon.startsAt);

    // Clearing the window shows the product again at once.
    await owner.call('PATCH', `/urls/${soon.id}`, { startsAt: null });
    expect(await publicList(shopUrl)).toContain('Drop: silk saree');
  });

  it('lets cached public reads and the sitemap follow a start and an end as they pass', async () => {
    const { owner, shopUrl } = await shopOwner();
    const boundary = Date.now() + 6_000;
    const starting = await add(owner, {
      title: 'Starts now',
      startsAt: new Date(boundary).toISOString(),
    });
    const ending = await add(owner, {
      title: 'Ends now',
      endsAt: new Date(boundary).toISOString(),
    });

    // Read (and so cached in the gateway and in Redis) before the boundary.
    expect(await publicList(shopUrl)).toEqual(['Ends now']);
    expect((await publicProduct(shopUrl, ending.shortCode)).status).toBe(200);
    expect((await publicProduct(shopUrl, starting.shortCode)).status).toBe(404);
    expect(await sitemap(shopUrl)).not.toContain(starting.shortCode);
    // Crawlers and caches in between may keep the sitemap only until the boundary.
    const early = await fetch(`${stackBaseUrl()}/sitemaps/${shopUrl}.xml`);
    const maxAge = Number(/max-age=(\d+)/.exec(early.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge * 1000).toBeLessThanOrEqual(boundary - Date.now() + 1000);

    // No write happens: the reads change by themselves, within seconds of the boundary.
    let seenAt = 0;
    while (Date.now() < boundary + 20_000) {
      const [list, one, map] = await Promise.all([
        publicList(shopUrl),
        publicProduct(shopUrl, ending.shortCode),
        sitemap(shopUrl),
      ]);
      if (
        list.join() === 'Starts now' &&
        one.status === 410 &&
        map.includes(starting.shortCode) &&
        !map.includes(ending.shortCode) &&
        (await publicProduct(shopUrl, starting.shortCode)).status === 200
      ) {
        seenAt = Date.now();
        break;
      }
      // Never early: before the boundary the old reads are still right.
      expect(Date.now() >= boundary || list.join() === 'Ends now').toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(seenAt).toBeGreaterThanOrEqual(boundary);
    expect(seenAt - boundary).toBeLessThan(15_000);
    // The product page changed when it started, not when it was saved.
    expect(await sitemap(shopUrl)).toContain(
      `/${shopUrl}/${starting.shortCode}</loc><lastmod>${new Date(boundary).toISOString()}</lastmod>`,
    );
    const index = await (await fetch(`${stackBaseUrl()}/sitemap.xml`)).text();
    expect(index).toContain(`${shopUrl}.xml</loc><lastmod>${new Date(boundary).toISOString()}<`);
  });
});

describe('the date a store page’s price was read', () => {
  let store: Server;
  let base: string;
  let price = '1,299';
  beforeAll(async () => {
    store = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (req.url === '/no-price')
        return res.end('<html><head><meta property="og:title" content="Lamp"></head></html>');
      res.end(
        `<html><head><meta property="og:title" content="Brass diya set">
         <meta property="og:price:amount" content="${price}">
         <meta property="og:price:currency" content="INR"></head></html>`,
      );
    });
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    store.closeAllConnections();
    await new Promise((resolve) => store.close(resolve));
  });

  it('keeps the date with a price filled from a store page, shows it to visitors, and drops it for a typed price', async () => {
    const { owner, shopUrl } = await shopOwner();
    const page = (await owner.post<StorePage>('/urls/store-page', { url: `${base}/diya` })).body
      .data;
    expect(page.price).toBe(1299);
    const product = await add(owner, {
      originalURLs: [`${base}/diya`, 'https://www.flipkart.com/p/diya'],
      price: page.price,
      priceReadAt: page.priceReadAt,
    });
    expect(product.priceReadAt).toBe(new Date(page.priceReadAt!).toISOString());
    const seen = await publicProduct(shopUrl, product.shortCode);
    expect(seen.body.data).toMatchObject({ price: 1299, priceReadAt: product.priceReadAt });

    // A date in the future is no read date.
    const future = await owner.call('PATCH', `/urls/${product.id}`, {
      price: 1299,
      priceReadAt: inMs(HOUR),
    });
    expect(future.status).toBe(400);

    // Typed by hand: the price is the owner's, without a date.
    const typed = await owner.call<Product>('PATCH', `/urls/${product.id}`, { price: 1199 });
    expect(typed.body.data).toMatchObject({ price: 1199, priceReadAt: null });
    expect((await publicProduct(shopUrl, product.shortCode)).body.data.priceReadAt).toBeNull();
  });

  it('refreshes the price from the store page, past the day’s kept read, for its owner only', async () => {
    const { owner, shopUrl } = await shopOwner();
    price = '1,299';
    // Read once: the page is now kept for a day.
    await owner.post<StorePage>('/urls/store-page', { url: `${base}/refresh` });
    const product = await add(owner, {
      originalURLs: ['https://wa.me/919876543210', `${base}/refresh`],
      price: 1299,
    });
    expect(product.priceReadAt).toBeNull();

    price = '1,099.50';
    const before = Date.now();
    const refreshed = await owner.post<Product>(`/urls/${product.id}/refresh-price`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.price).toBe(1099.5);
    expect(Date.parse(refreshed.body.data.priceReadAt!)).toBeGreaterThanOrEqual(before - 1000);
    // The visitor's copy changed with it.
    expect((await publicProduct(shopUrl, product.shortCode)).body.data.price).toBe(1099.5);

    const intruder = new Visitor();
    await signUp(intruder);
    expect((await intruder.post(`/urls/${product.id}/refresh-price`)).status).toBe(404);

    // A page that shows no price now: 422, and the price stays as it was.
    const noPrice = await add(owner, {
      originalURLs: [`${base}/no-price`, 'https://www.flipkart.com/p/diya'],
      price: 500,
    });
    const refused = await owner.post(`/urls/${noPrice.id}/refresh-price`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(StorePageMessages.noPriceNow);
    expect((await owner.call<Product>('GET', `/urls/${noPrice.id}`)).body.data.price).toBe(500);
  });
});
