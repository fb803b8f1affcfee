import {
  ACCOUNT_DISABLED_MESSAGE,
  type AdminPage,
  type AdminProduct,
  type AdminReport,
  type AdminShop,
  type AdminUser,
  type AuditEntry,
  type CreatedApiKey,
  type ImpersonationToken,
  NO_LONGER_AVAILABLE_MESSAGE,
  type Product,
  type Shop,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { startSecondGateway, type SecondGateway } from '../support/second-gateway';
import { signUp, strongPassword, Visitor } from '../support/auth-client';

/**
 * Trust and safety (issue 21) on the shared stack, with a second gateway replica beside the
 * stack's own: the admin routes exist only for admins, an account disabled ends its sessions at
 * once, a hidden page answers visitors 410 at once on both replicas, visitors' reports, and the
 * audit log of every action.
 */
jest.setTimeout(120_000);

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

const kurta = {
  title: 'Block-print cotton kurta',
  description: 'Hand block-printed in Jaipur',
  price: 1299,
  brand: 'Meera',
  originalURLs: ['amazon.in/dp/B0KURTA', 'https://www.myntra.com/kurta/123'],
};

/** An owner whose shop is public, with one product. */
async function shopOwner(label = 'mod') {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl: uniqueUrl(label),
    shopName: 'Meera Finds',
    shopDescription: 'Handpicked home decor and gifts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  const product = await owner.post<Product>('/urls', kurta);
  if (product.status !== 201) throw new Error(JSON.stringify(product.body));
  const me = await pgQuery<{ id: string }>('SELECT id FROM auth.users WHERE email = $1', [email]);
  const [shopRow] = await pgQuery<{ id: string }>('SELECT id FROM shop.shops WHERE user_id = $1', [
    me[0]!.id,
  ]);
  return {
    owner,
    email,
    userId: me[0]!.id,
    shopId: shopRow!.id,
    shopUrl: shop.body.data.shopUrl!,
    product: product.body.data,
  };
}

async function makeAdmin() {
  const admin = new Visitor();
  const { email } = await signUp(admin);
  await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [email]);
  const [row] = await pgQuery<{ id: string }>('SELECT id FROM auth.users WHERE email = $1', [
    email,
  ]);
  return { admin, email, id: row!.id };
}

