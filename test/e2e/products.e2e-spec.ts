import type {
  AuthUser,
  Product,
  ProductPage,
  ProductQuota,
  PublicProduct,
  Shop,
  ShopStats,
} from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { signUp, Visitor } from '../support/auth-client';

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

/** An owner whose shop is set up and public. */
async function shopOwner() {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = uniqueUrl('store');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, email, shopUrl };
}

const kurta = {
  title: 'Block-print cotton kurta',
  description: 'Hand block-printed in Jaipur',
  price: 1299,
  brand: 'Meera',
  originalURLs: [
    'amazon.in/dp/B0KURTA',
    'https://www.myntra.com/kurta/123',
    'javascript:https://shop.example.co.in/kurta',
  ],
};

describe('product links', () => {
  it('creates a link with stores named from their hosts and a generated code', async () => {
    const { owner, shopUrl } = await shopOwner();
    const created = await owner.post<Product>('/urls', kurta);
    expect(created.status).toBe(201);
    const product = created.body.data;
    expect(product.shortCode).toMatch(/^[2-9a-hjkmnp-z]{7}$/);
    expect(product).toMatchObject({
      title: 'Block-print cotton kurta',
      price: 1299,
      clicks: 0,
      showOnShop: true,
      platforms: ['Amazon', 'Myntra', 'Example'],
      originalURLs: [
        'https://amazon.in/dp/B0KURTA',
        'https://www.myntra.com/kurta/123',
        'https://shop.example.co.in/kurta',
      ],
      shortUrl: expect.stringMatching(new RegExp(`/${shopUrl}/${product.shortCode}$`)),
    });
  });

  it('refuses bad links with clear messages and stores nothing', async () => {
    const { owner, shopUrl } = await shopOwner();
    const refused = async (body: object) => (await owner.post('/urls', body)).body.errors;
    expect(await refused({ ...kurta, originalURLs: ['amazon.in/x'] })).toEqual([
      { path: 'originalURLs', msg: 'Please add at least 2 store links' },
    ]);
    expect(await refused({ ...kurta, originalURLs: Array(8).fill('amazon.in/x') })).toEqual([
      { path: 'originalURLs', msg: 'You can add at most 7 store links' },
    ]);
    expect(
      await refused({ ...kurta, originalURLs: ['amazon.in/x', 'ftp://files.example.com/x'] }),
    ).toEqual([{ path: 'originalURLs', msg: 'Store link 2 is not a valid http or https address' }]);
    expect(await refused({ ...kurta, shortCode: 'Summer Sale' })).toEqual([
      {
        path: 'shortCode',
        msg: 'Short code can only contain lowercase letters, numbers, and hyphens',
      },
    ]);
    expect(await refused({ ...kurta, price: -5 })).toEqual([
      { path: 'price', msg: 'Price must be a positive amount in rupees' },
    ]);
    const rows = await pgQuery(
      'SELECT p.id FROM shop.products p JOIN shop.shops s ON s.id = p.shop_id WHERE s.shop_url = $1',
      [shopUrl],
    );
    expect(rows).toHaveLength(0);
  });

  it('keeps a chosen short code unique within the shop, even for two claims at once', async () => {
    const { owner } = await shopOwner();
    const answers = await Promise.all([
      owner.post('/urls', { ...kurta, shortCode: 'summer-kurta' }),
      owner.post('/urls', { ...kurta, shortCode: 'summer-kurta' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body.error).toBe(
      'This short code is already used in your shop. Please choose another.',
    );
    // Another shop may use the same code.
    const { owner: other } = await shopOwner();
    expect((await other.post('/urls', { ...kurta, shortCode: 'summer-kurta' })).status).toBe(201);
  });

  it('pages through a long list newest first, searched or not, a literal % matching itself', async () => {
    const { owner, shopUrl } = await shopOwner();
    // 45 products seeded directly, one a minute: p-1 the newest.
    await pgQuery(
      `INSERT INTO shop.products (shop_id, short_code, title, brand, store_urls, created_at)
       SELECT s.id, 'p-' || i, CASE WHEN i % 3 = 0 THEN 'Brass lamp ' ELSE 'Cotton kurta ' END || i,
              CASE WHEN i = 44 THEN '100% Brass' END,
              '["https://www.amazon.in/dp/B0X", "https://www.flipkart.com/p/x"]',
              now() - i * interval '1 minute'
         FROM shop.shops s CROSS JOIN generate_series(1, 45) i WHERE s.shop_url = $1`,
      [shopUrl],
    );
    const codes = (page: ProductPage) => page.items.map((p) => p.shortCode);
    const second = (await owner.call<ProductPage>('GET', '/urls?page=2&limit=20')).body.data;
    expect(second.total).toBe(45);
    expect(codes(second)).toEqual(Array.from({ length: 20 }, (_, i) => `p-${21 + i}`));
    const last = (await owner.call<ProductPage>('GET', '/urls?page=3&limit=20')).body.data;
    expect(codes(last)).toEqual(['p-41', 'p-42', 'p-43', 'p-44', 'p-45']);

    // Lamps are every third product: 15 of them, the second page of 10 holds the last 5.
    const lamps = (await owner.call<ProductPage>('GET', '/urls?search=LAMP&page=2&limit=10')).body
      .data;
    expect(lamps.total).toBe(15);
    expect(codes(lamps)).toEqual(['p-33', 'p-36', 'p-39', 'p-42', 'p-45']);
    const percent = (await owner.call<ProductPage>('GET', '/urls?search=0%25')).body.data;
    expect(codes(percent)).toEqual(['p-44']);
  });

  it('lists, searches, edits, hides and deletes the owner’s links', async () => {
    const { owner } = await shopOwner();
    await owner.post('/urls', kurta);
    const jhumka = (
      await owner.post<Product>('/urls', {
        ...kurta,
        title: 'Oxidised silver jhumkas',
        brand: 'Silverline',
      })
    ).body.data;
    const all = (await owner.call<ProductPage>('GET', '/urls?page=1&limit=10')).body.data;
    expect(all.total).toBe(2);
    expect(all.items[0].id).toBe(jhumka.id);
    const found = (await owner.call<ProductPage>('GET', '/urls?search=silver')).body.data;
    expect(found.items.map((p) => p.title)).toEqual(['Oxidised silver jhumkas']);

    const edited = await owner.call<Product>('PATCH', `/urls/${jhumka.id}`, {
      price: 449.5,
      shortCode: 'jhumkas',
    });
    expect(edited.body.data).toMatchObject({ price: 449.5, shortCode: 'jhumkas' });
    const hidden = await owner.call<Product>('PATCH', `/urls/${jhumka.id}/show-on-shop`, {
      showOnShop: false,
    });
    expect(hidden.body.data.showOnShop).toBe(false);
    expect((await owner.call('DELETE', `/urls/${jhumka.id}`)).status).toBe(200);
    expect((await owner.call('GET', `/urls/${jhumka.id}`)).status).toBe(404);
  });

  it('answers 404 to another owner for every write and read of these ids', async () => {
    const { owner } = await shopOwner();
    const { owner: intruder } = await shopOwner();
    const product = (await owner.post<Product>('/urls', kurta)).body.data;
    const attempts = await Promise.all([
      intruder.call('GET', `/urls/${product.id}`),
      intruder.call('PATCH', `/urls/${product.id}`, { title: 'Mine now' }),
      intruder.call('PATCH', `/urls/${product.id}/show-on-shop`, { showOnShop: false }),
      intruder.call('DELETE', `/urls/${product.id}`),
      intruder.call('GET', '/urls/not-a-uuid'),
    ]);
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await owner.call<Product>('GET', `/urls/${product.id}`)).body.data).toMatchObject({
      title: kurta.title,
      showOnShop: true,
    });
  });

  it('stops a free shop at 25 products with the Premium message, and lets Premium go on', async () => {
    const { owner, email } = await shopOwner();
    const quota = async () => (await owner.call<ProductQuota>('GET', '/urls/quota')).body.data;
    expect(await quota()).toEqual({ used: 0, limit: 25 });
    for (let i = 0; i < 25; i += 1) {
      expect((await owner.post('/urls', { ...kurta, title: `Product ${i}` })).status).toBe(201);
    }
    // The owner can see the plan is full before filling a form.
    expect(await quota()).toEqual({ used: 25, limit: 25 });
    const over = await owner.post('/urls', { ...kurta, title: 'One too many' });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      errorCode: 'PRODUCT_LIMIT_EXCEEDED',
      error: 'Upgrade to Premium for unlimited products',
    });
    // Only an admin moves a user to Premium (the route does not exist for anyone else).
    expect((await owner.call('PUT', '/admin/users/plan', { email, plan: 'premium' })).status).toBe(
      404,
    );
    const admin = new Visitor();
    const { email: adminEmail } = await signUp(admin);
    await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    const upgraded = await admin.call<AuthUser>('PUT', '/admin/users/plan', {
      email,
      plan: 'premium',
    });
    expect(upgraded.body.data).toMatchObject({ email, plan: 'premium' });
    expect(await quota()).toEqual({ used: 25, limit: null });
    expect((await owner.post('/urls', { ...kurta, title: 'Premium product' })).status).toBe(201);
    expect(await quota()).toEqual({ used: 26, limit: null });
    // Each owner sees their own shop's figures only.
    expect(await new Visitor().call('GET', '/urls/quota').then((a) => a.status)).toBe(401);
    const { owner: other } = await shopOwner();
    expect((await other.call<ProductQuota>('GET', '/urls/quota')).body.data).toEqual({
      used: 0,
      limit: 25,
    });
  });
});

