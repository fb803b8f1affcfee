import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../test/fixtures';
import { mockApi, ok } from '../test/mock-api';
import { renderApp, TEST_USER } from '../test/render-app';

const hold = { reason: 'Counterfeit goods reported by visitors', at: '2026-11-20T10:00:00.000Z' };
const hiddenShop = testShop({ hidden: hold });

function serve(shop = hiddenShop, products = [testProduct()]) {
  return mockApi({
    'GET /shop/status': ok(statusOf(shop)),
    'GET /shop/user/profile': ok(shop),
    'GET /urls': ok({ items: products, total: products.length, page: 1, limit: 10 }),
    [`GET /urls/${testProduct().id}`]: ok(products[0]),
  });
}

const notice = () =>
  screen.findByRole('heading', {
    name: 'Your shop is hidden by Kartlink: Counterfeit goods reported by visitors',
  });

describe("the owner's notices of a moderation decision", () => {
  it('tells the owner on the dashboard that their shop is hidden, why, since when, and what to do', async () => {
    serve();
    renderApp('/dashboard', { user: TEST_USER });
    const section = (await notice()).closest('section')!;
    expect(section).toHaveTextContent('Since 20 Nov 2026');
    expect(within(section).getByRole('link', { name: 'support@kartlink.app' })).toHaveAttribute(
      'href',
      'mailto:support@kartlink.app',
    );
  });

  it('says it on the shop settings too', async () => {
    serve();
    renderApp('/dashboard/shop/settings', { user: TEST_USER });
    expect(await notice()).toBeInTheDocument();
  });

  it('says nothing of a shop that is not hidden', async () => {
    serve(testShop());
    renderApp('/dashboard', { user: TEST_USER });
    await screen.findByRole('heading', { level: 2, name: 'Asha Crafts' });
    expect(screen.queryByText(/hidden by Kartlink/i)).not.toBeInTheDocument();
  });

  it('marks a hidden product in the list and gives the reason on its page', async () => {
    const product = testProduct({ hidden: { reason: 'Fake brand', at: hold.at } });
    serve(testShop(), [product, testProduct({ id: 'other', title: 'Cotton stole' })]);
    const { user } = renderApp('/dashboard/links', { user: TEST_USER });
    const row = (await screen.findByRole('link', { name: product.title })).closest('li')!;
    expect(within(row).getByText('Hidden by Kartlink')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'Cotton stole' }).closest('li')!;
    expect(within(other).queryByText('Hidden by Kartlink')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: product.title }));
    expect(
      await screen.findByRole('heading', { name: 'Hidden by Kartlink: Fake brand' }),
    ).toBeInTheDocument();
  });
});
