import type {
  AnalyticsOverview,
  Product,
  ProductPage,
  PublicProduct,
  PublicShop,
  Shop,
  ShopEarnings,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signUp, strongPassword, Visitor } from '../support/auth-client';

jest.setTimeout(90_000);

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 548323749)',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.0.2.18.112 (iPhone14,5; iOS 17_1_2; en_IN; en; scale=3.00; 1170x2532; 537288532)',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

const STORES = {
  amazon: 'https://www.amazon.in/Silk-Saree-Zari/dp/B0C1234567/ref=sr_1_3?th=1#customerReviews',
  flipkart:
    'https://www.flipkart.com/nalli-silk-saree/p/itm6f1b2c3d4e5f6?pid=SARG7ZK8FHZJ9QXY&lid=LSTSARG7',
  myntra: 'https://www.myntra.com/kurtas/anouk/anouk-women-kurta/12345678/buy',
  meesho: 'https://www.meesho.com/saree/p/2abcde',
  nykaa: 'https://www.nykaa.com/lipstick/p/123?skuId=9',
};

const CUELINKS = 'https://linksredirect.com/?cid=48213&source=linkkit&url={url}&subid={shortCode}';
const INRDEALS = 'https://inr.deals/track?id=priya77&url={url}&subid={shortCode}';

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function shopWith(settings: Record<string, unknown>) {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = uniqueUrl('go');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Priya Sarees',
    shopDescription: 'Handloom sarees from Kanchipuram and Banaras',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    ...settings,
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, shopUrl, shop: shop.body.data };
}

