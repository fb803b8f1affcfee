import {
  type Caller,
  Events,
  type Product,
  type Shop,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import { startServiceForTest } from '@kartlink/testing';
import type { Redis } from 'ioredis';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomInt, randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';
import { REDIS } from '../src/redis.provider';

// Scheduled products in shop-service: the Redis copies of public reads are kept no longer
// than the next start or end, and the schedule watch clears a shop's reads (Redis and every
// gateway, through the change event) once one has passed.

let service: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;
let nats: NatsConnection;
let redis: Redis;

beforeAll(async () => {
  service = await startServiceForTest({
    service: 'shop',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
  });
  nats = await connect({ servers: service.config.NATS_URL });
  redis = service.app.get<Redis>(REDIS);
});
afterAll(async () => {
  await nats?.close();
  await service?.close();
});

const STORES = ['amazon.in/dp/B0X', 'flipkart.com/p/x'];
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function ownerWithShop() {
  const caller: Caller = { userId: randomUUID(), sessionId: randomUUID(), role: 'user' };
  const shopUrl = `sched-${Date.now().toString(36)}-${randomInt(1e6)}`;
  await service.request<ShopWrite<Shop>>(Subjects.shop.updateSettings, {
    caller,
    body: { shopUrl, shopName: 'Meera Finds', isShopPublic: true },
  });
  const create = async (title: string, body: object = {}) =>
    (
      await service.request<ShopWrite<Product>>(Subjects.shop.createProduct, {
        caller,
        body: { title, originalURLs: STORES, ...body },
      })
    ).result;
  return { shopUrl, create };
}

/** The whole public list, as kept in Redis (its text) under shop:product-list:{shopUrl}. */
const listTitles = async (shopUrl: string) =>
  (await service.request<Product[]>(Subjects.shop.publicProducts, { shopUrl })).map((p) => p.title);

const publicProduct = (shopUrl: string, shortCode: string) =>
  service.request<Product>(Subjects.shop.publicProduct, { shopUrl, shortCode });

describe('cached public reads of a shop with scheduled products', () => {
  it('are kept in Redis no longer than the next start or end', async () => {
    const { shopUrl, create } = await ownerWithShop();
    const soon = await create('Drop', { startsAt: inSeconds(30) });
    const always = await create('Always');
    const over = await create('Over', { endsAt: inSeconds(-60), endedMessage: 'Sold out!' });

    expect(await listTitles(shopUrl)).toEqual(['Always']);
    const listTtl = await redis.ttl(`shop:product-list:${shopUrl}`);
    expect(listTtl).toBeGreaterThan(0);
    expect(listTtl).toBeLessThanOrEqual(30);

    await expect(publicProduct(shopUrl, soon.shortCode)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(publicProduct(shopUrl, over.shortCode)).rejects.toMatchObject({
      code: 'PRODUCT_ENDED',
      message: 'Sold out!',
    });
    expect((await publicProduct(shopUrl, always.shortCode)).title).toBe('Always');
    // Written without waiting: looked at once they are there.
    const ttlOf = async (code: string) => {
      for (let i = 0; i < 50; i += 1) {
        const ttl = await redis.ttl(`shop:product:${shopUrl}:${code}`);
        if (ttl > 0) return ttl;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return -1;
    };
    const soonTtl = await ttlOf(soon.shortCode);
    expect(soonTtl).toBeGreaterThan(0);
    expect(soonTtl).toBeLessThanOrEqual(30);
    // Nothing scheduled ahead: the usual safety net.
    expect(await ttlOf(always.shortCode)).toBeGreaterThan(500);
    expect(await ttlOf(over.shortCode)).toBeGreaterThan(500);
  });

  it('are cleared everywhere by the schedule watch once a start passes', async () => {
    const { shopUrl, create } = await ownerWithShop();
    const startsAt = Date.now() + 2000;
    await create('Drop', { startsAt: new Date(startsAt).toISOString() });
    expect(await listTitles(shopUrl)).toEqual([]);

    const codec = JSONCodec<{ data?: { shopUrl?: string } }>();
    const heard = new Promise<number>((resolve) => {
      const subscription = nats.subscribe(
        `${service.config.NATS_SUBJECT_PREFIX}${Events.shopChanged}`,
        {
          callback: (_err, message) => {
            if (codec.decode(message.data).data?.shopUrl !== shopUrl) return;
            subscription.unsubscribe();
            resolve(Date.now());
          },
        },
      );
    });
    const at = await heard;
    // No write: heard from the watch, after the start and within its round (5 s) of it.
    expect(at).toBeGreaterThanOrEqual(startsAt);
    expect(at - startsAt).toBeLessThan(7_000);
    expect(await listTitles(shopUrl)).toEqual(['Drop']);
  }, 20_000);
});
