import type { PublicShop, Shop, ShopStatus, UrlAvailability } from '@kartlink/contracts';
import { pgQuery, redisKeys } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { signUp, Visitor } from '../support/auth-client';

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

async function owner() {
  const visitor = new Visitor();
  await signUp(visitor);
  return visitor;
}

/** The wizard's three saves, as SPEC section 4 describes them. */
async function completeSetup(visitor: Visitor, shopUrl: string) {
  await visitor.call('PUT', '/shop/settings', { shopUrl, setupSteps: { shopUrl: true } });
  await visitor.call('PUT', '/shop/settings', {
    shopName: 'Asha Styles',
    shopDescription: 'Handpicked kurtas and jewellery from Jaipur',
    setupSteps: { basicInfo: true },
  });
  return visitor.call<Shop>('PUT', '/shop/settings', {
    shopPhotoURL: 'https://images.example/asha.webp',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
}

describe('the owner and their shop', () => {
  it('needs setup until the wizard completes, and keeps the step flags', async () => {
    const asha = await owner();
    const before = await asha.call<ShopStatus>('GET', '/shop/status');
    expect(before.body.data).toEqual({
      hasShop: false,
      requiresSetup: true,
      setupCompleted: false,
      setupSteps: { shopUrl: false, basicInfo: false, profilePhoto: false },
      shopUrl: null,
    });
    expect((await asha.call('GET', '/shop/user/profile')).status).toBe(404);

    const shopUrl = uniqueUrl('asha');
    const first = await asha.call<Shop>('PUT', '/shop/settings', {
      shopUrl,
      setupSteps: { shopUrl: true },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      shopUrl,
      requiresSetup: true,
      setupSteps: { shopUrl: true, basicInfo: false },
    });

    const done = await completeSetup(asha, shopUrl);
    expect(done.body.data).toMatchObject({
      requiresSetup: false,
      setupCompleted: true,
      isShopPublic: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    });
    expect((await asha.call<ShopStatus>('GET', '/shop/status')).body.data.requiresSetup).toBe(
      false,
    );
  });

  it('refuses bad settings with SPEC messages and changes nothing', async () => {
    const asha = await owner();
    const shopUrl = uniqueUrl('keep');
    await completeSetup(asha, shopUrl);
    const cases: Array<[object, string, string]> = [
      [
        { shopUrl: 'my shop' },
        'shopUrl',
        'Shop URL can only contain letters, numbers, and hyphens.',
      ],
      [{ shopUrl: 'ab' }, 'shopUrl', 'Shop URL must be at least 3 characters long.'],
      [
        { shopUrl: 'dashboard' },
        'shopUrl',
        'This shop URL is reserved. Please choose a different one.',
      ],
      [{ shopName: 'Ab' }, 'shopName', 'store name must be at least 3 characters'],
      [
        { shopDescription: 'short' },
        'shopDescription',
        'Description must be at least 10 characters',
      ],
      [
        { shopDescription: 'x'.repeat(500) },
        'shopDescription',
        'Description must be less than 500 characters',
      ],
      [
        { socialMedia: { myspace: 'asha' } },
        'socialMedia',
        'myspace is not a supported social platform',
      ],
      [
        { seo: { title: 't'.repeat(71) } },
        'seo.title',
        'title must be shorter than or equal to 70 characters',
      ],
    ];
    for (const [body, path, msg] of cases) {
      const answer = await asha.call('PUT', '/shop/settings', body);
      expect({ status: answer.status, errors: answer.body.errors }).toEqual({
        status: 400,
        errors: [{ path, msg }],
      });
    }
    const shop = (await asha.call<Shop>('GET', '/shop/user/profile')).body.data;
    expect(shop).toMatchObject({ shopUrl, shopName: 'Asha Styles', seo: {}, socialMedia: {} });
  });

  it('cleans social handles per platform and keeps SEO', async () => {
    const asha = await owner();
    await completeSetup(asha, uniqueUrl('social'));
    const saved = await asha.call<Shop>('PUT', '/shop/settings', {
      socialMedia: {
        instagram: '@asha.styles',
        x: 'https://x.com/asha_jaipur/',
        website: 'asha.shop',
        whatsapp: '+91 98765-43210',
        email: 'not an address',
      },
      seo: { title: '  Asha Styles — kurtas  ', twitterCard: 'summary_large_image' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.socialMedia).toEqual({
      instagram: 'asha.styles',
      x: 'asha_jaipur',
      website: 'https://asha.shop/',
      whatsapp: '919876543210',
    });
    expect(saved.body.data.seo).toEqual({
      title: 'Asha Styles — kurtas',
      twitterCard: 'summary_large_image',
    });
  });
});

describe('shop URLs', () => {
  it('answers availability without a token, and counts the owner’s own URL as free', async () => {
    const asha = await owner();
    const shopUrl = uniqueUrl('taken');
    await asha.call('PUT', '/shop/settings', { shopUrl });
    const anyone = new Visitor();
    const check = (body: object) => anyone.post<UrlAvailability>('/shop/check-url-available', body);
    expect((await check({ shopUrl })).body.data).toEqual({
      isAvailable: false,
      message: 'This shop URL is already taken. Please choose a different one.',
    });
    expect((await check({ shopUrl: 'api' })).body.data).toEqual({
      isAvailable: false,
      message: 'This shop URL is reserved. Please choose a different one.',
    });
    expect((await check({ shopUrl: uniqueUrl('free') })).body.data).toEqual({ isAvailable: true });
    expect((await asha.post<UrlAvailability>('/shop/validate-url', { shopUrl })).body.data).toEqual(
      { isAvailable: true },
    );
  });

  it('lets exactly one of two simultaneous claims win', async () => {
    const [ravi, meera] = await Promise.all([owner(), owner()]);
    const shopUrl = uniqueUrl('race');
    const answers = await Promise.all([
      ravi.call('PUT', '/shop/settings', { shopUrl }),
      meera.call('PUT', '/shop/settings', { shopUrl }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.body.errors).toEqual([
      { path: 'shopUrl', msg: 'This shop URL is already taken. Please choose a different one.' },
    ]);
    const rows = await pgQuery('SELECT user_id FROM shop.shops WHERE shop_url = $1', [shopUrl]);
    expect(rows).toHaveLength(1);
  });
});

describe('the public shop', () => {
  it('refuses a private shop with a message containing "private", and a missing one with 404', async () => {
    const asha = await owner();
    const shopUrl = uniqueUrl('hidden');
    await completeSetup(asha, shopUrl);
    await asha.call('PUT', '/shop/settings', { isShopPublic: false });
    const visitor = new Visitor();
    const hidden = await visitor.call('GET', `/shop/${shopUrl}`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toContain('private');
    const missing = await visitor.call('GET', `/shop/${uniqueUrl('nobody')}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Shop not found');
  });

  it('serves a public shop by a lower-cased, trimmed URL, without the owner’s id', async () => {
    const asha = await owner();
    const shopUrl = uniqueUrl('public');
    await completeSetup(asha, shopUrl);
    const answer = await new Visitor().call<PublicShop>(
      'GET',
      `/shop/${encodeURIComponent(` ${shopUrl.toUpperCase()} `)}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      shopName: 'Asha Styles',
      shopDescription: 'Handpicked kurtas and jewellery from Jaipur',
      shopUrl,
      shopPhotoURL: 'https://images.example/asha.webp',
      socialMedia: {},
      seo: {},
      // No banners yet: the carousel stays hidden.
      banners: { enabled: false, images: [] },
      // No Amazon tag: no Associates disclosure.
      amazonDisclosure: false,
    });
  });

  it('answers from the cache, which every write to the shop clears', async () => {
    const asha = await owner();
    const shopUrl = uniqueUrl('cached');
    await completeSetup(asha, shopUrl);
    const visitor = new Visitor();
    await visitor.call('GET', `/shop/${shopUrl}`);
    expect(await redisKeys(`shop:public:${shopUrl}`)).toHaveLength(1);

    // Changed behind the service's back: a cache hit does not read the database.
    await pgQuery(`UPDATE shop.shops SET shop_name = 'Changed Directly' WHERE shop_url = $1`, [
      shopUrl,
    ]);
    expect((await visitor.call<PublicShop>('GET', `/shop/${shopUrl}`)).body.data.shopName).toBe(
      'Asha Styles',
    );

    // A write through the service clears the entry: the next read shows it.
    await asha.call('PUT', '/shop/settings', { shopName: 'Asha Styles Jaipur' });
    expect((await visitor.call<PublicShop>('GET', `/shop/${shopUrl}`)).body.data.shopName).toBe(
      'Asha Styles Jaipur',
    );

    // Moving to a new URL clears the old one too.
    const moved = uniqueUrl('moved');
    await asha.call('PUT', '/shop/settings', { shopUrl: moved });
    expect((await visitor.call('GET', `/shop/${shopUrl}`)).status).toBe(404);
    expect((await visitor.call<PublicShop>('GET', `/shop/${moved}`)).body.data.shopUrl).toBe(moved);
  });
});

describe('a large shop', () => {
  it('answers a product list bigger than one service message whole, and keeps answering', async () => {
    const asha = await owner();
    const shopUrl = uniqueUrl('large');
    await completeSetup(asha, shopUrl);
    // About 3 MB of products, seeded directly: NATS carries 1 MB in one message.
    const count = 1500;
    await pgQuery(
      `INSERT INTO shop.products (shop_id, short_code, title, description, store_urls, created_at)
       SELECT s.id, 'p-' || i, 'Hand block printed kurta ' || i, repeat('Soft cotton, Jaipur. ', 90),
              '["https://www.amazon.in/dp/B0X", "https://www.flipkart.com/p/x"]',
              now() - i * interval '1 second'
         FROM shop.shops s CROSS JOIN generate_series(1, ${count}) i WHERE s.shop_url = $1`,
      [shopUrl],
    );
    const visitor = new Visitor();
    const list = await visitor.call<Array<{ shortCode: string }>>('GET', `/shop/${shopUrl}/urls`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(count);
    // Newest first, all of them.
    expect(list.body.data[0]!.shortCode).toBe('p-1');
    expect(list.body.data[count - 1]!.shortCode).toBe(`p-${count}`);
    // shop-service is still there for the next reader.
    const product = await visitor.call<{ title: string }>('GET', `/url/shop/${shopUrl}/p-7`);
    expect(product.body.data.title).toBe('Hand block printed kurta 7');
  });
});