async function addProduct(owner: Visitor, body: Record<string, unknown>): Promise<Product> {
  const created = await owner.post<Product>('/urls', { title: 'Red silk saree', ...body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

interface Went {
  status: number;
  location: string | null;
  headers: Headers;
  body: string;
}

/** One request to a /go route, as a browser would make it, without following the answer. */
async function go(
  path: string,
  options: { ua?: string; headers?: Record<string, string>; method?: string; ip?: string } = {},
): Promise<Went> {
  const response = await fetch(`${stackBaseUrl()}${path}`, {
    method: options.method ?? 'GET',
    redirect: 'manual',
    headers: {
      'x-forwarded-for': options.ip ?? randomIp(),
      'user-agent': options.ua ?? UA.desktop,
      ...options.headers,
    },
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    body: await response.text(),
  };
}

async function tapTokenOf(shopUrl: string, shortCode: string): Promise<string> {
  const answer = await new Visitor().call<PublicProduct>(
    'GET',
    `/url/shop/${shopUrl}/${shortCode}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.data.tapToken).toMatch(/^[0-9a-z]+\.[\w-]{24}$/);
  return answer.body.data.tapToken!;
}

const intentFor = (web: string, pkg: string) => {
  const url = new URL(web);
  return (
    `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=https;package=${pkg};` +
    `S.browser_fallback_url=${encodeURIComponent(web)};end`
  );
};

const earnings: Partial<ShopEarnings> = {
  amazonTags: [
    { marketplace: 'amazon.in', tag: 'priya-21' },
    { marketplace: 'amazon.com', tag: 'priyaus-20' },
  ],
  flipkartAffiliateId: 'priyasar',
  networks: [
    { network: 'cuelinks', hosts: ['myntra.com', 'ajio.com'], template: CUELINKS },
    { network: 'inrdeals', hosts: ['meesho.com'], template: INRDEALS },
  ],
  localizeAmazon: true,
};

describe('store redirects: from the saved URL to the Location header', () => {
  let priya: Awaited<ReturnType<typeof shopWith>>;
  let saree: Product;
  let code: string;
  let tapToken: string;
  const seen = new Set<string>();

  const expectGo = async (
    path: string,
    location: string,
    options: Parameters<typeof go>[1] = {},
  ) => {
    const answer = await go(path, options);
    expect({ path, status: answer.status, location: answer.location }).toEqual({
      path,
      status: 302,
      location,
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    seen.add(location);
    return answer;
  };

  beforeAll(async () => {
    priya = await shopWith({ earnings });
    saree = await addProduct(priya.owner, { originalURLs: Object.values(STORES) });
    code = saree.shortCode;
    tapToken = await tapTokenOf(priya.shopUrl, code);
  });

  it('keeps the earnings settings on the owner’s shop and shows the Amazon disclosure to visitors', async () => {
    expect(priya.shop.earnings).toEqual({
      amazonTags: earnings.amazonTags,
      flipkartAffiliateId: 'priyasar',
      networks: earnings.networks,
      utm: false,
      existingTags: 'keep',
      amazonOnSharedLinks: false,
      localizeAmazon: true,
      openInApp: true,
    });
    const shown = await new Visitor().call<PublicShop>('GET', `/shop/${priya.shopUrl}`);
    expect(shown.body.data.amazonDisclosure).toBe(true);
    expect(JSON.stringify(shown.body.data)).not.toMatch(/priya-21|priyasar|earnings/);
    const plain = await shopWith({});
    const plainShown = await new Visitor().call<PublicShop>('GET', `/shop/${plain.shopUrl}`);
    expect(plainShown.body.data.amazonDisclosure).toBe(false);
    expect(plain.shop.earnings.openInApp).toBe(true);
  });

  it('refuses earnings settings with clear messages', async () => {
    for (const [bad, message] of [
      [
        { amazonTags: [{ marketplace: 'amazon.xyz', tag: 'a-21' }] },
        /"amazon\.xyz" is not an Amazon marketplace/,
      ],
      [
        { amazonTags: [{ marketplace: 'amazon.in', tag: 'priya' }] },
        /tracking id, such as yourshop-21/,
      ],
      [
        { networks: [{ network: 'custom', hosts: ['a.com'], template: 'http://a.com/?u={url}' }] },
        /https address containing \{url\}/,
      ],
      [
        { networks: [{ network: 'custom', hosts: ['a.com'], template: 'https://a.com/' }] },
        /https address containing \{url\}/,
      ],
    ] as const) {
      const answer = await priya.owner.call('PUT', '/shop/settings', { earnings: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.msg).toMatch(message);
    }
  });

  it('adds the Amazon tag only to a link tapped on the product page', async () => {
    const base = `/${priya.shopUrl}/${code}/go/amazon`;
    await expectGo(base, STORES.amazon);
    await expectGo(
      `${base}?t=${tapToken}`,
      'https://www.amazon.in/Silk-Saree-Zari/dp/B0C1234567/ref=sr_1_3?th=1&tag=priya-21#customerReviews',
    );
    // A forged or another product's proof is no proof.
    await expectGo(
      `${base}?t=${tapToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      STORES.amazon,
    );
    await expectGo(`${base}?t=garbage`, STORES.amazon);
  });

  it('sends a US visitor to amazon.com with the US tag, an Indian one to amazon.in', async () => {
    const base = `/${priya.shopUrl}/${code}/go/amazon?t=${tapToken}`;
    await expectGo(base, 'https://www.amazon.com/dp/B0C1234567?tag=priyaus-20', {
      headers: { 'cf-ipcountry': 'US' },
    });
    await expectGo(
      base,
      'https://www.amazon.in/Silk-Saree-Zari/dp/B0C1234567/ref=sr_1_3?th=1&tag=priya-21#customerReviews',
      { headers: { 'cf-ipcountry': 'IN' } },
    );
  });

  it('tags Flipkart with the affiliate id and the short code, tapped or not', async () => {
    const tagged = `${STORES.flipkart}&affid=priyasar&affExtParam1=${code}`;
    await expectGo(`/${priya.shopUrl}/${code}/go/flipkart`, tagged);
    await expectGo(`/${priya.shopUrl}/${code}/go/2?t=${tapToken}`, tagged);
  });

  it('sends Myntra through Cuelinks, Meesho through INRDeals, and other stores as saved', async () => {
    await expectGo(
      `/${priya.shopUrl}/${code}/go/myntra`,
      `https://linksredirect.com/?cid=48213&source=linkkit&url=${encodeURIComponent(STORES.myntra)}&subid=${code}`,
    );
    await expectGo(
      `/${priya.shopUrl}/${code}/go/meesho`,
      `https://inr.deals/track?id=priya77&url=${encodeURIComponent(STORES.meesho)}&subid=${code}`,
    );
    await expectGo(`/${priya.shopUrl}/${code}/go/web`, STORES.nykaa);
    await expectGo(`/${priya.shopUrl}/${code}/go/5`, STORES.nykaa);
  });

  it('opens the store app on Android (Chrome and Instagram’s browser), the web on iOS and computers', async () => {
    const path = `/${priya.shopUrl}/${code}/go/flipkart`;
    const web = `${STORES.flipkart}&affid=priyasar&affExtParam1=${code}`;
    const intent = intentFor(web, 'com.flipkart.android');
    await expectGo(path, intent, { ua: UA.androidChrome });
    await expectGo(path, intent, { ua: UA.instagramAndroid });
    await expectGo(path, web, { ua: UA.iosSafari });
    await expectGo(path, web, { ua: UA.instagramIos });
    await expectGo(path, web, { ua: UA.desktop });
    // Amazon India's app, with the tag in the app link and in the fallback.
    const amazonWeb =
      'https://www.amazon.in/Silk-Saree-Zari/dp/B0C1234567/ref=sr_1_3?th=1&tag=priya-21#customerReviews';
    await expectGo(
      `/${priya.shopUrl}/${code}/go/amazon?t=${tapToken}`,
      intentFor(amazonWeb, 'in.amazon.mShop.android.shopping'),
      { ua: UA.androidChrome },
    );
    // The Cuelinks address is no store app's.
    await expectGo(
      `/${priya.shopUrl}/${code}/go/myntra`,
      `https://linksredirect.com/?cid=48213&source=linkkit&url=${encodeURIComponent(STORES.myntra)}&subid=${code}`,
      { ua: UA.androidChrome },
    );
  });

  it('keeps the web page on Android when the owner turned open-in-app off', async () => {
    const off = await shopWith({ earnings: { openInApp: false, utm: true } });
    const kurta = await addProduct(off.owner, {
      originalURLs: [STORES.flipkart, 'https://www.ajio.com/p/460123456'],
    });
    await expectGo(
      `/${off.shopUrl}/${kurta.shortCode}/go/flipkart`,
      `${STORES.flipkart}&utm_source=kartlink&utm_medium=shop&utm_campaign=${off.shopUrl}&utm_content=${kurta.shortCode}`,
      { ua: UA.androidChrome },
    );
  });

  it('leaves a product with affiliate tags off as saved', async () => {
    const plain = await addProduct(priya.owner, {
      originalURLs: [STORES.amazon, STORES.flipkart, STORES.myntra],
      affiliateTags: false,
    });
    expect(plain.affiliateTags).toBe(false);
    const token = await tapTokenOf(priya.shopUrl, plain.shortCode);
    await expectGo(`/${priya.shopUrl}/${plain.shortCode}/go/amazon?t=${token}`, STORES.amazon);
    await expectGo(`/${priya.shopUrl}/${plain.shortCode}/go/flipkart`, STORES.flipkart);
    await expectGo(`/${priya.shopUrl}/${plain.shortCode}/go/myntra`, STORES.myntra);
  });

  it('sends /go to the pinned store, else to the product page; a pin must be one of the stores', async () => {
    await expectGo(`/${priya.shopUrl}/${code}/go`, `/${priya.shopUrl}/${code}`);
    const pinned = await addProduct(priya.owner, {
      originalURLs: [STORES.amazon, STORES.flipkart],
      defaultStore: 'flipkart',
    });
    expect(pinned.defaultStore).toBe('flipkart');
    const shown = await new Visitor().call<PublicProduct>(
      'GET',
      `/url/shop/${priya.shopUrl}/${pinned.shortCode}`,
    );
    expect(shown.body.data.defaultStore).toBe('flipkart');
    await expectGo(
      `/${priya.shopUrl}/${pinned.shortCode}/go`,
      `${STORES.flipkart}&affid=priyasar&affExtParam1=${pinned.shortCode}`,
    );
    const refused = await priya.owner.call('PATCH', `/urls/${pinned.id}`, {
      defaultStore: 'myntra',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toEqual({
      path: 'defaultStore',
      msg: "The pinned store must be one of this product's stores (amazon, flipkart)",
    });
    const badShape = await priya.owner.call('PATCH', `/urls/${pinned.id}`, {
      defaultStore: 'Amazon!',
    });
    expect(badShape.status).toBe(400);
  });

  it('answers the 404 page for an unknown shop, product or store and a private shop', async () => {
    const hidden = await shopWith({ isShopPublic: false });
    const hiddenProduct = await addProduct(hidden.owner, {
      originalURLs: [STORES.amazon, STORES.flipkart],
    });
    for (const path of [
      `/${uniqueUrl('nobody')}/${code}/go/amazon`,
      `/${priya.shopUrl}/no-such-code/go/amazon`,
      `/${priya.shopUrl}/${code}/go/ajio`,
      `/${priya.shopUrl}/${code}/go/9`,
      `/${priya.shopUrl}/${code}/go/0`,
      `/${hidden.shopUrl}/${hiddenProduct.shortCode}/go/amazon`,
      `/${hidden.shopUrl}/${hiddenProduct.shortCode}/go`,
      `/dashboard/${code}/go/amazon`,
    ]) {
      const answer = await go(path);
      expect({ path, status: answer.status, location: answer.location }).toEqual({
        path,
        status: 404,
        location: null,
      });
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.body).toMatch(/<div id="root"/);
    }
  });

  it('never sends anyone anywhere but a stored URL: a fuzz of paths and queries', async () => {
    const allowed = new Set([...seen, `/${priya.shopUrl}/${code}`]);
    const evil = [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'https:%2F%2Fevil.example',
      '%2F%2Fevil.example',
      'javascript:alert(1)',
      '%0d%0aLocation:%20https://evil.example',
      '..%2F..%2Fevil.example',
      'amazon@evil.example',
      'amazon.evil.example',
    ];
    const stores = ['amazon', 'flipkart', 'myntra', '1', '2', 'AMAZON', 'amazon%00', 'web', ''];
    const params = [
      'url',
      'u',
      'to',
      'redirect',
      'next',
      'target',
      'dest',
      'store',
      't',
      'location',
    ];
    const pick = <T>(list: readonly T[]) => list[randomInt(list.length)]!;
    const paths: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      const store = pick(stores);
      const tail = i % 3 === 0 ? `/${pick(evil)}` : '';
      const query = Array.from(
        { length: randomInt(1, 4) },
        () => `${pick(params)}=${encodeURIComponent(pick(evil))}`,
      );
      if (i % 4 === 0) query.push(`t=${tapToken}`);
      const storePart = store ? `/${store}` : '';
      paths.push(`/${priya.shopUrl}/${code}/go${storePart}${tail}?${query.join('&')}`);
    }
    for (const e of evil)
      paths.push(`/${priya.shopUrl}/${code}/go/${e}`, `/${priya.shopUrl}/${code}/go/amazon/${e}`);
    for (const path of paths) {
      const answer = await go(path, {
        ua: pick([UA.desktop, UA.iosSafari]),
        headers: { 'cf-ipcountry': 'IN' },
      });
      expect([302, 404]).toContain(answer.status);
      if (answer.status === 302)
        expect({ path, location: answer.location, allowed: allowed.has(answer.location!) }).toEqual(
          { path, location: answer.location, allowed: true },
        );
      else expect(answer.location).toBeNull();
    }
  });

  it('is described in the API document', async () => {
    const document = (await (await fetch(`${stackBaseUrl()}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(document.paths['/{shopUrl}/{shortCode}/go/{store}']?.get?.summary).toMatch(
      /Go to a store/,
    );
    expect(document.paths['/{shopUrl}/{shortCode}/go']?.get?.summary).toMatch(/pinned store/);
  });
});

describe('short store links, resolved once when the product is saved', () => {
  // A fake shortener on 127.0.0.1, which the stack treats as one (SHORT_LINK_EXTRA_HOSTS) and
  // may reach (SHORT_LINK_ALLOW_HOSTS): /amzn/… leads to Amazon in two hops, /dead/… nowhere.
  let shortener: Server;
  let base: string;
  const asked: string[] = [];
  beforeAll(async () => {
    shortener = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      if (req.url === '/amzn/3xYz') res.writeHead(301, { location: '/amzn/hop' });
      else if (req.url === '/amzn/hop')
        res.writeHead(302, {
          location: 'https://www.amazon.in/dp/B0C1234567?ref_=cm_sw_r_cp_ud&th=1',
        });
      else res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => shortener.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(shortener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    shortener.closeAllConnections();
    await new Promise((resolve) => shortener.close(resolve));
  });

  it('stores where a short link leads, tags it at the redirect, and warns about one that leads nowhere', async () => {
    const asha = await shopWith({
      earnings: {
        amazonTags: [{ marketplace: 'amazon.in', tag: 'asha-21' }],
        amazonOnSharedLinks: true,
      },
    });
    const saved = await asha.owner.post<Product>('/urls', {
      title: 'Jaipur kurta',
      originalURLs: [`${base}/amzn/3xYz`, `${base}/dead/abc`, STORES.flipkart],
    });
    expect(saved.status).toBe(201);
    const resolved = 'https://www.amazon.in/dp/B0C1234567?ref_=cm_sw_r_cp_ud&th=1';
    expect(saved.body.data.originalURLs).toEqual([resolved, `${base}/dead/abc`, STORES.flipkart]);
    expect(saved.body.data.stores.map((s) => s.key)).toEqual(['amazon', 'web', 'flipkart']);
    expect(saved.body.data.warnings).toEqual([
      {
        position: 2,
        url: `${base}/dead/abc`,
        message: expect.stringMatching(
          /^Store link 2 is a short link \(127\.0\.0\.1\) that could not be opened, so it was saved as given/,
        ),
      },
    ]);
    // The links are opened side by side.
    expect([...asked].sort()).toEqual(['HEAD /amzn/3xYz', 'HEAD /amzn/hop', 'HEAD /dead/abc']);
    // Stored resolved: the owner's list shows it, and visitors' redirects never ask the shortener.
    const listed = await asha.owner.call<ProductPage>('GET', '/urls');
    expect(listed.body.data.items[0]!.originalURLs[0]).toBe(resolved);
    expect(listed.body.data.items[0]!.warnings).toBeUndefined();
    const went = await go(`/${asha.shopUrl}/${saved.body.data.shortCode}/go/amazon`);
    expect(went.location).toBe(`${resolved}&tag=asha-21`);
    expect(asked).toHaveLength(3);
    // An edit of the links resolves them again.
    const edited = await asha.owner.call<Product>('PATCH', `/urls/${saved.body.data.id}`, {
      originalURLs: [`${base}/amzn/3xYz`, STORES.flipkart],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.originalURLs).toEqual([resolved, STORES.flipkart]);
    expect(edited.body.data.warnings).toBeUndefined();
  });
});

describe('the operator’s store-address policy (BLOCKED_STORE_HOSTS)', () => {
  // The stack blocks phish.example with its subdomains and the pattern *-paytm-*.example
  // (test/stack-setup.ts); a fake shortener on 127.0.0.1 leads to a blocked host.
  let shortener: Server;
  let base: string;
  beforeAll(async () => {
    shortener = createServer((req, res) => {
      if (req.url === '/amzn/lure')
        res.writeHead(301, { location: 'https://secure-login.phish.example/amazon/dp/B0LURE' });
      else res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => shortener.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(shortener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    shortener.closeAllConnections();
    await new Promise((resolve) => shortener.close(resolve));
  });

  it('refuses a product whose store address leads to a blocked host, and saves nothing', async () => {
    const ravi = await shopWith({});
    const refused = [
      ['https://phish.example/amazon-deal', 'phish.example'],
      ['https://WWW.Phish.Example./offer?id=1', 'www.phish.example'],
      ['https://kyc-paytm-update.example/pay', 'kyc-paytm-update.example'],
      // A short link is opened first: its destination is what is checked.
      [`${base}/amzn/lure`, 'secure-login.phish.example'],
    ] as const;
    for (const [address, host] of refused) {
      const answer = await ravi.owner.post<Product>('/urls', {
        title: 'Too good to be true',
        originalURLs: [STORES.amazon, address],
      });
      expect({ address, status: answer.status, body: answer.body }).toEqual({
        address,
        status: 400,
        body: expect.objectContaining({
          success: false,
          errorCode: 'BLOCKED_STORE_HOST',
          error: `Store link 2 leads to ${host}, which Kartlink does not allow. Please link to a different store.`,
          errors: [{ path: 'originalURLs', msg: expect.stringContaining(host) }],
        }),
      });
    }
    // A look-alike that is not a subdomain of a blocked name is a store like any other.
    const fine = await addProduct(ravi.owner, {
      originalURLs: [STORES.amazon, 'https://notphish.example/shop/item-1'],
    });
    const listed = await ravi.owner.call<ProductPage>('GET', '/urls');
    expect(listed.body.data.items.map((p) => p.id)).toEqual([fine.id]);
    // An edit to a blocked address is refused and changes nothing.
    const edit = await ravi.owner.call<Product>('PATCH', `/urls/${fine.id}`, {
      title: 'Renamed',
      originalURLs: [STORES.amazon, 'https://deals.phish.example/x'],
    });
    expect(edit.status).toBe(400);
    const after = await ravi.owner.call<Product>('GET', `/urls/${fine.id}`);
    expect(after.body.data).toMatchObject({
      title: fine.title,
      originalURLs: fine.originalURLs,
    });
  });

  it('shows a warning page instead of redirecting to an address stored before its host was blocked', async () => {
    const ravi = await shopWith({});
    const product = await addProduct(ravi.owner, {
      originalURLs: [STORES.amazon, STORES.flipkart],
    });
    // Stored when the host was not blocked yet (as the operator's list grows over time).
    await pgQuery('UPDATE shop.products SET store_urls = $2 WHERE id = $1', [
      product.id,
      JSON.stringify([STORES.amazon, 'https://offers.phish.example/flipkart/itm1']),
    ]);
    const blocked = await go(`/${ravi.shopUrl}/${product.shortCode}/go/2`, {
      ua: UA.androidChrome,
    });
    expect(blocked.status).toBe(403);
    expect(blocked.location).toBeNull();
    expect(blocked.headers.get('content-type')).toMatch(/^text\/html/);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    expect(blocked.body).toContain('<h1>This link was blocked</h1>');
    expect(blocked.body).toContain('<code>offers.phish.example</code>');
    expect(blocked.body).toContain(`href="/${ravi.shopUrl}/${product.shortCode}"`);
    // The blocked address is named, never linked.
    expect(blocked.body).not.toContain('href="https://offers.phish.example');
    // The product's other store still works.
    const amazon = await go(`/${ravi.shopUrl}/${product.shortCode}/go/amazon`);
    expect(amazon.status).toBe(302);
    expect(amazon.location).toMatch(/^https:\/\/www\.amazon\.in\//);
  });
});

describe('store redirects are counted once, people only', () => {
  it('counts each redirect once; HEAD, bots, prefetches and the owner are not counted', async () => {
    const meera = await shopWith({ earnings: { flipkartAffiliateId: 'meera1' } });
    // The owner signs in on their phone's browser: the answer marks the browser as theirs.
    const me = (await meera.owner.call<{ email: string }>('GET', '/auth/me')).body.data;
    const login = await fetch(`${stackBaseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
      body: JSON.stringify({ email: me.email, password: strongPassword, rememberMe: true }),
    });
    expect(login.status).toBe(200);
    const viewerCookie = login.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('kartlink_viewer='));
    expect(viewerCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const ownersBrowser = viewerCookie!.split(';')[0]!;
    // Another signed-in person's browser is no owner's.
    const someone = new Visitor();
    const theirs = await signUp(someone);
    const theirLogin = await fetch(`${stackBaseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
      body: JSON.stringify({ email: theirs.email, password: strongPassword }),
    });
    const someonesBrowser = theirLogin.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('kartlink_viewer='))!
      .split(';')[0]!;
    const kurta = await addProduct(meera.owner, {
      originalURLs: ['https://www.amazon.in/dp/B0KURTA123', 'https://www.flipkart.com/p/itmkurta'],
    });
    const base = `/${meera.shopUrl}/${kurta.shortCode}/go`;
    const statuses = [
      (await go(`${base}/amazon`, { ua: UA.desktop })).status,
      (await go(`${base}/flipkart`, { ua: UA.androidChrome })).status,
      (await go(`${base}/amazon`, { method: 'HEAD' })).status,
      (await go(`${base}/amazon`, { ua: UA.googlebot })).status,
      (await go(`${base}/amazon`, { headers: { purpose: 'prefetch' } })).status,
      (await go(`${base}/amazon`, { headers: { 'sec-purpose': 'prefetch' } })).status,
      (await go(`${base}/amazon`, { headers: { 'x-purpose': 'preview' } })).status,
      (
        await go(`${base}/flipkart`, {
          headers: { authorization: `Bearer ${meera.owner.accessToken}` },
        })
      ).status,
      // The owner's own browser, by its cookie: not counted; a forged one counts.
      (await go(`${base}/amazon`, { ua: UA.androidChrome, headers: { cookie: ownersBrowser } }))
        .status,
      (
        await go(`${base}/amazon`, {
          headers: { cookie: ownersBrowser.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
        })
      ).status,
      (await go(`${base}/flipkart`, { headers: { cookie: someonesBrowser } })).status,
      // No store and no pin: the product page, no click.
      (await go(base)).status,
    ];
    expect(statuses).toEqual(Array(statuses.length).fill(302));

    const overview = await waitFor(
      async () => {
        const answer = await meera.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
        const { totals, excluded } = answer.body.data;
        return totals.clicks === 4 && excluded.bots === 2 && excluded.owner === 1
          ? answer.body.data
          : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 300, description: 'the redirects in the overview' },
    );
    expect(overview.totals.clicks).toBe(4);
    expect(overview.byStore).toEqual([
      { key: 'amazon', views: 0, clicks: 2 },
      { key: 'flipkart', views: 0, clicks: 2 },
    ]);
    const clicks = await waitFor(
      async () => {
        const page = await meera.owner.call<ProductPage>('GET', '/urls');
        const mine = page.body.data.items.find((p) => p.id === kurta.id);
        return mine?.clicks === 4 ? mine.clicks : undefined;
      },
      { timeoutMs: 15_000, description: 'clicks in the product list' },
    );
    expect(clicks).toBe(4);
    // Nothing more arrives later: the prefetches and the owner's browser were never recorded.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const again = await meera.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
    expect(again.body.data.totals.clicks).toBe(4);
    expect(again.body.data.excluded).toEqual({ bots: 2, owner: 1 });
  });
});
