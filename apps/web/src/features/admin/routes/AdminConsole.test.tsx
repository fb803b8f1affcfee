import type {
  AdminPage,
  AdminProduct,
  AdminReport,
  AdminShop,
  AdminUser,
  AuditEntry,
} from '@kartlink/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDownloads, textOf } from '../../../test/downloads';
import { statusOf, testShop } from '../../../test/fixtures';
import { file, mockApi, ok, type Handler } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const ADMIN = { ...TEST_USER, id: 'admin-1', email: 'ops@kartlink.app', role: 'admin' as const };

const page = <T,>(items: T[], nextCursor: string | null = null): AdminPage<T> => ({
  items,
  nextCursor,
});

const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 'user-2',
  email: 'priya@example.com',
  displayName: 'Priya Shah',
  role: 'user',
  plan: 'free',
  signInMethods: ['password', 'google'],
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActiveAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  disabled: null,
  shopUrl: 'priya-styles',
  productCount: 12,
  ...overrides,
});

const adminShop = (overrides: Partial<AdminShop> = {}): AdminShop => ({
  shopId: 'shop-2',
  userId: 'user-2',
  ownerEmail: 'priya@example.com',
  shopUrl: 'priya-styles',
  shopName: 'Priya Styles',
  isShopPublic: true,
  productCount: 12,
  hidden: null,
  openReports: 2,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const adminProduct = (overrides: Partial<AdminProduct> = {}): AdminProduct => ({
  id: 'product-9',
  shopUrl: 'priya-styles',
  shortCode: 'x7kp2q',
  title: 'Silk saree',
  originalURLs: ['https://www.amazon.in/dp/B0FAKE'],
  hidden: null,
  openReports: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const report = (overrides: Partial<AdminReport> = {}): AdminReport => ({
  id: 'report-1',
  target: {
    type: 'product',
    shopUrl: 'priya-styles',
    shortCode: 'x7kp2q',
    path: '/priya-styles/x7kp2q',
    title: 'Silk saree',
  },
  status: 'open',
  reasons: { spam: 1, counterfeit: 3 },
  count: 4,
  details: ['The logo is fake', 'Same photos as the brand'],
  firstReportedAt: new Date(Date.now() - 26 * 3600_000).toISOString(),
  lastReportedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  resolvedAt: null,
  ...overrides,
});

const owner = { 'GET /shop/status': ok(statusOf(testShop())) };

function serveAdmin(routes: Record<string, Handler>) {
  return mockApi({ ...owner, ...routes });
}

const params = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('the admin console gate', () => {
  it.each([
    ['a signed-in user', TEST_USER],
    [
      'an admin acting as a user',
      { ...ADMIN, impersonatedBy: { id: 'admin-1', email: 'ops@kartlink.app' } },
    ],
  ])('shows %s the 404 page and asks nothing of the admin API', async (_who, user) => {
    const api = serveAdmin({ 'GET /admin/users': ok(page([adminUser()])) });
    renderApp('/admin/users', { user });
    expect(await screen.findByRole('heading', { name: "Look like you're lost" })).toBeVisible();
    expect(screen.queryByText('Admin console')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/admin'))).toHaveLength(0);
  });

  it('shows a signed-out visitor the 404 page', async () => {
    serveAdmin({});
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: "Look like you're lost" })).toBeVisible();
  });

  it('links to the console from the dashboard for admins only', async () => {
    serveAdmin({ 'GET /shop/user/profile': ok(testShop()), 'GET /admin/users': ok(page([])) });
    const { user, router } = renderApp('/dashboard/webhooks', { user: ADMIN });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('link', { name: 'Admin console' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
    // /admin shows its heading, then goes on to its first section.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('has no console link for other users', async () => {
    serveAdmin({ 'GET /webhooks': ok([]) });
    renderApp('/dashboard/webhooks', { user: TEST_USER });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Admin console' })).not.toBeInTheDocument();
  });
});

describe('the Users section', () => {
  it('searches as the admin types, with the words in the URL, and loads more by cursor', async () => {
    const api = serveAdmin({
      'GET /admin/users': ({ path }) => {
        const { q, cursor } = params(path);
        if (!q) return ok(page([adminUser({ email: 'newest@example.com', id: 'u-new' })]));
        if (cursor === 'c2')
          return ok(page([adminUser({ id: 'u-3', email: 'priya3@example.com' })]));
        return ok(page([adminUser()], 'c2'));
      },
    });
    const { user, router } = renderApp('/admin/users', { user: ADMIN });
    expect(await screen.findByText('newest@example.com')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'priya');

    const card = (await screen.findByText('priya@example.com')).closest('li')!;
    expect(router.state.location.search).toBe('?q=priya');
    expect(screen.queryByText('newest@example.com')).not.toBeInTheDocument();
    // Typed letter by letter, asked once the typing paused.
    expect(api.callsTo('GET /admin/users').map((c) => params(c.path).q ?? '')).toEqual([
      '',
      'priya',
    ]);
    for (const text of ['Priya Shah', '/priya-styles', 'Password, Google', '2 hours ago', '12']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByLabelText('Plan of Priya Shah')).toHaveValue('free');

    await user.click(screen.getByRole('button', { name: 'Load more users' }));
    expect(await screen.findByText('priya3@example.com')).toBeVisible();
    expect(screen.getByText('priya@example.com')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument();
  });

  it('clears the box when the Users link is followed again', async () => {
    serveAdmin({ 'GET /admin/users': ok(page([])) });
    const { user, router } = renderApp('/admin/users?q=priya', { user: ADMIN });
    const box = await screen.findByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveValue('priya');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(router.state.location.search).toBe('');
    expect(box).toHaveValue('');
    expect(await screen.findByText('No users yet.')).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('reads the search from the URL', async () => {
    const api = serveAdmin({ 'GET /admin/users': ok(page([])) });
    renderApp('/admin/users?q=nobody', { user: ADMIN });
    expect(await screen.findByText('No user matches “nobody”.')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('nobody');
    expect(params(api.callsTo('GET /admin/users')[0]!.path)).toEqual({ q: 'nobody' });
  });

  it('disables an account only with a reason, and enables it again', async () => {
    let current = adminUser();
    const api = serveAdmin({
      'GET /admin/users': () => ok(page([current])),
      'POST /admin/users/user-2/disable': ({ body }) => {
        current = adminUser({
          disabled: { reason: (body as { reason: string }).reason, at: '2026-11-28T10:00:00.000Z' },
        });
        return ok(current);
      },
      'POST /admin/users/user-2/enable': () => {
        current = adminUser();
        return ok(current);
      },
    });
    const { user } = renderApp('/admin/users', { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Disable priya@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable priya@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(within(dialog).getByText('Give a reason: the owner sees it.')).toBeVisible();
    expect(api.callsTo('POST /admin/users/user-2/disable')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (shown to the owner)'), 'Selling fakes');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(api.callsTo('POST /admin/users/user-2/disable')[0]!.body).toEqual({
      reason: 'Selling fakes',
    });
    expect(await screen.findByText('priya@example.com is disabled.')).toBeInTheDocument();
    expect(await screen.findByText(/Selling fakes/)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable priya@example.com' }));
    expect(await screen.findByText('priya@example.com is enabled again.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/users/user-2/enable')).toHaveLength(1);
  });

  it('changes the plan and makes a sign-in link to act as the user', async () => {
    const api = serveAdmin({
      'GET /admin/users': ok(page([adminUser()])),
      'PUT /admin/users/plan': ok({ ...TEST_USER, plan: 'premium' }),
      'POST /admin/impersonation-tokens': ok({
        token: 'tok',
        expiresAt: '2026-11-28T10:15:00.000Z',
        loginUrl: 'http://localhost:3000/admin-login?token=tok',
      }),
    });
    const { user } = renderApp('/admin/users', { user: ADMIN });
    await user.selectOptions(await screen.findByLabelText('Plan of Priya Shah'), 'premium');
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(api.callsTo('PUT /admin/users/plan')[0]!.body).toEqual({
      email: 'priya@example.com',
      plan: 'premium',
    });
    expect(await screen.findByText('priya@example.com is now on Premium.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Act as user priya@example.com' }));
    expect(api.callsTo('POST /admin/impersonation-tokens')[0]!.body).toEqual({
      email: 'priya@example.com',
    });
    expect(await screen.findByRole('link', { name: 'Open as priya@example.com' })).toHaveAttribute(
      'href',
      'http://localhost:3000/admin-login?token=tok',
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });
});

describe('the Shops & products section', () => {
  it('hides a shop with a reason and restores a product', async () => {
    let shop = adminShop();
    let product = adminProduct({ hidden: { reason: 'Fake', at: '2026-11-27T10:00:00.000Z' } });
    const api = serveAdmin({
      'GET /admin/shops': () => ok(page([shop])),
      'GET /admin/products': () => ok(page([product])),
      'POST /admin/shops/shop-2/hide': ({ body }) => {
        shop = adminShop({
          hidden: { reason: (body as { reason: string }).reason, at: '2026-11-28T10:00:00.000Z' },
        });
        return ok(shop);
      },
      'POST /admin/products/product-9/restore': () => {
        product = adminProduct();
        return ok(product);
      },
    });
    const { user } = renderApp('/admin/shops?q=priya', { user: ADMIN });
    const shops = await screen.findByRole('list', { name: 'Shops' });
    expect(await within(shops).findByText('Priya Styles')).toBeVisible();
    expect(
      within(shops).getByRole('link', { name: /Open page of shop \/priya-styles/ }),
    ).toHaveAttribute('href', '/priya-styles');
    expect(params(api.callsTo('GET /admin/shops')[0]!.path)).toEqual({ q: 'priya' });
    expect(params(api.callsTo('GET /admin/products')[0]!.path)).toEqual({ q: 'priya' });

    await user.click(within(shops).getByRole('button', { name: 'Hide shop /priya-styles' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide shop /priya-styles?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(api.callsTo('POST /admin/shops/shop-2/hide')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'Scam shop');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(api.callsTo('POST /admin/shops/shop-2/hide')[0]!.body).toEqual({ reason: 'Scam shop' });
    expect(await within(shops).findByText(/Scam shop/)).toBeVisible();

    const products = screen.getByRole('list', { name: 'Products' });
    await user.click(
      within(products).getByRole('button', { name: 'Restore product “Silk saree”' }),
    );
    expect(await screen.findByText('Restored the product “Silk saree”.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/products/product-9/restore')).toHaveLength(1);
  });
});

describe('the Reports section', () => {
  it('lists open reports and hides a page with the top reason prefilled', async () => {
    let open = [report()];
    const api = serveAdmin({
      'GET /admin/reports': ({ path }) => ok(page(params(path).status === 'open' ? open : [])),
      'POST /admin/reports/report-1/resolve': () => {
        open = [];
        return ok(report({ status: 'hidden' }));
      },
    });
    const { user } = renderApp('/admin/reports', { user: ADMIN });
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const card = (await within(list).findByText('Silk saree')).closest('li')!;
    expect(within(card).getByRole('link', { name: '/priya-styles/x7kp2q' })).toBeVisible();
    expect(within(card).getByText('4 reports')).toBeVisible();
    expect(within(card).getByText(/last 3 hours ago/)).toBeVisible();
    const reasons = within(within(card).getByRole('list', { name: 'Reasons' })).getAllByRole(
      'listitem',
    );
    expect(reasons.map((r) => r.textContent)).toEqual(['Counterfeit × 3', 'Spam × 1']);
    expect(within(card).getByText('The logo is fake')).toBeVisible();
    expect(params(api.callsTo('GET /admin/reports')[0]!.path)).toEqual({ status: 'open' });

    await user.click(within(card).getByRole('button', { name: 'Hide /priya-styles/x7kp2q' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide /priya-styles/x7kp2q?' });
    expect(within(dialog).getByRole('textbox')).toHaveValue('Counterfeit');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(api.callsTo('POST /admin/reports/report-1/resolve')[0]!.body).toEqual({
      action: 'hide',
      reason: 'Counterfeit',
    });
    expect(await screen.findByText('No open reports. All clear.')).toBeVisible();
  });

  it('dismisses in one click, and shows the dismissed tab', async () => {
    let open = [report()];
    const api = serveAdmin({
      'GET /admin/reports': ({ path }) =>
        ok(
          page(
            params(path).status === 'open'
              ? open
              : [report({ status: 'dismissed', resolvedAt: '2026-11-28T10:00:00.000Z' })],
          ),
        ),
      'POST /admin/reports/report-1/resolve': () => {
        open = [];
        return ok(report({ status: 'dismissed' }));
      },
    });
    const { user, router } = renderApp('/admin/reports', { user: ADMIN });
    await user.click(
      await screen.findByRole('button', { name: 'Dismiss the reports of /priya-styles/x7kp2q' }),
    );
    expect(api.callsTo('POST /admin/reports/report-1/resolve')[0]!.body).toEqual({
      action: 'dismiss',
    });
    expect(await screen.findByText('No open reports. All clear.')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Dismissed' }));
    const list = await screen.findByRole('list', { name: 'Dismissed reports' });
    expect(await within(list).findByText('Silk saree')).toBeVisible();
    expect(within(list).queryByRole('button', { name: /Dismiss/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=dismissed');
  });
});

describe('the Audit log section', () => {
  const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
    id: 'a-1',
    type: 'user.disabled',
    actor: { id: 'admin-1', email: 'ops@kartlink.app' },
    subject: { id: 'user-2', email: 'priya@example.com' },
    details: { reason: 'Selling fakes' },
    createdAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  });

  it('filters through the URL and exports the same filters as CSV', async () => {
    const saved = captureDownloads();
    const api = serveAdmin({
      'GET /admin/audit': ok(page([entry()])),
      'GET /admin/audit.csv': file(
        'id,type\na-1,user.disabled\n',
        'text/csv',
        'kartlink-audit.csv',
      ),
    });
    const { user, router } = renderApp('/admin/audit', { user: ADMIN });
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(await within(list).findByText('user.disabled')).toBeVisible();
    expect(within(list).getByText('Selling fakes')).toBeVisible();

    await user.type(screen.getByLabelText('Type'), 'user.disabled');
    await user.type(screen.getByLabelText('Subject (e-mail or id)'), 'priya@example.com');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const wanted = { type: 'user.disabled', subject: 'priya@example.com', from: '2026-11-01' };
    expect(params(router.state.location.search)).toEqual(wanted);
    await screen.findByRole('list', { name: 'Audit entries' });
    expect(params(api.callsTo('GET /admin/audit').at(-1)!.path)).toEqual(wanted);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(params(api.callsTo('GET /admin/audit.csv')[0]!.path)).toEqual(wanted);
    expect(saved.map((f) => f.name)).toEqual(['kartlink-audit.csv']);
    expect(await textOf(saved[0]!.blob)).toContain('a-1,user.disabled');
  });

  it('reads its filters from the URL', async () => {
    const api = serveAdmin({ 'GET /admin/audit': ok(page([])) });
    renderApp('/admin/audit?actor=ops%40kartlink.app&to=2026-11-30', { user: ADMIN });
    expect(await screen.findByText('No entry matches these filters.')).toBeVisible();
    expect(screen.getByLabelText('Actor (e-mail or id)')).toHaveValue('ops@kartlink.app');
    expect(params(api.callsTo('GET /admin/audit')[0]!.path)).toEqual({
      actor: 'ops@kartlink.app',
      to: '2026-11-30',
    });
  });
});