describe('link creation pace', () => {
  it('answers 429 with its own message when links are created too quickly', async () => {
    const { owner } = await shopOwner();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 31; i += 1) {
      last = await owner.post('/urls', { title: '' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.error).toBe(
      'You are creating links too quickly. Please wait a moment and try again.',
    );
  });
});

describe('public product reads', () => {
  it('shows the shop’s visible products and one product with its stores, from a cache writes clear', async () => {
    const { owner, shopUrl } = await shopOwner();
    const shown = (await owner.post<Product>('/urls', kurta)).body.data;
    const hidden = (
      await owner.post<Product>('/urls', { ...kurta, title: 'Draft', showOnShop: false })
    ).body.data;
    const visitor = new Visitor();

    const list = await visitor.call<PublicProduct[]>('GET', `/shop/${shopUrl}/urls`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.id)).toEqual([shown.id]);
    expect(list.body.data[0]).not.toHaveProperty('clicks');

    expect((await visitor.call<ShopStats>('GET', `/shop/${shopUrl}/stats`)).body.data).toEqual({
      productCount: 1,
    });

    const one = await visitor.call<PublicProduct>(
      'GET',
      `/url/shop/${shopUrl.toUpperCase()}/${shown.shortCode}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.data.stores.map((s) => [s.vendor, s.key])).toEqual([
      ['Amazon', 'amazon'],
      ['Myntra', 'myntra'],
      ['Example', 'web'],
    ]);

    await owner.call('PATCH', `/urls/${hidden.id}/show-on-shop`, { showOnShop: true });
    await owner.call('PATCH', `/urls/${shown.id}`, { title: 'Block-print kurta (new colours)' });
    const after = (await visitor.call<PublicProduct[]>('GET', `/shop/${shopUrl}/urls`)).body.data;
    expect(after.map((p) => p.title).sort()).toEqual(['Block-print kurta (new colours)', 'Draft']);
    expect(
      (await visitor.call<PublicProduct>('GET', `/url/shop/${shopUrl}/${shown.shortCode}`)).body
        .data.title,
    ).toBe('Block-print kurta (new colours)');

    expect((await visitor.call('GET', `/url/shop/${shopUrl}/nope-nope`)).body.error).toBe(
      'This product link does not exist or has been removed.',
    );
    await owner.call('PUT', '/shop/settings', { isShopPublic: false });
    const privateRead = await visitor.call('GET', `/url/shop/${shopUrl}/${shown.shortCode}`);
    expect(privateRead.status).toBe(403);
    expect(privateRead.body.error).toContain('private');
  });
});

describe('public product list in pages', () => {
  it('pages the shown products with limit and after, newest first, as the whole list orders them', async () => {
    const { owner, shopUrl } = await shopOwner();
    for (let i = 1; i <= 7; i += 1)
      await owner.post<Product>('/urls', { ...kurta, title: `Kurta ${i}`, showOnShop: i !== 4 });
    const visitor = new Visitor();
    const whole = (await visitor.call<PublicProduct[]>('GET', `/shop/${shopUrl}/urls`)).body.data;
    expect(whole.map((p) => p.title)).toEqual([
      'Kurta 7',
      'Kurta 6',
      'Kurta 5',
      'Kurta 3',
      'Kurta 2',
      'Kurta 1',
    ]);

    const pages: PublicProduct[][] = [];
    let after = '';
    for (;;) {
      const page = await visitor.call<PublicProduct[]>(
        'GET',
        `/shop/${shopUrl}/urls?limit=4${after ? `&after=${after}` : ''}`,
      );
      expect(page.status).toBe(200);
      pages.push(page.body.data);
      if (page.body.data.length < 4) break;
      after = page.body.data[3]!.id;
    }
    expect(pages.map((page) => page.length)).toEqual([4, 2]);
    expect(pages.flat()).toEqual(whole);
    expect(pages[0]![0]).not.toHaveProperty('clicks');

    // A write shows at once on the pages too.
    const newest = (await owner.post<Product>('/urls', { ...kurta, title: 'Kurta 8' })).body.data;
    const first = await visitor.call<PublicProduct[]>('GET', `/shop/${shopUrl}/urls?limit=4`);
    expect(first.body.data.map((p) => p.id)[0]).toBe(newest.id);

    // A cursor naming no product of this shop: an empty page.
    const unknown = await visitor.call<PublicProduct[]>(
      'GET',
      `/shop/${shopUrl}/urls?limit=4&after=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'limit=4&after=nope']) {
      const refused = await visitor.call('GET', `/shop/${shopUrl}/urls?${query}`);
      expect([query, refused.status]).toEqual([query, 400]);
    }

    await owner.call('PUT', '/shop/settings', { isShopPublic: false });
    const privatePage = await visitor.call('GET', `/shop/${shopUrl}/urls?limit=4`);
    expect(privatePage.status).toBe(403);
    expect(privatePage.body.error).toContain('private');
  });
});
