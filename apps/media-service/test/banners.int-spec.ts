import {
  type Banner,
  type BannerIngestRequest,
  type BannerList,
  BannerMessages,
  type BannersChanged,
  BlobKeys,
  ErrorCode,
  Events,
  mediaStreamName,
  ShopMessages,
  Subjects,
} from '@kartlink/contracts';
import type { INestMicroservice } from '@nestjs/common';
import { decodedOrNull, pgQuery, readTestEnv, waitFor } from '@kartlink/testing';
import { AckPolicy, DeliverPolicy, JSONCodec } from 'nats';
import { readBlob } from '@kartlink/server-kit';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  ownersWithShop,
  startStandInShops,
  RunningMedia,
  startMediaService,
  TestBlobs,
} from './support/media-harness';
import { sampleGif, sampleJpeg, samplePng, sampleWebp } from './support/sample-images';

// Each banner's variants (thumbnail, medium, WebP copies) are made by the background job: a
// test that waits for them, beside the other test files, takes longer than Jest's 5 s.
jest.setTimeout(60_000);

let running: RunningMedia;
let shops: INestMicroservice;
let blobs: TestBlobs;

beforeAll(async () => {
  shops = await startStandInShops();
  running = await startMediaService();
  blobs = await TestBlobs.open();
}, 30_000);

afterAll(async () => {
  await blobs?.close();
  await running?.close();
  await shops?.close();
});

/** A new owner with a shop (as shop-service answers). */
function owner() {
  const userId = randomUUID();
  ownersWithShop.add(userId);
  return { userId };
}

type Caller = { userId: string };
const ask = <T>(subject: string, payload: object) => running.request<T>(subject, payload);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: Record<string, unknown>) => err,
  );

async function upload(
  caller: Caller,
  files: Array<[Buffer, string]>,
  details?: BannerIngestRequest['details'],
) {
  const uploads = await Promise.all(files.map(([bytes, name]) => blobs.incoming(bytes, name)));
  return {
    uploads,
    answer: ask<Banner[]>(Subjects.media.uploadBanners, {
      caller,
      uploads,
      ...(details ? { details } : {}),
    } satisfies BannerIngestRequest),
  };
}

async function three(caller: Caller) {
  const files: Array<[Buffer, string]> = [
    [await sampleJpeg(900, 300), 'one.jpg'],
    [await samplePng(900, 300), 'two.png'],
    [await sampleWebp(900, 300), 'three.webp'],
  ];
  return (await upload(caller, files)).answer;
}

const list = (caller: Caller) => ask<BannerList>(Subjects.media.listBanners, { caller });

