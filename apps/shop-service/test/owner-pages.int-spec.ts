import {
  type Caller,
  Events,
  type Product,
  type ProductPage,
  type PublicProduct,
  readProductListText,
  type Shop,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import { createLogger, NatsRequester } from '@kartlink/server-kit';
import { startServiceForTest, waitFor } from '@kartlink/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomInt, randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

let service: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;
let nats: NatsConnection;
/** Asks as the gateway does (the whole list's text comes in pieces). */
let requester: NatsRequester;

beforeAll(async () => {
  service = await startServiceForTest({
    service: 'shop',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
  });
  nats = await connect({ servers: service.config.NATS_URL });
  requester = NatsRequester.connect({
    url: service.config.NATS_URL,
    name: 'owner-pages-test',
    subjectPrefix: service.config.NATS_SUBJECT_PREFIX,
    timeoutMs: 5000,
    logger: createLogger('owner-pages-test', 'warn'),
  });
});
afterAll(async () => {
  await requester?.close();
  await nats?.close();
  await service?.close();
});

const callerOf = (): Caller => ({ userId: randomUUID(), sessionId: randomUUID(), role: 'user' });
const uniqueUrl = (name: string) => `${name}-${Date.now().toString(36)}-${randomInt(1e6)}`;
const STORES = ['amazon.in/dp/B0X', 'flipkart.com/p/x'];

async function ownerWithShop(...titles: string[]) {
  const caller = callerOf();
  const shopUrl = uniqueUrl('pages');
  await service.request<ShopWrite<Shop>>(Subjects.shop.updateSettings, {
    caller,
    body: { shopUrl, shopName: 'Meera Finds', isShopPublic: true },
  });
  const products: Product[] = [];
  for (const title of titles) products.push(await create(caller, title));
  return { caller, shopUrl, products };
}

async function create(caller: Caller, title: string) {
  const { result } = await service.request<ShopWrite<Product>>(Subjects.shop.createProduct, {
    caller,
    body: { title, originalURLs: STORES },
  });
  return result;
}

const list = (caller: Caller, query: Record<string, unknown> = {}) =>
  service.request<ProductPage>(Subjects.shop.listProducts, { caller, query });
const titles = async (caller: Caller, query: Record<string, unknown> = {}) =>
  (await list(caller, query)).items.map((p) => p.title);

describe("the owner's product pages, kept between reads", () => {
  it('show each change at once: created, changed, hidden, deleted, and a new shop URL', async () => {
    const { caller, products } = await ownerWithShop('Kurta', 'Tote');
    const [kurta, tote] = products;
    expect(await titles(caller)).toEqual(['Tote', 'Kurta']);
    expect(await titles(caller, { search: 'kur' })).toEqual(['Kurta']);
    expect((await list(caller, { limit: 1, page: 2 })).items.map((p) => p.title)).toEqual([
      'Kurta',
    ]);

    await create(caller, 'Kurta set');
    expect(await titles(caller)).toEqual(['Kurta set', 'Tote', 'Kurta']);
    expect(await list(caller, { search: 'kur' })).toMatchObject({ total: 2 });

    await service.request(Subjects.shop.updateProduct, {
      caller,
      id: kurta!.id,
      body: { title: 'Silk kurta', showOnShop: false },
    });
    const changed = (await list(caller, { search: 'kur' })).items;
    expect(changed.map((p) => [p.title, p.showOnShop])).toEqual([
      ['Kurta set', true],
      ['Silk kurta', false],
    ]);

    await service.request(Subjects.shop.deleteProduct, { caller, id: tote!.id });
    expect(await titles(caller)).toEqual(['Kurta set', 'Silk kurta']);

    const newUrl = uniqueUrl('moved');
    await service.request(Subjects.shop.updateSettings, { caller, body: { shopUrl: newUrl } });
    const moved = await list(caller);
    expect(moved.items.every((p) => p.shortUrl.includes(`/${newUrl}/`))).toBe(true);
  });

  it("show a product's new click count", async () => {
    const { caller, products } = await ownerWithShop('Lamp');
    expect((await list(caller)).items[0]!.clicks).toBe(0);
    await nats
      .jetstream()
      .publish(
        `${service.config.NATS_SUBJECT_PREFIX}${Events.productClicks}`,
        JSONCodec().encode({ productId: products[0]!.id, clicks: 5 }),
      );
    await waitFor(async () => (await list(caller)).items[0]!.clicks === 5, {
      description: 'the new total in the owner’s list',
    });
  });

  it("are each owner's own", async () => {
    const asha = await ownerWithShop('Saree');
    const meera = await ownerWithShop('Mug');
    expect(await titles(asha.caller)).toEqual(['Saree']);
    expect(await titles(meera.caller)).toEqual(['Mug']);
  });
});

describe("a public shop's whole list as text", () => {
  const text = (shopUrl: string) =>
    requester.request<PublicProduct[]>(Subjects.shop.publicProducts, { shopUrl });

  it('is the list visitors see, with each code and end, and follows every change', async () => {
    const { caller, shopUrl, products } = await ownerWithShop('Kurta', 'Tote');
    const read = async () => {
      const whole = readProductListText(
        await requester.requestText(Subjects.shop.publicProductListText, { shopUrl }),
      );
      expect(JSON.parse(whole.json)).toEqual(await text(shopUrl));
      whole.ends.forEach((end, i) =>
        expect(JSON.parse(whole.json.slice(i === 0 ? 1 : whole.ends[i - 1]! + 1, end))).toEqual(
          expect.objectContaining({ shortCode: whole.codes[i] }),
        ),
      );
      return whole.codes;
    };
    expect(await read()).toEqual([products[1]!.shortCode, products[0]!.shortCode]);
    await service.request(Subjects.shop.updateProduct, {
      caller,
      id: products[1]!.id,
      body: { showOnShop: false },
    });
    expect(await read()).toEqual([products[0]!.shortCode]);
    const lamp = await create(caller, 'Lamp');
    expect(await read()).toEqual([lamp.shortCode, products[0]!.shortCode]);
    await service.request(Subjects.shop.deleteProduct, { caller, id: products[0]!.id });
    expect(await read()).toEqual([lamp.shortCode]);
    await service.request(Subjects.shop.updateSettings, {
      caller,
      body: { shopName: 'Meera Finds & Co' },
    });
    await service.request(Subjects.shop.updateProduct, {
      caller,
      id: products[1]!.id,
      body: { showOnShop: true },
    });
    expect(await read()).toEqual([lamp.shortCode, products[1]!.shortCode]);
    await service.request(Subjects.shop.updateSettings, { caller, body: { isShopPublic: false } });
    await expect(
      requester.requestText(Subjects.shop.publicProductListText, { shopUrl }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
