import type {
  AnalyticsOverview,
  Product,
  ProductAnalytics,
  ProductClicks,
  ProductPage,
  Shop,
  ShopStats,
} from '@kartlink/contracts';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { signUp, Visitor } from '../support/auth-client';

jest.setTimeout(60_000);

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const WHATSAPP_PREVIEW = 'WhatsApp/2.23.20.0 A';
const INSTAGRAM_IN_APP =
  'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 548323749)';

const CSV_HEADER =
  'date,views,unique_visitors,clicks,click_through_rate,taps,app_opens,web_opens,' +
  'clicks_from_instagram,clicks_from_whatsapp,clicks_from_facebook,clicks_from_youtube,' +
  'clicks_from_x,clicks_from_telegram,clicks_from_direct,clicks_from_other';
const INSTAGRAM_ON_PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.178 Mobile Safari/537.36 Instagram 317.0.0.34.109 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 561415583)';

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

async function shopOwner(...titles: string[]) {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = uniqueUrl('stats');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  const products: Product[] = [];
  for (const title of titles) {
    const created = await owner.post<Product>('/urls', {
      title,
      originalURLs: ['https://www.amazon.in/dp/B0X', 'https://www.flipkart.com/p/x'],
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    products.push(created.body.data);
  }
  return { owner, shopUrl, products };
}

/** A person on the public pages: what the web app sends, from their own address and browser. */
function person(userAgent: string, device: string, browser: string) {
  const visitor = new Visitor();
  const headers = { 'user-agent': userAgent };
  return {
    visitShop: (shopUrl: string, referrer?: string) =>
      visitor.call(
        'POST',
        `/analytics/track-shop/${shopUrl}`,
        { device, browser, referrer },
        headers,
      ),
    chooseStore: (product: Product, platform: string) =>
      visitor.call(
        'POST',
        `/analytics/track/${product.id}`,
        { device, browser, location: 'Asia/Kolkata', platform },
        headers,
      ),
  };
}

describe('visits and clicks, from the public pages to the owner’s figures', () => {
  let meera: Awaited<ReturnType<typeof shopOwner>>;
  let kurta: Product;
  let tote: Product;
  let overview: AnalyticsOverview;

  beforeAll(async () => {
    meera = await shopOwner('Block-print kurta', 'Jute tote');
    [kurta, tote] = meera.products;
    const asha = person(ANDROID_CHROME, 'mobile', 'Chrome');
    const ravi = person(IPHONE_SAFARI, 'mobile', 'Safari');
    const neha = person(DESKTOP_CHROME, 'desktop', 'Chrome');
    const answers = [
      await asha.visitShop(meera.shopUrl, 'https://www.instagram.com/'),
      await asha.visitShop(meera.shopUrl, 'https://www.instagram.com/'),
      await asha.chooseStore(kurta, 'amazon'),
      await ravi.visitShop(meera.shopUrl),
      await ravi.chooseStore(kurta, 'flipkart'),
      await ravi.chooseStore(tote, 'amazon'),
      await neha.visitShop(meera.shopUrl),
      // A preview fetcher posting like a page would, and the owner checking their own shop.
      await new Visitor().call(
        'POST',
        `/analytics/track-shop/${meera.shopUrl}`,
        {},
        {
          'user-agent': 'facebookexternalhit/1.1',
        },
      ),
      await meera.owner.call(
        'POST',
        `/analytics/track-shop/${meera.shopUrl}`,
        {},
        {
          'user-agent': DESKTOP_CHROME,
        },
      ),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(202));
    // WhatsApp building the link preview of the shop and of a product: read from the page itself.
    const base = stackBaseUrl();
    await fetch(`${base}/${meera.shopUrl}`, { headers: { 'user-agent': WHATSAPP_PREVIEW } });
    await fetch(`${base}/${meera.shopUrl}/${kurta.shortCode}`, { method: 'HEAD' });

    overview = await waitFor(
      async () => {
        const answer = await meera.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
        const { totals, excluded } = answer.body.data;
        const complete =
          totals.views === 4 && totals.clicks === 3 && excluded.bots === 3 && excluded.owner === 1;
        return complete ? answer.body.data : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 300, description: 'every event in the overview' },
    );
  });

  it('shows the owner exact figures, people only', () => {
    expect(overview.totals).toEqual({
      views: 4,
      uniqueVisitors: 3,
      clicks: 3,
      taps: 3,
      clickThroughRate: 0.75,
      productViews: 0,
      productClickThroughRate: 0,
    });
    expect(overview.excluded).toEqual({ bots: 3, owner: 1 });
    expect(overview.range.timeZone).toBe('Asia/Kolkata');
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)).toEqual({
      date: overview.range.to,
      views: 4,
      uniqueVisitors: 3,
      clicks: 3,
    });
    expect(overview.byStore).toEqual([
      { key: 'amazon', views: 0, clicks: 2 },
      { key: 'flipkart', views: 0, clicks: 1 },
    ]);
    expect(overview.byDevice).toEqual([
      { key: 'mobile', views: 3, clicks: 3 },
      { key: 'desktop', views: 1, clicks: 0 },
    ]);
    // The clicks were sent without the page's referrer: they count as direct.
    expect(overview.byReferrer).toEqual([
      { key: 'direct', views: 2, clicks: 3 },
      { key: 'instagram.com', views: 2, clicks: 0 },
    ]);
    // Asha's click follows her visit from Instagram: it is Instagram's.
    expect(overview.bySource).toEqual([
      { key: 'direct', views: 2, clicks: 2 },
      { key: 'instagram', views: 2, clicks: 1 },
    ]);
    // The beacon's clicks open the store's website.
    expect(overview.byOpensIn).toEqual([{ key: 'web', views: 0, clicks: 3 }]);
    // No product page was opened: views of the shop page only.
    expect(overview.topProducts).toEqual([
      {
        productId: kurta.id,
        title: 'Block-print kurta',
        shortCode: kurta.shortCode,
        views: 0,
        clicks: 2,
        clickThroughRate: 0,
      },
      {
        productId: tote.id,
        title: 'Jute tote',
        shortCode: tote.shortCode,
        views: 0,
        clicks: 1,
        clickThroughRate: 0,
      },
    ]);
  });

  it('shows the clicks in the owner’s product list', async () => {
    const clicks = await waitFor(
      async () => {
        const page = await meera.owner.call<ProductPage>('GET', '/urls');
        const byTitle = Object.fromEntries(page.body.data.items.map((p) => [p.title, p.clicks]));
        return byTitle['Jute tote'] === 1 ? byTitle : undefined;
      },
      { timeoutMs: 15_000, description: 'clicks in the product list' },
    );
    expect(clicks).toEqual({ 'Block-print kurta': 2, 'Jute tote': 1 });
  });

  it('gives each product its clicks, and keeps them from other owners', async () => {
    const { from, to } = overview.range;
    const list = await meera.owner.call<ProductClicks[]>(
      'GET',
      `/analytics/products?from=${from}&to=${to}`,
    );
    const web = { views: 0, clickThroughRate: 0, appOpens: 0 };
    expect(list.body.data).toEqual([
      { productId: kurta.id, clicks: 2, taps: 2, webOpens: 2, ...web },
      { productId: tote.id, clicks: 1, taps: 1, webOpens: 1, ...web },
    ]);
    const one = await meera.owner.call<ProductAnalytics>('GET', `/analytics/products/${kurta.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      product: { id: kurta.id, title: 'Block-print kurta', shortCode: kurta.shortCode },
      clicks: 2,
      byStore: [
        { key: 'amazon', views: 0, clicks: 1 },
        { key: 'flipkart', views: 0, clicks: 1 },
      ],
      byRegion: [{ key: 'Asia/Kolkata', views: 0, clicks: 2 }],
    });
    const other = await shopOwner();
    const refused = await other.owner.call('GET', `/analytics/products/${kurta.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('This product link does not exist or has been removed.');
    const theirs = await other.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
    expect(theirs.body.data.totals).toEqual({
      views: 0,
      uniqueVisitors: 0,
      clicks: 0,
      taps: 0,
      clickThroughRate: 0,
      productViews: 0,
      productClickThroughRate: 0,
    });
  });

  it('exports the days of a range as CSV', async () => {
    const today = overview.range.to;
    const response = await fetch(
      `${stackBaseUrl()}/api/analytics/export.csv?from=${today}&to=${today}`,
      { headers: { authorization: `Bearer ${meera.owner.accessToken}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="kartlink-${meera.shopUrl}-${today}-to-${today}.csv"`,
    );
    expect(await response.text()).toBe(
      `${CSV_HEADER},clicks_on_amazon,clicks_on_flipkart\r\n` +
        `${today},4,3,3,0.7500,3,0,3,1,0,0,0,0,0,2,0,2,1\r\n`,
    );
  });

  it('exports each product’s figures as CSV', async () => {
    const today = overview.range.to;
    const response = await fetch(
      `${stackBaseUrl()}/api/analytics/products.csv?from=${today}&to=${today}`,
      { headers: { authorization: `Bearer ${meera.owner.accessToken}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="kartlink-${meera.shopUrl}-products-${today}-to-${today}.csv"`,
    );
    expect((await response.text()).split('\r\n')).toEqual([
      'product,short_code,views,clicks,click_through_rate,taps,app_opens,web_opens,' +
        'clicks_from_instagram,clicks_from_whatsapp,clicks_from_facebook,clicks_from_youtube,' +
        'clicks_from_x,clicks_from_telegram,clicks_from_direct,clicks_from_other,' +
        'clicks_on_amazon,clicks_on_flipkart',
      `Block-print kurta,${kurta.shortCode},0,2,0.0000,2,0,2,1,0,0,0,0,0,1,0,1,1`,
      `Jute tote,${tote.shortCode},0,1,0.0000,1,0,1,0,0,0,0,0,0,1,0,1,0`,
      '',
    ]);
    const stranger = await fetch(`${stackBaseUrl()}/api/analytics/products.csv`);
    expect(stranger.status).toBe(401);
  });

  it('writes a renamed product into the export and the overview at once, each owner reading their own', async () => {
    const today = overview.range.to;
    const range = `from=${today}&to=${today}`;
    const productsCsv = async (owner: Visitor) => {
      const response = await fetch(`${stackBaseUrl()}/api/analytics/products.csv?${range}`, {
        headers: { authorization: `Bearer ${owner.accessToken}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    const before = await productsCsv(meera.owner);
    expect(before).toContain(`Block-print kurta,${kurta.shortCode},0,2,`);
    expect(await productsCsv(meera.owner)).toBe(before);
    // Another owner reading the same export and overview: their own shop's, nothing of Meera's.
    const other = await shopOwner();
    expect((await productsCsv(other.owner)).split('\r\n')).toEqual([
      expect.stringMatching(/^product,short_code,views,clicks,/),
      '',
    ]);
    const theirs = await other.owner.call<AnalyticsOverview>('GET', `/analytics/overview?${range}`);
    expect(theirs.body.data.topProducts).toEqual([]);

    const renamed = await meera.owner.call<Product>('PATCH', `/urls/${kurta.id}`, {
      title: 'Hand-woven kurta',
    });
    expect(renamed.status).toBe(200);
    const after = await productsCsv(meera.owner);
    expect(after).toContain(`Hand-woven kurta,${kurta.shortCode},0,2,`);
    expect(after).not.toContain('Block-print kurta');
    const top = await meera.owner.call<AnalyticsOverview>('GET', `/analytics/overview?${range}`);
    expect(top.body.data.topProducts.map((p) => p.title)).toEqual([
      'Hand-woven kurta',
      'Jute tote',
    ]);
  });

  it('keeps the public stats to what a visitor may know', async () => {
    const stats = await new Visitor().call<ShopStats>('GET', `/shop/${meera.shopUrl}/stats`);
    expect(stats.body).toEqual({ success: true, data: { productCount: 2 } });
  });
});

describe('views and visitors that agree', () => {
  it('counts a product link opened directly as a view, and a click alone as no visitor', async () => {
    const priya = await shopOwner('Silk saree');
    const [saree] = priya.products;
    // Dev opens the product link straight from WhatsApp: the product page counts its view as
    // the shop page does, then Dev chooses Myntra.
    const dev = person(ANDROID_CHROME, 'mobile', 'Chrome');
    // Sam chooses a store on a page that was counted before (no view now).
    const sam = person(INSTAGRAM_IN_APP, 'mobile', 'Instagram');
    const answers = [
      await dev.visitShop(priya.shopUrl, 'https://web.whatsapp.com/'),
      await dev.chooseStore(saree, 'myntra'),
      await sam.chooseStore(saree, 'amazon'),
    ];
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);

    const overview = await waitFor(
      async () => {
        const answer = await priya.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
        const { totals } = answer.body.data;
        return totals.views === 1 && totals.clicks === 2 ? answer.body.data : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 300, description: 'the view and both clicks folded' },
    );
    expect(overview.totals).toEqual({
      views: 1,
      uniqueVisitors: 1,
      clicks: 2,
      taps: 2,
      clickThroughRate: 2,
      productViews: 0,
      productClickThroughRate: 0,
    });
    const today = overview.range.to;
    expect(overview.daily.at(-1)).toEqual({ date: today, views: 1, uniqueVisitors: 1, clicks: 2 });
    const csv = await fetch(
      `${stackBaseUrl()}/api/analytics/export.csv?from=${today}&to=${today}`,
      { headers: { authorization: `Bearer ${priya.owner.accessToken}` } },
    );
    // Dev's click follows the visit from WhatsApp; Sam's comes from Instagram's browser.
    expect(await csv.text()).toBe(
      `${CSV_HEADER},clicks_on_amazon,clicks_on_myntra\r\n` +
        `${today},1,1,2,2.0000,2,0,2,1,1,0,0,0,0,0,0,1,1\r\n`,
    );
  });
});

describe('what is not a person’s choice is not counted', () => {
  it('leaves prefetches and previews out, counts repeated taps once and a product page’s views for it', async () => {
    const anita = await shopOwner('Brass diya set');
    const [diya] = anita.products;
    const visitor = new Visitor();
    const pixel = { 'user-agent': INSTAGRAM_ON_PIXEL };
    const track = (path: string, body: object, headers: Record<string, string> = {}) =>
      visitor.call('POST', `/analytics/${path}`, body, { ...pixel, ...headers });
    const answers = [
      // Instagram's browser on a Pixel opens the product page, and taps Amazon three times.
      await track(`track-shop/${anita.shopUrl}`, { page: diya.shortCode }),
      await track(`track/${diya.id}`, { platform: 'amazon' }),
      await track(`track/${diya.id}`, { platform: 'amazon' }),
      await track(`track/${diya.id}`, { platform: 'amazon' }),
      // Requests the browser or an app made ahead of the person.
      await track(
        `track-shop/${anita.shopUrl}`,
        { page: diya.shortCode },
        { 'sec-purpose': 'prefetch' },
      ),
      await track(`track-shop/${anita.shopUrl}`, {}, { purpose: 'prefetch' }),
      await track(`track/${diya.id}`, { platform: 'flipkart' }, { 'x-purpose': 'preview' }),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(202));

    const overview = await waitFor(
      async () => {
        const answer = await anita.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
        const { totals, excluded } = answer.body.data;
        return totals.taps === 3 && excluded.bots === 3 ? answer.body.data : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 300, description: 'every event folded' },
    );
    expect(overview.totals).toEqual({
      views: 1,
      uniqueVisitors: 1,
      clicks: 1,
      taps: 3,
      clickThroughRate: 1,
      // The one view was of the product's page.
      productViews: 1,
      productClickThroughRate: 1,
    });
    expect(overview.byStore).toEqual([{ key: 'amazon', views: 0, clicks: 1 }]);
    expect(overview.bySource).toEqual([{ key: 'instagram', views: 1, clicks: 1 }]);
    expect(overview.byBrowser).toEqual([{ key: 'Instagram', views: 1, clicks: 1 }]);
    const product = await anita.owner.call<ProductAnalytics>(
      'GET',
      `/analytics/products/${diya.id}`,
    );
    expect(product.body.data).toMatchObject({ views: 1, clicks: 1, taps: 3, clickThroughRate: 1 });
  });
});

describe('refusals', () => {
  it('refuses malformed and overlong ranges with the field and a clear message', async () => {
    const { owner } = await shopOwner();
    const refused = async (query: string) => {
      const answer = await owner.call('GET', `/analytics/overview?${query}`);
      return { status: answer.status, errors: answer.body.errors };
    };
    expect(await refused('from=2024-13-01')).toEqual({
      status: 400,
      errors: [{ path: 'from', msg: 'This date does not exist.' }],
    });
    expect(await refused('from=01-03-2024')).toEqual({
      status: 400,
      errors: [{ path: 'from', msg: 'Dates must be written YYYY-MM-DD.' }],
    });
    expect(await refused('from=2024-03-10&to=2024-03-09')).toEqual({
      status: 400,
      errors: [{ path: 'to', msg: 'The start date must be on or before the end date.' }],
    });
    expect(await refused('from=2023-01-01&to=2024-01-02')).toEqual({
      status: 400,
      errors: [{ path: 'to', msg: 'A range can span at most 366 days.' }],
    });
    expect(await refused('days=7')).toEqual({
      status: 400,
      errors: [{ path: 'days', msg: 'days is not an accepted field' }],
    });
  });

  it('tells a person without a shop to set it up, and a stranger to sign in', async () => {
    const newcomer = new Visitor();
    await signUp(newcomer);
    const answer = await newcomer.call('GET', '/analytics/overview');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
      requiresSetup: true,
      error: 'Set up your shop first: its analytics start with its first visit.',
    });
    expect((await new Visitor().call('GET', '/analytics/overview')).status).toBe(401);
  });

  it('refuses a click on something that is not a product id, recording nothing', async () => {
    const answer = await new Visitor().call('POST', '/analytics/track/kurta', {
      platform: 'amazon',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'urlId', msg: 'This link id is not valid.' }]);
  });
});
