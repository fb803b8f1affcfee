import type { Product } from '@kartlink/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { mockApi, ok, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

// Issue 19 in the owner's dashboard: a price read from a store page carries its date
// ("₹2,499 as of 24 Nov") and can be refreshed; a product's window on the shop is entered in
// the shop's time zone and its state is shown in the list.

const READ = '2026-11-24T06:00:00.000Z';
const SAREE = testProduct({ priceReadAt: READ });
const PATH = `/urls/${SAREE.id}`;

function openDetail(product: Product, routes: Record<string, Reply> = {}, timeZone?: string) {
  const shop = testShop(timeZone ? { timeZone } : {});
  const api = mockApi({
    'GET /shop/status': ok(statusOf(shop)),
    'GET /shop/user/profile': ok(shop),
    [`GET ${PATH}`]: ok(product),
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 10 }),
    ...routes,
  });
  return { ...renderApp(`/dashboard/link/${product.id}`, { user: TEST_USER }), api };
}

describe('a price read from a store page', () => {
  it('shows its date, and refreshes it from the store page', async () => {
    const fresh = { ...SAREE, price: 1999, priceReadAt: '2026-11-28T06:00:00.000Z' };
    const { user, api } = openDetail(SAREE, { [`POST ${PATH}/refresh-price`]: ok(fresh) });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Price').nextSibling).toHaveTextContent('₹2,499 as of 24 Nov');
    expect(screen.getByText('As of 24 Nov, from the store page')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Refresh price' }));
    expect(await screen.findByText('Price updated: ₹1,999 as of 28 Nov')).toBeInTheDocument();
    expect(api.callsTo(`POST ${PATH}/refresh-price`)).toHaveLength(1);
    expect(within(summary).getByText('Price').nextSibling).toHaveTextContent('₹1,999 as of 28 Nov');
    expect(screen.getByLabelText('Price in ₹ (optional)')).toHaveValue('1999');
  });

  it('keeps the date while the price is the page’s, and drops it once the owner types one', async () => {
    const { user, api } = openDetail(SAREE, { [`PATCH ${PATH}`]: ok(SAREE) });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await screen.findByText('Changes saved');
    expect(api.callsTo(`PATCH ${PATH}`)[0]?.body).toMatchObject({ price: 2499, priceReadAt: READ });

    const price = screen.getByLabelText('Price in ₹ (optional)');
    await user.clear(price);
    await user.type(price, '2,299');
    expect(screen.queryByText('As of 24 Nov, from the store page')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findAllByText('Changes saved');
    expect(api.callsTo(`PATCH ${PATH}`)[1]?.body).toMatchObject({ price: 2299, priceReadAt: null });
  });
});

describe('scheduling a product in its form', () => {
  it('takes the times in the shop’s zone and sends them in UTC, with what happens after the end', async () => {
    const plain = testProduct();
    const { user, api } = openDetail(plain, { [`PATCH ${PATH}`]: ok(plain) });
    await screen.findByText(/Times in India Standard Time \(Asia\/Kolkata\)/);
    fireEvent.change(screen.getByLabelText('Show from (optional)'), {
      target: { value: '2026-12-01T10:00' },
    });
    fireEvent.change(screen.getByLabelText('Hide after (optional)'), {
      target: { value: '2026-12-05T23:59' },
    });
    await user.click(screen.getByLabelText('sends visitors to your shop'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Changes saved');
    expect(api.callsTo(`PATCH ${PATH}`)[0]?.body).toMatchObject({
      startsAt: '2026-12-01T04:30:00.000Z',
      endsAt: '2026-12-05T18:29:00.000Z',
      afterEnd: 'shop',
      endedMessage: null,
    });
  });

  it('shows a saved window in the shop’s own zone', async () => {
    const product = testProduct({ startsAt: '2026-12-01T04:30:00.000Z' });
    openDetail(product, {}, 'Europe/London');
    expect(await screen.findByLabelText('Show from (optional)')).toHaveValue('2026-12-01T04:30');
    expect(screen.getByText(/Times in .*\(Europe\/London\)/)).toBeInTheDocument();
  });

  it('refuses an end before the start, saying so, without sending anything', async () => {
    const plain = testProduct();
    const { user, api } = openDetail(plain, { [`PATCH ${PATH}`]: ok(plain) });
    fireEvent.change(await screen.findByLabelText('Show from (optional)'), {
      target: { value: '2026-12-05T10:00' },
    });
    fireEvent.change(screen.getByLabelText('Hide after (optional)'), {
      target: { value: '2026-12-01T10:00' },
    });
    await user.type(screen.getByLabelText('Message after the end (optional)'), 'Back at Diwali!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${PATH}`)).toHaveLength(0);
  });
});

describe('the list of products', () => {
  it('says which are scheduled, live or ended, and dates store prices', async () => {
    const items = [
      testProduct({
        id: 'a',
        title: 'Diwali drop',
        startsAt: '2099-12-01T04:30:00.000Z',
        priceReadAt: READ,
      }),
      testProduct({
        id: 'b',
        title: 'Festival sale',
        startsAt: '2020-01-01T00:00:00.000Z',
        endsAt: '2099-12-05T18:29:00.000Z',
      }),
      testProduct({ id: 'c', title: 'Navratri offer', endsAt: '2020-10-12T18:30:00.000Z' }),
      testProduct({ id: 'd', title: 'Everyday saree' }),
    ];
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      'GET /urls': ok({ items, total: 4, page: 1, limit: 10 }),
    });
    renderApp('/dashboard/links', { user: TEST_USER });
    const row = async (title: string) =>
      (await screen.findByRole('link', { name: title })).closest('li')!;
    expect(await row('Diwali drop')).toHaveTextContent('Scheduled · starts 1 Dec, 10:00');
    expect(await row('Diwali drop')).toHaveTextContent('₹2,499 as of 24 Nov');
    expect(await row('Festival sale')).toHaveTextContent('Live · ends 5 Dec, 23:59');
    expect(await row('Navratri offer')).toHaveTextContent('Ended · 13 Oct, 00:00');
    const plain = await row('Everyday saree');
    expect(plain).not.toHaveTextContent(/Scheduled|Live|Ended|as of/);
    // Only a store's price can be refreshed from its page.
    expect(within(plain).queryByRole('button', { name: /Refresh the price/ })).toBeNull();
    expect(
      within(await row('Diwali drop')).getByRole('button', {
        name: 'Refresh the price of Diwali drop',
      }),
    ).toBeInTheDocument();
  });
});