describe('media-service banners', () => {
  it('stores a banner with its alt, link and order, served at its own address', async () => {
    const caller = owner();
    const { answer, uploads } = await upload(caller, [[await sampleJpeg(1200, 400), 'sale.jpg']], {
      alt: 'Diwali sale',
      link: '/sale',
      order: 0,
    });
    const [banner] = await answer;
    expect(banner).toEqual({
      id: expect.any(String),
      url: `/api/banners/${banner!.id}`,
      alt: 'Diwali sale',
      link: '/sale',
      order: 0,
    });
    expect(await blobs.store.stat(BlobKeys.image(banner!.id, 'primary'))).toMatchObject({
      contentType: 'image/jpeg',
      metadata: { kind: 'banner' },
    });
    expect(await blobs.store.stat(uploads[0]!.key)).toBeNull();
    expect(await list(caller)).toEqual({ enabled: true, images: [banner] });
  });

  it('makes a phone-sized medium variant of each banner, 720 px wide', async () => {
    const caller = owner();
    const [banner] = await three(caller);
    const medium = await waitFor(
      () => readBlob(blobs.store, BlobKeys.image(banner!.id, 'medium')).then((b) => b ?? undefined),
      { timeoutMs: 30_000, description: 'the medium variant' },
    );
    const meta = await sharp(medium).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 720, 240]);
    expect(await blobs.store.stat(BlobKeys.image(banner!.id, 'medium'))).toMatchObject({
      metadata: { kind: 'banner' },
    });
  });

  it('takes only the first 3 files of a multiple upload, in their order', async () => {
    const caller = owner();
    const files: Array<[Buffer, string]> = [];
    for (let i = 0; i < 5; i += 1) files.push([await sampleJpeg(600 + i, 200), `b${i}.jpg`]);
    const { answer, uploads } = await upload(caller, files);
    const made = await answer;
    expect(made.map((b) => b.order)).toEqual([0, 1, 2]);
    expect((await list(caller)).images.map((b) => b.id)).toEqual(made.map((b) => b.id));
    for (const { key } of uploads) expect(await blobs.store.stat(key)).toBeNull();
    expect(await blobs.orphans()).toEqual([]);
  });

  it('refuses a GIF with the banner message, and keeps none of a batch with one bad file', async () => {
    const caller = owner();
    const gif = await refusal((await upload(caller, [[await sampleGif(), 'a.gif']])).answer);
    expect(gif).toMatchObject({
      code: ErrorCode.UNSUPPORTED_TYPE,
      message: BannerMessages.invalidType,
    });
    const batch = await refusal(
      (
        await upload(caller, [
          [await sampleJpeg(), 'ok.jpg'],
          [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'.repeat(4)), 'x.png'],
        ])
      ).answer,
    );
    expect(batch).toMatchObject({ code: ErrorCode.UNSUPPORTED_TYPE });
    expect((await list(caller)).images).toEqual([]);
    expect(await blobs.orphans()).toEqual([]);
  });

  it.each([
    [{ alt: 5 }, 'alt', BannerMessages.altNotString],
    [{ link: 'ftp://x.example' }, 'link', BannerMessages.linkInvalid],
    [{ link: 'http://' }, 'link', BannerMessages.invalidUrlFormat],
    [{ link: '//evil.example' }, 'link', BannerMessages.linkInvalid],
    [{ order: -1 }, 'order', BannerMessages.orderInvalid],
    [{ order: 1.5 }, 'order', BannerMessages.orderInvalid],
  ])('refuses an upload with %j: %s', async (details, path, message) => {
    const caller = owner();
    const { answer, uploads } = await upload(
      caller,
      [[await sampleJpeg(), 'b.jpg']],
      details as BannerIngestRequest['details'],
    );
    expect(await refusal(answer)).toMatchObject({
      code: ErrorCode.VALIDATION_ERROR,
      message,
      details: { errors: [{ path, msg: message }] },
    });
    expect(await blobs.store.stat(uploads[0]!.key)).toBeNull();
    expect((await list(caller)).images).toEqual([]);
  });

  it('updates alt, link and order with the same rules', async () => {
    const caller = owner();
    const [banner, second, third] = await three(caller);
    // The order is a place in the list: past the end is last, and the others close up.
    const updated = await ask<Banner>(Subjects.media.updateBanner, {
      caller,
      id: banner!.id,
      body: { alt: 'New text', link: 'https://shop.example/new', order: 7 },
    });
    expect(updated).toMatchObject({ alt: 'New text', link: 'https://shop.example/new', order: 2 });
    const orderOf = async () => (await list(caller)).images.map((image) => [image.id, image.order]);
    expect(await orderOf()).toEqual([
      [second!.id, 0],
      [third!.id, 1],
      [banner!.id, 2],
    ]);
    // Moved to the front, it pushes the others back.
    await ask<Banner>(Subjects.media.updateBanner, { caller, id: third!.id, body: { order: 0 } });
    expect(await orderOf()).toEqual([
      [third!.id, 0],
      [second!.id, 1],
      [banner!.id, 2],
    ]);
    // A new banner uploaded at a place takes it the same way.
    const [added] = await (
      await upload(caller, [[await sampleJpeg(900, 300), 'new.jpg']], { order: 1 })
    ).answer;
    expect(added).toMatchObject({ order: 1 });
    expect(await orderOf()).toEqual([
      [third!.id, 0],
      [added!.id, 1],
      [second!.id, 2],
      [banner!.id, 3],
    ]);
    expect(
      await refusal(
        ask(Subjects.media.updateBanner, {
          caller,
          id: banner!.id,
          body: { link: 'javascript:x' },
        }),
      ),
    ).toMatchObject({ message: BannerMessages.linkInvalid });
    expect(
      await refusal(ask(Subjects.media.updateBanner, { caller, id: banner!.id, body: {} })),
    ).toMatchObject({ message: BannerMessages.nothingToUpdate });
    expect(
      await refusal(ask(Subjects.media.updateBanner, { caller, id: ' ', body: { alt: 'x' } })),
    ).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, message: BannerMessages.invalidId });
  });

  it("answers another owner's banner as not found, and leaves it as it was", async () => {
    const asha = owner();
    const ravi = owner();
    const [banner] = await three(asha);
    for (const [subject, payload] of [
      [Subjects.media.updateBanner, { caller: ravi, id: banner!.id, body: { alt: 'mine' } }],
      [Subjects.media.deleteBanner, { caller: ravi, id: banner!.id }],
      [Subjects.media.deleteBanner, { caller: ravi, id: randomUUID() }],
    ] as const)
      expect(await refusal(ask(subject, payload))).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        message: BannerMessages.notFound,
      });
    expect((await list(asha)).images[0]).toEqual(banner);
    // A banner is not a photo: the photo delete does not reach it either.
    expect(
      await refusal(ask(Subjects.media.deleteImage, { caller: asha, id: banner!.id })),
    ).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('deletes a banner with its blobs, and the rest close up', async () => {
    const caller = owner();
    const made = await three(caller);
    await ask(Subjects.media.deleteBanner, { caller, id: made[0]!.id });
    const after = await list(caller);
    expect(after.images.map((b) => [b.id, b.order])).toEqual([
      [made[1]!.id, 0],
      [made[2]!.id, 1],
    ]);
    // The blobs go in the background, behind the other tests' image work on a busy machine.
    // This banner's own: other test files' uploads in flight are blobs without a row too.
    const deleted = made[0]!.id;
    await waitFor(async () => !(await blobs.keys()).some((key) => key.includes(deleted)), {
      timeoutMs: 30_000,
      description: 'no blob left of the deleted banner',
    });
    expect(await blobs.store.stat(BlobKeys.image(made[0]!.id, 'primary'))).toBeNull();
    expect(await pgQuery('SELECT id FROM media.images WHERE id = $1', [made[0]!.id])).toEqual([]);
  });

  it('turns the whole set off and on', async () => {
    const caller = owner();
    await three(caller);
    const off = await ask<BannerList>(Subjects.media.toggleBanners, {
      caller,
      body: { enabled: false },
    });
    expect(off.enabled).toBe(false);
    expect(off.images).toHaveLength(3);
    expect((await list(caller)).enabled).toBe(false);
    expect(
      await refusal(ask(Subjects.media.toggleBanners, { caller, body: { enabled: 'yes' } })),
    ).toMatchObject({
      code: ErrorCode.VALIDATION_ERROR,
      message: BannerMessages.enabledNotBoolean,
    });
    expect(
      (await ask<BannerList>(Subjects.media.toggleBanners, { caller, body: { enabled: true } }))
        .enabled,
    ).toBe(true);
  });

  it('reorders all banners, and refuses unknown ids or a partial list with SPEC wording', async () => {
    const asha = owner();
    const [a, b, c] = await three(asha);
    const reordered = await ask<BannerList>(Subjects.media.reorderBanners, {
      caller: asha,
      body: { bannerIds: [c!.id, a!.id, b!.id] },
    });
    expect(reordered.images.map((x) => [x.id, x.order])).toEqual([
      [c!.id, 0],
      [a!.id, 1],
      [b!.id, 2],
    ]);

    const stranger = (await three(owner()))[0]!.id;
    expect(
      await refusal(
        ask(Subjects.media.reorderBanners, {
          caller: asha,
          body: { bannerIds: [a!.id, stranger, 'nope'] },
        }),
      ),
    ).toMatchObject({
      code: ErrorCode.VALIDATION_ERROR,
      message: `Invalid banner IDs: ${stranger}, nope`,
      details: { invalidIds: [stranger, 'nope'] },
    });
    expect(
      await refusal(
        ask(Subjects.media.reorderBanners, { caller: asha, body: { bannerIds: [a!.id, b!.id] } }),
      ),
    ).toMatchObject({
      message: 'Reorder must include all banners. Expected 3, got 2',
      details: { expected: 3, provided: 2 },
    });
    for (const [bannerIds, message] of [
      [[], BannerMessages.nothingToReorder],
      [[a!.id, a!.id, b!.id], BannerMessages.duplicateIds],
      [[a!.id, ''], BannerMessages.invalidId],
      ['x', BannerMessages.nothingToReorder],
    ] as const)
      expect(
        await refusal(ask(Subjects.media.reorderBanners, { caller: asha, body: { bannerIds } })),
      ).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, message });
    // The refusals changed nothing.
    expect((await list(asha)).images.map((x) => x.id)).toEqual([c!.id, a!.id, b!.id]);
  });

  it('needs a shop: an owner without one is told to set it up first', async () => {
    const caller = { userId: randomUUID() };
    expect(await refusal(list(caller))).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: ShopMessages.notFound,
      details: { requiresSetup: true },
    });
    const { answer, uploads } = await upload(caller, [[await sampleJpeg(), 'b.jpg']]);
    expect(await refusal(answer)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await blobs.store.stat(uploads[0]!.key)).toBeNull();
  });

  it('announces every change with the whole list and a growing version on the MEDIA stream', async () => {
    const caller = owner();
    const made = await three(caller);
    await ask(Subjects.media.toggleBanners, { caller, body: { enabled: false } });
    const { NATS_SUBJECT_PREFIX } = readTestEnv();
    const connection = blobs.connection;
    const manager = await connection.jetstreamManager();
    const stream = mediaStreamName(NATS_SUBJECT_PREFIX);
    const name = `test-${randomUUID().slice(0, 8)}`;
    await manager.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${NATS_SUBJECT_PREFIX}${Events.bannersChanged}`,
    });
    const consumer = await connection.jetstream().consumers.get(stream, name);
    const codec = JSONCodec<BannersChanged>();
    const mine: BannersChanged[] = [];
    await waitFor(
      async () => {
        const batch = await consumer.fetch({ max_messages: 200, expires: 1000 });
        for await (const message of batch) {
          // The run's other test files share the stream: shop-service's tests publish broken
          // events on this subject to see them refused. Only this owner's events count here.
          const event = decodedOrNull(codec, message.data);
          if (event?.userId === caller.userId) mine.push(event);
        }
        return mine.some((e) => e.banners.enabled === false);
      },
      { timeoutMs: 10_000, description: 'the toggle event' },
    );
    const last = mine.reduce((a, b) => (b.version > a.version ? b : a));
    expect(last.banners).toEqual({ enabled: false, images: made });
    // A version always travels with the same list: it names one state of the banners.
    for (const event of mine)
      expect(event.banners).toEqual(mine.find((e) => e.version === event.version)!.banners);
  });
});