/** A plain request to a gateway (the stack's own unless told), JSON parsed when it is JSON. */
async function send(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; base?: string; ip?: string } = {},
) {
  const response = await fetch(`${options.base ?? stackBaseUrl()}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      'x-forwarded-for': options.ip ?? '10.77.0.1',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as { success: boolean; data: unknown; error?: string; errorCode?: string })
    : undefined;
  return { status: response.status, headers: response.headers, text, json };
}

const auditOf = (subjectId: string) =>
  pgQuery<{ type: string; actor_id: string | null; details: Record<string, unknown> }>(
    `SELECT type, actor_id, details FROM auth.audit_events WHERE subject_id = $1 ORDER BY created_at`,
    [subjectId],
  );

describe('trust and safety', () => {
  let gateway: SecondGateway;
  let second: string;

  beforeAll(async () => {
    gateway = await startSecondGateway('moderation');
    second = gateway.url;
  });

  afterAll(() => gateway?.stop());

  it('answers 404 on every admin route to anyone but an admin acting as themself', async () => {
    const target = await shopOwner();
    const { admin } = await makeAdmin();
    const plain = new Visitor();
    await signUp(plain);
    // An admin's impersonation session.
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', {
      email: target.email,
    });
    expect(made.status).toBe(201);
    const acting = new Visitor();
    expect((await acting.post('/auth/session', { token: made.body.data.token })).status).toBe(200);
    // An API key of the owner (every scope).
    const key = await target.owner.post<CreatedApiKey>('/auth/api-keys', {
      name: 'script',
      scopes: ['products:read', 'products:write', 'analytics:read'],
    });
    expect(key.status).toBe(201);

    const id = target.userId;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users?q=a'],
      ['PUT', '/api/admin/users/plan', { email: target.email, plan: 'premium' }],
      ['POST', `/api/admin/users/${id}/disable`, { reason: 'spam' }],
      ['POST', `/api/admin/users/${id}/enable`, {}],
      ['POST', '/api/admin/impersonation-tokens', { email: target.email }],
      ['GET', '/api/admin/shops'],
      ['GET', '/api/admin/products'],
      ['POST', `/api/admin/shops/${target.shopId}/hide`, { reason: 'spam' }],
      ['POST', `/api/admin/shops/${target.shopId}/restore`, {}],
      ['POST', `/api/admin/products/${target.product.id}/hide`, { reason: 'spam' }],
      ['POST', `/api/admin/products/${target.product.id}/restore`, {}],
      ['GET', '/api/admin/reports?status=open'],
      ['POST', `/api/admin/reports/${target.product.id}/resolve`, { action: 'dismiss' }],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit.csv'],
      ['GET', '/api/admin/no-such-route'],
    ];
    const callers: Array<[string, string | undefined]> = [
      ['anonymous', undefined],
      ['non-admin', plain.accessToken],
      ['impersonation', acting.accessToken],
      ['api key', key.body.data.secret],
      ['bad token', 'not-a-token'],
    ];
    for (const [who, token] of callers)
      for (const [method, path, body] of routes) {
        const answer = await send(method, path, { token, body });
        expect([who, method, path, answer.status, answer.json]).toEqual([
          who,
          method,
          path,
          404,
          {
            success: false,
            error: `There is no API route ${method} ${path.split('?')[0]}.`,
            errorCode: 'ROUTE_NOT_FOUND',
            requestId: expect.any(String),
          },
        ]);
      }
    // Nothing happened.
    const [row] = await pgQuery<{ plan: string; disabled_at: Date | null }>(
      'SELECT plan, disabled_at FROM auth.users WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ plan: 'free', disabled_at: null });
    const [shop] = await pgQuery<{ hidden_at: Date | null }>(
      'SELECT hidden_at FROM shop.shops WHERE id = $1',
      [target.shopId],
    );
    expect(shop!.hidden_at).toBeNull();
    // The admin, themself, reaches them.
    expect((await admin.call('GET', '/admin/users')).status).toBe(200);
  });

  it('lists and searches users, disables one at once on both gateways, and enables them again', async () => {
    const target = await shopOwner();
    const { admin, id: adminId } = await makeAdmin();
    const search = await admin.call<AdminPage<AdminUser>>(
      'GET',
      `/admin/users?q=${encodeURIComponent(target.email)}`,
    );
    expect(search.status).toBe(200);
    expect(search.body.data.items).toHaveLength(1);
    expect(search.body.data.items[0]).toMatchObject({
      id: target.userId,
      email: target.email,
      role: 'user',
      plan: 'free',
      signInMethods: ['password'],
      disabled: null,
      shopUrl: target.shopUrl,
      productCount: 1,
    });
    expect(search.body.data.items[0]!.lastActiveAt).not.toBeNull();
    // By the shop's address too.
    const byShop = await admin.call<AdminPage<AdminUser>>(
      'GET',
      `/admin/users?q=${target.shopUrl}`,
    );
    expect(byShop.body.data.items.map((u) => u.id)).toEqual([target.userId]);
    // Pages of 25 with a cursor, newest first, no row twice.
    const first = await admin.call<AdminPage<AdminUser>>('GET', '/admin/users');
    expect(first.body.data.items.length).toBeLessThanOrEqual(25);
    if (first.body.data.nextCursor) {
      const next = await admin.call<AdminPage<AdminUser>>(
        'GET',
        `/admin/users?cursor=${first.body.data.nextCursor}`,
      );
      const ids = new Set(first.body.data.items.map((u) => u.id));
      expect(next.body.data.items.some((u) => ids.has(u.id))).toBe(false);
    }
    expect((await admin.call('GET', '/admin/users?cursor=nonsense')).status).toBe(400);

    // Both gateways have seen the owner's token and API key, and read (cached) the shop.
    const token = target.owner.accessToken!;
    const key = (
      await target.owner.post<CreatedApiKey>('/auth/api-keys', {
        name: 'script',
        scopes: ['products:read'],
      })
    ).body.data.secret;
    for (const base of [stackBaseUrl(), second]) {
      expect((await send('GET', '/api/auth/me', { token, base })).status).toBe(200);
      expect((await send('GET', '/api/urls', { token: key, base })).status).toBe(200);
      expect((await send('GET', `/api/shop/${target.shopUrl}`, { base })).status).toBe(200);
    }

    expect((await admin.post(`/admin/users/${target.userId}/disable`, {})).status).toBe(400);
    const disabled = await admin.post<AdminUser>(`/admin/users/${target.userId}/disable`, {
      reason: 'Selling counterfeit goods',
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabled).toMatchObject({ reason: 'Selling counterfeit goods' });

    for (const base of [second, stackBaseUrl()]) {
      expect((await send('GET', '/api/auth/me', { token, base })).status).toBe(401);
      const byKey = await send('GET', '/api/urls', { token: key, base });
      expect([byKey.status, byKey.json?.errorCode]).toEqual([403, 'ACCOUNT_DISABLED']);
      const shop = await send('GET', `/api/shop/${target.shopUrl}`, { base });
      expect([shop.status, shop.json?.errorCode, shop.json?.error]).toEqual([
        410,
        'NO_LONGER_AVAILABLE',
        NO_LONGER_AVAILABLE_MESSAGE,
      ]);
      const product = await send(
        'GET',
        `/api/url/shop/${target.shopUrl}/${target.product.shortCode}`,
        { base },
      );
      expect(product.status).toBe(410);
    }
    expect((await send('GET', `/${target.shopUrl}`)).status).toBe(410);
    // The refresh cookie and every way in are refused with the message.
    const refreshed = await target.owner.post('/auth/refresh');
    expect([refreshed.status, refreshed.body.errorCode, refreshed.body.error]).toEqual([
      403,
      'ACCOUNT_DISABLED',
      ACCOUNT_DISABLED_MESSAGE,
    ]);
    const login = await new Visitor().post('/auth/login', {
      email: target.email,
      password: strongPassword,
    });
    expect([login.status, login.body.errorCode, login.body.error]).toEqual([
      403,
      'ACCOUNT_DISABLED',
      ACCOUNT_DISABLED_MESSAGE,
    ]);
    const link = await admin.post('/admin/impersonation-tokens', { email: target.email });
    expect(link.status).toBe(403);

    // An admin cannot disable an admin, nor themself.
    const other = await makeAdmin();
    const atAdmin = await admin.post(`/admin/users/${other.id}/disable`, { reason: 'x' });
    expect([atAdmin.status, atAdmin.body.error]).toEqual([
      403,
      'An admin account cannot be disabled.',
    ]);
    const self = await admin.post(`/admin/users/${adminId}/disable`, { reason: 'x' });
    expect([self.status, self.body.error]).toEqual([403, 'You cannot disable your own account.']);
    expect((await admin.post(`/admin/users/not-a-uuid/disable`, { reason: 'x' })).status).toBe(404);

    const enabled = await admin.post<AdminUser>(`/admin/users/${target.userId}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.disabled).toBeNull();
    const again = new Visitor();
    expect(
      (await again.post('/auth/login', { email: target.email, password: strongPassword })).status,
    ).toBe(200);
    for (const base of [second, stackBaseUrl()]) {
      expect((await send('GET', `/api/shop/${target.shopUrl}`, { base })).status).toBe(200);
      expect((await send('GET', '/api/urls', { token: key, base })).status).toBe(200);
    }

    expect((await auditOf(target.userId)).map((row) => [row.type, row.actor_id])).toEqual(
      expect.arrayContaining([
        ['admin.user-disabled', adminId],
        ['admin.user-enabled', adminId],
      ]),
    );
  });

  it('hides a product and a shop: 410 at once on both gateways, gone from lists and sitemaps; restore brings them back', async () => {
    const target = await shopOwner();
    const { admin, id: adminId } = await makeAdmin();
    const code = target.product.shortCode;
    const other = (await target.owner.post<Product>('/urls', { ...kurta, title: 'Second one' }))
      .body.data;
    // Warm every cache on both gateways.
    for (const base of [stackBaseUrl(), second]) {
      expect((await send('GET', `/api/url/shop/${target.shopUrl}/${code}`, { base })).status).toBe(
        200,
      );
      const list = await send('GET', `/api/shop/${target.shopUrl}/urls`, { base });
      expect((list.json!.data as Product[]).map((p) => p.shortCode).sort()).toEqual(
        [code, other.shortCode].sort(),
      );
      expect((await send('GET', `/api/shop/${target.shopUrl}/stats`, { base })).json!.data).toEqual(
        { productCount: 2 },
      );
    }
    expect((await send('GET', `/sitemaps/${target.shopUrl}.xml`)).text).toContain(code);

    const found = await admin.call<AdminPage<AdminProduct>>('GET', `/admin/products?q=${code}`);
    expect(found.body.data.items.map((p) => p.id)).toEqual([target.product.id]);
    const hidden = await admin.post<AdminProduct>(`/admin/products/${target.product.id}/hide`, {
      reason: 'Listed as counterfeit',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.hidden).toMatchObject({ reason: 'Listed as counterfeit' });

    for (const base of [second, stackBaseUrl()]) {
      const read = await send('GET', `/api/url/shop/${target.shopUrl}/${code}`, { base });
      expect([read.status, read.json?.errorCode]).toEqual([410, 'NO_LONGER_AVAILABLE']);
      const list = await send('GET', `/api/shop/${target.shopUrl}/urls`, { base });
      expect((list.json!.data as Product[]).map((p) => p.shortCode)).toEqual([other.shortCode]);
      expect((await send('GET', `/api/shop/${target.shopUrl}/stats`, { base })).json!.data).toEqual(
        { productCount: 1 },
      );
    }
    expect((await send('GET', `/${target.shopUrl}/${code}`)).status).toBe(410);
    expect((await send('GET', `/${target.shopUrl}/${code}/go`)).status).toBe(410);
    expect((await send('GET', `/api/url/shop/${target.shopUrl}/${code}/qr.svg`)).status).toBe(410);
    expect((await send('GET', `/sitemaps/${target.shopUrl}.xml`)).text).not.toContain(code);

    // The owner sees why, and cannot un-hide it by saving.
    const mine = await target.owner.call<Product>('GET', `/urls/${target.product.id}`);
    expect(mine.body.data.hidden).toMatchObject({ reason: 'Listed as counterfeit' });
    const saved = await target.owner.call<Product>('PATCH', `/urls/${target.product.id}`, {
      title: 'Renamed',
      showOnShop: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.hidden).toMatchObject({ reason: 'Listed as counterfeit' });
    expect((await send('GET', `/api/url/shop/${target.shopUrl}/${code}`)).status).toBe(410);

    const restored = await admin.post<AdminProduct>(`/admin/products/${target.product.id}/restore`);
    expect(restored.body.data.hidden).toBeNull();
    for (const base of [second, stackBaseUrl()])
      expect((await send('GET', `/api/url/shop/${target.shopUrl}/${code}`, { base })).status).toBe(
        200,
      );

    // The shop.
    const shops = await admin.call<AdminPage<AdminShop>>(
      'GET',
      `/admin/shops?q=${encodeURIComponent(target.email)}`,
    );
    expect(shops.body.data.items).toEqual([
      expect.objectContaining({
        shopId: target.shopId,
        ownerEmail: target.email,
        shopUrl: target.shopUrl,
        productCount: 2,
        hidden: null,
      }),
    ]);
    expect((await send('GET', '/sitemap.xml')).text).toContain(target.shopUrl);
    const hiddenShop = await admin.post<AdminShop>(`/admin/shops/${target.shopId}/hide`, {
      reason: 'Scam shop',
    });
    expect(hiddenShop.body.data.hidden).toMatchObject({ reason: 'Scam shop' });
    for (const base of [second, stackBaseUrl()]) {
      expect((await send('GET', `/api/shop/${target.shopUrl}`, { base })).status).toBe(410);
      expect((await send('GET', `/api/shop/${target.shopUrl}/urls`, { base })).status).toBe(410);
    }
    expect((await send('GET', `/${target.shopUrl}`)).status).toBe(410);
    expect((await send('GET', `/api/shop/${target.shopUrl}/qr.png`)).status).toBe(410);
    expect((await send('GET', '/sitemap.xml')).text).not.toContain(target.shopUrl);
    expect((await send('GET', `/sitemaps/${target.shopUrl}.xml`)).status).toBe(404);
    const ownShop = await target.owner.call<Shop>('GET', '/shop/user/profile');
    expect(ownShop.body.data.hidden).toMatchObject({ reason: 'Scam shop' });
    await admin.post(`/admin/shops/${target.shopId}/restore`);
    expect((await send('GET', `/api/shop/${target.shopUrl}`, { base: second })).status).toBe(200);

    expect((await auditOf(target.userId)).map((row) => [row.type, row.actor_id])).toEqual([
      ['admin.product-hidden', adminId],
      ['admin.product-restored', adminId],
      ['admin.shop-hidden', adminId],
      ['admin.shop-restored', adminId],
    ]);
  });

  it('takes visitors’ reports, groups them by page, and resolves them', async () => {
    const target = await shopOwner();
    const { admin, id: adminId } = await makeAdmin();
    const code = target.product.shortCode;
    const ip = `10.78.${randomInt(256)}.${randomInt(1, 255)}`;
    const report = (body: object, from = ip) => send('POST', '/api/reports', { body, ip: from });

    const first = await report({
      shopUrl: target.shopUrl,
      shortCode: code,
      reason: 'scam',
      details: '  Never delivered  ',
    });
    expect([first.status, first.json?.success]).toEqual([202, true]);
    expect(
      (await report({ shopUrl: target.shopUrl, shortCode: code, reason: 'spam' })).status,
    ).toBe(202);
    expect(
      (await report({ shopUrl: target.shopUrl, shortCode: code, reason: 'scam' })).status,
    ).toBe(202);
    expect((await report({ shopUrl: target.shopUrl.toUpperCase(), reason: 'other' })).status).toBe(
      202,
    );
    // Refused with clear messages.
    const badReason = await report({ shopUrl: target.shopUrl, reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.json?.error).toContain('reason must be one of');
    const long = await report({
      shopUrl: target.shopUrl,
      reason: 'other',
      details: 'x'.repeat(1001),
    });
    expect(long.status).toBe(400);
    expect((await report({ shopUrl: 'no-such-shop-here', reason: 'spam' })).status).toBe(404);
    expect(
      (await report({ shopUrl: target.shopUrl, shortCode: 'nope00', reason: 'spam' })).status,
    ).toBe(404);
    // That visitor's 10 an hour are spent (each try counts): the next is 429.
    for (let i = 0; i < 2; i += 1)
      expect((await report({ shopUrl: target.shopUrl, reason: 'spam' })).status).toBe(202);
    const over = await report({ shopUrl: target.shopUrl, reason: 'spam' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    // The address is never stored as such.
    const stored = await pgQuery(
      'SELECT r.* FROM shop.reports r JOIN shop.report_groups g ON g.id = r.group_id WHERE g.shop_id = $1',
      [target.shopId],
    );
    expect(stored).toHaveLength(6);
    expect(JSON.stringify(stored)).not.toContain(ip);

    const open = await admin.call<AdminPage<AdminReport>>('GET', '/admin/reports?status=open');
    expect(open.status).toBe(200);
    const mine = open.body.data.items.filter((r) => r.target.shopUrl === target.shopUrl);
    expect(mine).toEqual([
      expect.objectContaining({
        target: expect.objectContaining({
          type: 'product',
          shortCode: code,
          path: `/${target.shopUrl}/${code}`,
          title: kurta.title,
        }),
        status: 'open',
        count: 3,
        reasons: { scam: 2, spam: 1 },
        details: ['Never delivered'],
        resolvedAt: null,
      }),
      expect.objectContaining({
        target: expect.objectContaining({ type: 'shop', shortCode: null, title: 'Meera Finds' }),
        count: 3,
        reasons: { other: 1, spam: 2 },
      }),
    ]);
    const listed = await admin.call<AdminPage<AdminShop>>(
      'GET',
      `/admin/shops?q=${target.shopUrl}`,
    );
    expect(listed.body.data.items[0]!.openReports).toBe(6);

    const [productGroup, shopGroup] = mine;
    const dismissed = await admin.post<AdminReport>(`/admin/reports/${shopGroup!.id}/resolve`, {
      action: 'dismiss',
    });
    expect(dismissed.body.data).toMatchObject({ status: 'dismissed' });
    expect(dismissed.body.data.resolvedAt).not.toBeNull();
    expect(
      (await admin.post(`/admin/reports/${shopGroup!.id}/resolve`, { action: 'dismiss' })).status,
    ).toBe(409);
    expect(
      (await admin.post(`/admin/reports/${productGroup!.id}/resolve`, { action: 'hide' })).status,
    ).toBe(400);
    const hid = await admin.post<AdminReport>(`/admin/reports/${productGroup!.id}/resolve`, {
      action: 'hide',
      reason: 'Reported as a scam',
    });
    expect(hid.body.data.status).toBe('hidden');
    expect(
      (await send('GET', `/api/url/shop/${target.shopUrl}/${code}`, { base: second })).status,
    ).toBe(410);

    // A new report after resolution opens a new group.
    expect((await report({ shopUrl: target.shopUrl, reason: 'spam' }, '10.79.0.9')).status).toBe(
      202,
    );
    const again = await admin.call<AdminPage<AdminReport>>('GET', '/admin/reports?status=open');
    const reopened = again.body.data.items.filter((r) => r.target.shopUrl === target.shopUrl);
    expect(reopened.map((r) => [r.target.type, r.count])).toEqual([['shop', 1]]);
    const old = await admin.call<AdminPage<AdminReport>>('GET', '/admin/reports?status=dismissed');
    expect(old.body.data.items.map((r) => r.id)).toContain(shopGroup!.id);

    expect((await auditOf(target.userId)).map((row) => [row.type, row.actor_id])).toEqual([
      ['admin.report-resolved', adminId],
      ['admin.report-resolved', adminId],
      ['admin.product-hidden', adminId],
    ]);
  });

  it('filters the audit log and exports it as CSV with formulas guarded', async () => {
    const target = await shopOwner();
    const { admin, email: adminEmail, id: adminId } = await makeAdmin();
    await admin.call('PUT', '/admin/users/plan', { email: target.email, plan: 'premium' });
    await admin.post(`/admin/products/${target.product.id}/hide`, {
      reason: '=HYPERLINK("http://evil.example","click")',
    });

    const byActor = await admin.call<AdminPage<AuditEntry>>(
      'GET',
      `/admin/audit?actor=${encodeURIComponent(adminEmail)}`,
    );
    expect(byActor.status).toBe(200);
    expect(byActor.body.data.items.map((e) => e.type)).toEqual([
      'admin.product-hidden',
      'admin.plan-changed',
    ]);
    expect(byActor.body.data.items[1]).toMatchObject({
      actor: { id: adminId, email: adminEmail },
      subject: { id: target.userId, email: target.email },
      details: { from: 'free', to: 'premium' },
    });
    const byType = await admin.call<AdminPage<AuditEntry>>(
      'GET',
      `/admin/audit?type=admin.plan-changed&subject=${target.userId}`,
    );
    expect(byType.body.data.items).toHaveLength(1);
    const future = await admin.call<AdminPage<AuditEntry>>(
      'GET',
      `/admin/audit?actor=${adminId}&from=2999-01-01T00:00:00Z`,
    );
    expect(future.body.data.items).toEqual([]);
    expect((await admin.call('GET', '/admin/audit?from=yesterday')).status).toBe(400);
    const nobody = await admin.call<AdminPage<AuditEntry>>(
      'GET',
      '/admin/audit?actor=nobody@example.com',
    );
    expect(nobody.body.data).toEqual({ items: [], nextCursor: null });

    const csv = await send('GET', `/api/admin/audit.csv?actor=${adminId}`, {
      token: admin.accessToken,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('time,type,actor_id,actor_email,subject_id,subject_email,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('admin.product-hidden');
    // The details cell starts with {, so it is no formula; a reason alone would be guarded.
    expect(csv.text).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
