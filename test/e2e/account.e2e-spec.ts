import {
  type AccountExport,
  type Banner,
  BlobKeys,
  Events,
  type Product,
  type Shop,
  type UploadedImage,
  type UserDeleted,
} from '@kartlink/contracts';
import { readBlob } from '@kartlink/server-kit';
import { pgQuery, readTestEnv, stackBaseUrl, waitFor } from '@kartlink/testing';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { connect, JSONCodec } from 'nats';
import { TestBlobs } from '../../apps/media-service/test/support/media-harness';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { codeFromMail, mailCount, signUp, strongPassword, Visitor } from '../support/auth-client';
import { file, sendForm } from '../support/forms';
import { readZip } from '../support/zip';

// The account page's "Download my data" and "Delete account", against the whole built stack:
// the zip holds what the owner sees and no secret; a deletion leaves nothing of the owner in
// any schema or in the object store, and the user-deleted event can come again harmlessly.
jest.setTimeout(120_000);

const SCHEMAS = ['auth', 'shop', 'media', 'analytics'];
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

async function upload(visitor: Visitor, path: string, field: string, extra: string[][] = []) {
  const answer = await sendForm<UploadedImage & Banner>(visitor, path, [
    [field, file(await sampleJpeg(1200, 400), 'photo.jpg', 'image/jpeg')],
    ...(extra as Array<[string, string]>),
  ]);
  if (answer.status !== 201 && answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

/** An owner with everything an account can hold: shop, photo, products, banner, figures. */
async function fullAccount(label: string) {
  const visitor = new Visitor();
  const email = `${label}.${Date.now()}.${randomInt(1e6)}@example.com`;
  const { session } = await signUp(visitor, email);
  const shopUrl = uniqueUrl(label);
  const photo = await upload(visitor, '/photos/shop', 'photo');
  const shop = await visitor.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    shopPhotoURL: photo.url,
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  const image = await upload(visitor, '/photos/upload', 'image', [['type', 'product']]);
  const products: Product[] = [];
  for (const title of ['Block-print kurta', 'Jute tote']) {
    const created = await visitor.post<Product>('/urls', {
      title,
      imageUrl: image.url,
      originalURLs: ['https://www.amazon.in/dp/B0X', 'https://www.flipkart.com/p/x'],
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    products.push(created.body.data);
  }
  const banner = await upload(visitor, '/banners/upload', 'banner', [['alt', 'Diwali sale']]);
  const shopId = (
    await pgQuery<{ id: string }>('SELECT id FROM shop.shops WHERE shop_url = $1', [shopUrl])
  )[0]!.id;
  // A visit and a click, folded into the rollups.
  const fan = new Visitor();
  const browser = { 'user-agent': ANDROID_CHROME };
  await fan.call(
    'POST',
    `/analytics/track-shop/${shopUrl}`,
    { device: 'mobile', browser: 'Chrome' },
    browser,
  );
  await fan.call(
    'POST',
    `/analytics/track/${products[0]!.id}`,
    { device: 'mobile', browser: 'Chrome', location: 'Asia/Kolkata', platform: 'amazon' },
    browser,
  );
  await waitFor(
    async () =>
      (
        await pgQuery('SELECT 1 FROM analytics.product_daily WHERE shop_id = $1 AND clicks > 0', [
          shopId,
        ])
      ).length > 0,
    { timeoutMs: 30_000, intervalMs: 250, description: 'the click folded into the rollups' },
  );
  return {
    visitor,
    email,
    userId: session.user.id,
    shopUrl,
    shopId,
    products,
    imageIds: [photo._id, image._id, banner.id],
  };
}
type Account = Awaited<ReturnType<typeof fullAccount>>;

async function download(visitor: Visitor) {
  const response = await fetch(`${stackBaseUrl()}/api/account/export`, {
    headers: { authorization: `Bearer ${visitor.accessToken}`, 'x-forwarded-for': visitor.ip },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Rows of every table of every service's schema whose text names one of `needles`. */
async function rowsNaming(needles: string[]): Promise<string[]> {
  const tables = await pgQuery<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE'`,
    [SCHEMAS],
  );
  expect(tables.length).toBeGreaterThan(15);
  const pattern = needles.map((n) => n.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|');
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const [row] = await pgQuery<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${schema}"."${name}" t WHERE t::text ~* $1`,
      [pattern],
    );
    if (row!.count > 0) found.push(`${schema}.${name}: ${row!.count}`);
  }
  return found;
}

const needlesOf = (account: Account) => [
  account.userId,
  account.email,
  account.shopId,
  account.shopUrl,
  ...account.products.map((p) => p.id),
  ...account.imageIds,
];

describe('the account page: download my data', () => {
  let meera: Account;
  beforeAll(async () => {
    meera = await fullAccount('export');
  });

  it('is a zip of what the owner sees, with every image, and no secret', async () => {
    const { response, bytes } = await download(meera.visitor);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kartlink-account-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = readZip(bytes);
    const account = JSON.parse(files.get('account.json')!.toString('utf8')) as AccountExport;
    expect(account.user).toMatchObject({ email: meera.email, displayName: 'Asha Rao' });
    expect(account.shop).toMatchObject({ shopUrl: meera.shopUrl, shopName: 'Meera Finds' });
    expect(account.products.map((p) => p.title).sort()).toEqual(['Block-print kurta', 'Jute tote']);
    expect(account.banners.images).toEqual([expect.objectContaining({ alt: 'Diwali sale' })]);
    expect(account.analytics.shopDaily).toEqual([expect.objectContaining({ views: 1, clicks: 1 })]);
    expect(account.analytics.productMonthly).toEqual([
      expect.objectContaining({ productId: meera.products[0]!.id, clicks: 1 }),
    ]);

    // Each image the account names is in the zip, byte for byte as stored.
    expect(account.images.map((i) => i.id).sort()).toEqual([...meera.imageIds].sort());
    const blobs = await TestBlobs.open();
    try {
      for (const image of account.images) {
        const stored = await readBlob(blobs.store, BlobKeys.image(image.id, 'primary'));
        expect(files.get(`images/${image.file}`)).toEqual(stored);
      }
    } finally {
      await blobs.close();
    }
    expect([...files.keys()]).toHaveLength(account.images.length + 1);

    // No password hash, token, session or key: not under any name, nor any value of them.
    const text = files.get('account.json')!.toString('utf8');
    expect(text).not.toMatch(/argon2|passwordHash|refreshToken|accessToken|sessionId|codeHash/i);
    expect(text).not.toContain(meera.visitor.accessToken!);
    expect(text).not.toContain(meera.visitor.refreshCookie!.split('.')[1]!);
  });

  it('is the signed-in owner’s own only', async () => {
    const response = await fetch(`${stackBaseUrl()}/api/account/export`);
    expect(response.status).toBe(401);
  });
});

describe('the account page: delete account', () => {
  let meera: Account;
  let bystander: Account;
  beforeAll(async () => {
    [meera, bystander] = [await fullAccount('leaving'), await fullAccount('staying')];
  });

  it('refuses a wrong password and changes nothing', async () => {
    const before = await rowsNaming(needlesOf(meera));
    const wrong = await meera.visitor.post('/account/delete', { password: 'Wrong-pass1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'password', msg: 'Your password is incorrect.' }]);
    const none = await meera.visitor.post('/account/delete', {});
    expect(none.status).toBe(400);
    expect((await meera.visitor.call('GET', '/auth/me')).status).toBe(200);
    expect((await fetch(`${stackBaseUrl()}/api/shop/${meera.shopUrl}`)).status).toBe(200);
    expect(await rowsNaming(needlesOf(meera))).toEqual(before);
  });

  it('counts password tries as sign-in does: after five wrong ones, a wait', async () => {
    // From another address, so that the owner's own stays free for the deletion below.
    const guesser = new Visitor();
    guesser.accessToken = meera.visitor.accessToken;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await guesser.post('/account/delete', { password: `Guess-${i}aA` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const waiting = await guesser.post('/account/delete', { password: strongPassword });
    expect(waiting.status).toBe(429);
    expect(waiting.body.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect((await meera.visitor.call('GET', '/auth/me')).status).toBe(200);
  });

  it('makes the shop 404 at once, ends every session, and leaves nothing of the owner anywhere', async () => {
    // The public reads are warm in the gateway's memory and in Redis before the deletion.
    const product = meera.products[0]!;
    expect((await fetch(`${stackBaseUrl()}/api/shop/${meera.shopUrl}`)).status).toBe(200);
    const productPath = `/api/url/shop/${meera.shopUrl}/${product.shortCode}`;
    expect((await fetch(`${stackBaseUrl()}${productPath}`)).status).toBe(200);
    const refreshCookie = meera.visitor.refreshCookie;

    const deleted = await meera.visitor.post('/account/delete', { password: strongPassword });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Your account was deleted.');

    expect((await fetch(`${stackBaseUrl()}/api/shop/${meera.shopUrl}`)).status).toBe(404);
    expect((await fetch(`${stackBaseUrl()}${productPath}`)).status).toBe(404);
    expect((await fetch(`${stackBaseUrl()}/${meera.shopUrl}`)).status).toBe(404);
    expect((await meera.visitor.call('GET', '/auth/me')).status).toBe(401);
    meera.visitor.refreshCookie = refreshCookie;
    expect((await meera.visitor.post('/auth/refresh')).status).toBe(401);
    const login = await new Visitor().post('/auth/login', {
      email: meera.email,
      password: strongPassword,
    });
    expect(login.status).toBe(401);

    // Each service deletes its own data from the event: nothing names the owner, their shop,
    // products or images in any table, and no blob of their images is left.
    const blobs = await TestBlobs.open();
    const left = async () => ({
      rows: await rowsNaming(needlesOf(meera)),
      blobs: (await blobs.keys()).filter((key) =>
        meera.imageIds.some((id) => key.startsWith(`images/${id}/`)),
      ),
    });
    try {
      await waitFor(
        async () => {
          const { rows, blobs: keys } = await left();
          return rows.length === 0 && keys.length === 0 ? true : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 500, description: 'every trace of the owner gone' },
      ).catch(() => undefined);
      expect(await left()).toEqual({ rows: [], blobs: [] });
    } finally {
      await blobs.close();
    }

    // The audit keeps the deletion, without personal data.
    const digest = createHash('sha256').update(`kartlink-user:${meera.userId}`).digest('hex');
    const [audit] = await pgQuery<{ details: Record<string, unknown> }>(
      `SELECT details FROM auth.audit_events WHERE type = 'account.deleted' AND details->>'user' = $1`,
      [digest],
    );
    expect(audit!.details).toMatchObject({ proof: 'password', shops: 1, products: 2 });
    expect(JSON.stringify(audit)).not.toMatch(new RegExp(needlesOf(meera).join('|'), 'i'));

    // Another owner's account is untouched.
    expect((await fetch(`${stackBaseUrl()}/api/shop/${bystander.shopUrl}`)).status).toBe(200);
    expect((await bystander.visitor.call('GET', '/auth/me')).status).toBe(200);
  });

  it('applies the same user-deleted event again harmlessly, in every service', async () => {
    const before = await rowsNaming(needlesOf(bystander));
    const { NATS_URL, NATS_SUBJECT_PREFIX } = readTestEnv();
    const connection = await connect({ servers: NATS_URL });
    try {
      const event: UserDeleted = {
        id: randomUUID(),
        userId: meera.userId,
        shop: {
          shopId: meera.shopId,
          shopUrl: meera.shopUrl,
          shopName: 'Meera Finds',
          products: 2,
        },
        deletedAt: new Date().toISOString(),
      };
      const codec = JSONCodec<UserDeleted>();
      const js = connection.jetstream();
      const subject = `${NATS_SUBJECT_PREFIX}${Events.userDeleted}`;
      const first = await js.publish(subject, codec.encode(event), { msgID: event.id });
      const again = await js.publish(subject, codec.encode(event), { msgID: randomUUID() });
      const manager = await connection.jetstreamManager();
      for (const durable of [
        'auth-user-deleted',
        'shop-user-deleted',
        'media-user-deleted',
        'analytics-user-deleted',
      ]) {
        await waitFor(
          async () => {
            const info = await manager.consumers.info(first.stream, durable);
            return info.ack_floor.stream_seq >= again.seq && info.num_ack_pending === 0
              ? true
              : undefined;
          },
          { timeoutMs: 20_000, intervalMs: 200, description: `${durable} applied both` },
        );
      }
      // Applied by every service, the events are gone from the stream: it keeps no user id.
      await waitFor(
        async () =>
          (await manager.streams.info(first.stream)).state.messages === 0 ? true : undefined,
        { timeoutMs: 5_000, intervalMs: 100, description: 'the ACCOUNTS stream emptied' },
      );
    } finally {
      await connection.close();
    }
    expect(await rowsNaming(needlesOf(meera))).toEqual([]);
    expect(await rowsNaming(needlesOf(bystander))).toEqual(before);
    expect((await fetch(`${stackBaseUrl()}/api/shop/${bystander.shopUrl}`)).status).toBe(200);
  });
});

describe('the account page: delete a Google-only account', () => {
  it('confirms with a fresh e-mailed code instead of a password', async () => {
    const visitor = new Visitor();
    const { session, email } = await signUp(visitor);
    // As an account made by "Continue with Google": no password of its own.
    await pgQuery('UPDATE auth.users SET password_hash = NULL, google_subject = $2 WHERE id = $1', [
      session.user.id,
      `google-${randomUUID()}`,
    ]);
    const noCode = await visitor.post('/account/delete', { password: strongPassword });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors).toEqual([
      { path: 'code', msg: 'Enter the 6-digit code we e-mailed you.' },
    ]);

    const before = await mailCount(email);
    const sent = await visitor.post('/account/deletion-code');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`We sent a 6-digit code to ${email}.`);
    const code = await codeFromMail(email, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await visitor.post('/account/delete', { code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Invalid verification code');
    expect((await visitor.call('GET', '/auth/me')).status).toBe(200);

    const deleted = await visitor.post('/account/delete', { code });
    expect(deleted.status).toBe(200);
    expect((await visitor.call('GET', '/auth/me')).status).toBe(401);
    expect(await rowsNaming([session.user.id, email])).toEqual([]);
  });
});
