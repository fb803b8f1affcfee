import {
  type Banner,
  type BannersChanged,
  type Caller,
  Events,
  type PublicShop,
  type Shop,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import { ensureMediaStream } from '@kartlink/server-kit';
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
  await ensureMediaStream(await nats.jetstreamManager(), service.config.NATS_SUBJECT_PREFIX);
});
afterAll(async () => {
  await nats?.close();
  await service?.close();
});

async function publicShopOwner() {
  const caller: Caller = { userId: randomUUID(), sessionId: randomUUID(), role: 'user' };
  const shopUrl = `banners-${Date.now().toString(36)}-${randomInt(1e6)}`;
  await service.request<ShopWrite<Shop>>(Subjects.shop.updateSettings, {
    caller,
    body: {
      shopUrl,
      shopName: 'Meera Finds',
      shopDescription: 'Handpicked home decor',
      setupCompleted: true,
      isShopPublic: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    },
  });
  return { caller, shopUrl };
}

const banner = (order: number, alt: string): Banner => {
  const id = randomUUID();
  return { id, url: `/api/banners/${id}`, alt, link: '/summer', order };
};

async function announce(event: Partial<BannersChanged> | string) {
  await nats
    .jetstream()
    .publish(
      `${service.config.NATS_SUBJECT_PREFIX}${Events.bannersChanged}`,
      typeof event === 'string' ? new TextEncoder().encode(event) : JSONCodec().encode(event),
    );
}

const changed = (userId: string, version: number, enabled: boolean, images: Banner[]) => ({
  id: randomUUID(),
  userId,
  version,
  banners: { enabled, images },
  occurredAt: new Date().toISOString(),
});

const publicBanners = async (shopUrl: string) =>
  (await service.request<PublicShop>(Subjects.shop.publicShop, { shopUrl })).banners;

describe("the owner's banners on the public shop", () => {
  it('shows an enabled set in order, ignores an older announcement, and hides a disabled set', async () => {
    const { caller, shopUrl } = await publicShopOwner();
    expect(await publicBanners(shopUrl)).toEqual({ enabled: false, images: [] });

    const sale = banner(1, 'Diwali sale');
    const summer = banner(0, 'Summer edit');
    await announce('not json');
    await announce({ userId: 'not-a-uuid', version: 9 });
    await announce(changed(caller.userId, 2, true, [sale, summer]));
    // The public read is cached: the announcement must clear it, not wait for it to expire.
    await waitFor(async () => (await publicBanners(shopUrl))?.images.length === 2, {
      description: 'the banners on the public shop',
    });
    expect(await publicBanners(shopUrl)).toEqual({ enabled: true, images: [summer, sale] });

    // A late announcement of an older list changes nothing.
    await announce(changed(caller.userId, 1, true, [sale]));
    await announce(changed(caller.userId, 3, false, [sale, summer]));
    await waitFor(async () => (await publicBanners(shopUrl))?.enabled === false, {
      description: 'the disabled set',
    });
    expect(await publicBanners(shopUrl)).toEqual({ enabled: false, images: [] });
    // The owner still sees their whole list, to turn it on again.
    const shop = await service.request<Shop>(Subjects.shop.profile, { caller });
    expect(shop.banners).toEqual({ enabled: false, images: [sale, summer] });
  });
});
