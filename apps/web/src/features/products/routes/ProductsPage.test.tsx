import type { Product } from '@kartlink/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok, type ApiCall, type Reply } from '../../../test/mock-api';
import { TEST_PUBLIC_URL } from '../../../test/public-url';
import { renderApp, TEST_USER } from '../../../test/render-app';

const SAREE = testProduct();
const STOLE = testProduct({
  id: '5d0c7a52-3a1b-4c4e-8d7e-0c3f1c2d9b22',
  shortCode: 'stole01',
  shortUrl: 'http://localhost:3000/asha-crafts/stole01',
  title: 'Silk stole',
  price: null,
  clicks: 1,
  showOnShop: false,
  stores: [
    { url: 'https://www.myntra.com/1', vendor: 'Myntra', key: 'myntra' },
    { url: 'https://wa.me/919876543210', vendor: 'WhatsApp', key: 'whatsapp' },
  ],
});

function serve(list: (call: ApiCall) => Reply, routes: Record<string, Reply> = {}) {
  return mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'GET /urls': list,
    ...routes,
  });
}

const page = (items: Product[], total = items.length, pageNo = 1) =>
  ok({ items, total, page: pageNo, limit: 10 });

async function openProductsPage(path = '/dashboard/links') {
  const app = renderApp(path, { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Your product links' });
  return app;
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

describe('the plan', () => {
  it('says a full free plan is full, above the list, with the way to Premium', async () => {
    serve(() => page([SAREE, STOLE], 25), { 'GET /urls/quota': ok({ used: 25, limit: 25 }) });
    await openProductsPage();
    const full = await screen.findByRole('region', { name: 'Your free plan is full' });
    expect(full).toHaveTextContent(
      '25 of 25 products used. Upgrade to Premium for unlimited products',
    );
    expect(within(full).getByRole('link', { name: 'See Premium' })).toHaveAttribute(
      'href',
      '/dashboard/pricing',
    );
  });

  it('says Premium has no limit', async () => {
    serve(() => page([SAREE, STOLE]), { 'GET /urls/quota': ok({ used: 2, limit: null }) });
    await openProductsPage();
    expect(await screen.findByText('· Premium, no limit', { exact: false })).toHaveTextContent(
      '2 products · Premium, no limit',
    );
    expect(screen.queryByRole('meter')).toBeNull();
  });
});

describe('the list of products', () => {
  it('shows each link with its price, clicks, stores and short link', async () => {
    serve(() => page([SAREE, STOLE]), { 'GET /urls/quota': ok({ used: 2, limit: 25 }) });
    await openProductsPage();
    expect(await screen.findByText('2 products listed')).toBeInTheDocument();
    expect(await screen.findByText('2 of 25')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Premium has no limit' })).toHaveAttribute(
      'href',
      '/dashboard/pricing',
    );
    const saree = within(rowOf('Pochampally ikat saree'));
    expect(saree.getByText('₹2,499')).toBeInTheDocument();
    expect(saree.getByText('42 clicks')).toBeInTheDocument();
    expect(saree.getByText('Amazon')).toBeInTheDocument();
    expect(saree.getByText('Flipkart')).toBeInTheDocument();
    expect(saree.getByRole('link', { name: SAREE.shortUrl })).toHaveAttribute(
      'href',
      SAREE.shortUrl,
    );
    expect(
      saree.getByRole('switch', { name: 'Show Pochampally ikat saree on shop' }),
    ).toBeChecked();
    const stole = within(rowOf('Silk stole'));
    expect(stole.getByText('1 click')).toBeInTheDocument();
    expect(stole.getByRole('switch')).not.toBeChecked();
  });

  it('invites to create the first link when there are none', async () => {
    serve(() => page([]));
    await openProductsPage();
    expect(
      await screen.findByRole('heading', { name: 'No product links yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first link' })).toHaveAttribute(
      'href',
      '/dashboard/create-link',
    );
  });

  it('searches as the owner types, from the first page', async () => {
    const api = serve((call) =>
      call.path.includes('search=stole') ? page([STOLE]) : page([SAREE, STOLE], 12),
    );
    const { user, router } = await openProductsPage('/dashboard/links?page=2');
    await screen.findByText('Page 2 of 2');
    await user.type(screen.getByRole('searchbox', { name: 'Search links' }), 'stole');
    await waitFor(() =>
      expect(screen.queryByText('Pochampally ikat saree')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1 product found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=stole');
    expect(api.callsTo('GET /urls').at(-1)?.path).toBe('/urls?page=1&limit=10&search=stole');
  });

  it('pages through the links', async () => {
    const api = serve((call) =>
      call.path.includes('page=2') ? page([STOLE], 12, 2) : page([SAREE], 12),
    );
    const { user } = await openProductsPage();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Silk stole')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.callsTo('GET /urls').at(-1)?.path).toBe('/urls?page=2&limit=10');
  });
});

describe('the actions of a product', () => {
  it('shows or hides it on the shop at once', async () => {
    const api = serve(() => page([SAREE]), {
      'PATCH /urls/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11/show-on-shop': ok({
        ...SAREE,
        showOnShop: false,
      }),
    });
    const { user } = await openProductsPage();
    const toggle = await screen.findByRole('switch', {
      name: 'Show Pochampally ikat saree on shop',
    });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText('Hidden from your shop')).toBeInTheDocument();
    expect(
      api.callsTo('PATCH /urls/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11/show-on-shop')[0]?.body,
    ).toEqual({ showOnShop: false });
  });

  it('puts the switch back when the server refuses', async () => {
    serve(() => page([SAREE]), {
      'PATCH /urls/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11/show-on-shop': fail(
        404,
        'This product link does not exist or has been removed.',
        'NOT_FOUND',
      ),
    });
    const { user } = await openProductsPage();
    const toggle = await screen.findByRole('switch', {
      name: 'Show Pochampally ikat saree on shop',
    });
    await user.click(toggle);
    expect(
      await screen.findByText('This product link does not exist or has been removed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('copies the short link', async () => {
    serve(() => page([SAREE]));
    const { user } = await openProductsPage();
    await user.click(
      await screen.findByRole('button', { name: 'Copy short link of Pochampally ikat saree' }),
    );
    expect(await navigator.clipboard.readText()).toBe(SAREE.shortUrl);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it("shares each link from its row, with that link's page and preview", async () => {
    serve(() => page([SAREE, STOLE]));
    const { user } = await openProductsPage();
    await user.click(await screen.findByRole('button', { name: 'Share Silk stole' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Silk stole' });
    const address = `${TEST_PUBLIC_URL}/asha-crafts/stole01`;
    expect(within(dialog).getByRole('link', { name: address })).toBeInTheDocument();
    const preview = within(dialog).getByRole('figure', { name: 'Link preview' });
    expect(within(preview).getByText('Silk stole')).toBeVisible();
  });

  it('deletes only after it is confirmed', async () => {
    let items = [SAREE, STOLE];
    const api = serve(() => page(items), {
      'DELETE /urls/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11': ok(null),
    });
    const { user } = await openProductsPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Pochampally ikat saree' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this link?' });
    expect(dialog).toHaveTextContent(SAREE.shortUrl);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /urls/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Pochampally ikat saree' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this link?' });
    items = [STOLE];
    await user.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    expect(await screen.findByText('Link deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: 'Pochampally ikat saree' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo('DELETE /urls/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11')).toHaveLength(1);
    expect(screen.getByText('1 product listed')).toBeInTheDocument();
  });

  it('closes the dialog with Escape', async () => {
    serve(() => page([SAREE]));
    const { user } = await openProductsPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Pochampally ikat saree' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
