import {
  type AnalyticsResolveAnswer,
  type Caller,
  Events,
  type Product,
  type ProductClicksChanged,
  type ProductPage,
  type Shop,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import { startServiceForTest, waitFor } from '@kartlink/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomInt, randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

let service: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;
let nats: NatsConnection;

beforeAll(async () => {
  service = await startServiceForTest({
    service: 'shop',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
  });
  nats = await connect({ servers: service.config.NATS_URL });
});
afterAll(async () => {
  await nats?.close();
  await service?.close();
});

const callerOf = (): Caller => ({ userId: randomUUID(), sessionId: randomUUID(), role: 'user' });

async function ownerWithShop(...titles: string[]) {
  const caller = callerOf();
  const shopUrl = `refs-${Date.now().toString(36)}-${randomInt(1e6)}`;
  await service.request<ShopWrite<Shop>>(Subjects.shop.updateSettings, {
    caller,
    body: { shopUrl, shopName: 'Meera Finds', shopDescription: 'Handpicked home decor' },
  });
  const products: Product[] = [];
  for (const title of titles) {
    const { result } = await service.request<ShopWrite<Product>>(Subjects.shop.createProduct, {
      caller,
      body: { title, originalURLs: ['amazon.in/dp/B0X', 'flipkart.com/p/x'] },
    });
    products.push(result);
  }
  return { caller, shopUrl, products };
}

describe('what analytics-service learns about shops and products', () => {
  it('names the shop and owner of shop URLs, owners and products; unknown ones are left out', async () => {
    const meera = await ownerWithShop('Block-print kurta');
    const noUrlYet = callerOf();
    await service.request(Subjects.shop.updateSettings, {
      caller: noUrlYet,
      body: { shopName: 'Not yet' },
    });
    const [kurta] = meera.products;
    const answer = await service.request<AnalyticsResolveAnswer>(Subjects.shop.analyticsResolve, {
      shopUrls: [meera.shopUrl.toUpperCase(), 'no-such-shop'],
      ownerUserIds: [noUrlYet.userId, 'not-a-uuid'],
      productIds: [kurta.id, randomUUID(), 'not-a-uuid'],
    });
    const shopId = answer.shops[0]?.shopId;
    expect(answer).toEqual({
      shops: [
        { shopId: expect.any(String), shopUrl: meera.shopUrl, ownerUserId: meera.caller.userId },
      ],
      products: [
        {
          productId: kurta.id,
          shopId,
          ownerUserId: meera.caller.userId,
          title: 'Block-print kurta',
          shortCode: kurta.shortCode,
        },
      ],
    });
    const byOwner = await service.request<AnalyticsResolveAnswer>(Subjects.shop.analyticsResolve, {
      ownerUserIds: [meera.caller.userId],
    });
    expect(byOwner.shops).toEqual(answer.shops);
  });
});

describe('click totals from analytics-service', () => {
  const announce = async (total: Partial<ProductClicksChanged> | string) => {
    const js = nats.jetstream();
    await js.publish(
      `${service.config.NATS_SUBJECT_PREFIX}${Events.productClicks}`,
      typeof total === 'string' ? new TextEncoder().encode(total) : JSONCodec().encode(total),
    );
  };
  const clicksIn = async (caller: Caller) => {
    const page = await service.request<ProductPage>(Subjects.shop.listProducts, {
      caller,
      query: {},
    });
    return Object.fromEntries(page.items.map((p) => [p.title, p.clicks]));
  };

  it("sets the owner's product clicks, and a late older total changes nothing", async () => {
    const { caller, products } = await ownerWithShop('Kurta', 'Tote');
    const [kurta, tote] = products;
    await announce('not json');
    await announce({ productId: kurta.id, clicks: 7 });
    await announce({ productId: tote.id, clicks: 2 });
    await waitFor(async () => (await clicksIn(caller)).Tote === 2, {
      description: 'the totals to be applied',
    });
    await announce({ productId: kurta.id, clicks: 5 });
    await announce({ productId: tote.id, clicks: 3 });
    await waitFor(async () => (await clicksIn(caller)).Tote === 3, {
      description: 'the newer total',
    });
    expect(await clicksIn(caller)).toEqual({ Kurta: 7, Tote: 3 });
  });
});
