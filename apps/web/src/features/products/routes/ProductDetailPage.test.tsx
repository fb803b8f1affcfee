import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const SAREE = testProduct();
const PATH = `/urls/${SAREE.id}`;

function openDetail(routes: Record<string, Reply> = {}) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    [`GET ${PATH}`]: ok(SAREE),
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 10 }),
    ...routes,
  });
  const app = renderApp(`/dashboard/link/${SAREE.id}`, { user: TEST_USER });
  return { ...app, api };
}

describe('a product in detail', () => {
  it('shows its clicks as a number, its short link and its stores', async () => {
    openDetail();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Clicks').nextSibling).toHaveTextContent('42');
    expect(within(summary).getByRole('link', { name: SAREE.shortUrl })).toBeInTheDocument();
    expect(within(summary).getByText('Amazon')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Pochampally ikat saree');
    expect(screen.getByLabelText('Store link 2')).toHaveValue('https://www.flipkart.com/p/itm1');
    expect(screen.getByLabelText('Short code')).toHaveValue('k3x9abc');
  });

  it('saves every field, emptied ones too', async () => {
    const { user, api } = openDetail({ [`PATCH ${PATH}`]: ok({ ...SAREE, price: null }) });
    const price = await screen.findByLabelText('Price in ₹ (optional)');
    expect(price).toHaveValue('2499');
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: '+ Add store link' }));
    await user.type(screen.getByLabelText('Store link 3'), 'ajio.com/p/9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${PATH}`)[0]?.body).toEqual({
      title: 'Pochampally ikat saree',
      description: 'Pure cotton, handwoven, with blouse piece.',
      price: null,
      brand: 'Asha Crafts',
      imageUrl: 'https://images.example.com/saree.jpg',
      images: ['https://images.example.com/saree.jpg'],
      originalURLs: [
        'https://www.amazon.in/dp/B0TEST',
        'https://www.flipkart.com/p/itm1',
        'https://ajio.com/p/9',
      ],
      showOnShop: true,
      affiliateTags: true,
      defaultStore: null,
      priceReadAt: null,
      startsAt: null,
      endsAt: null,
      afterEnd: 'message',
      endedMessage: null,
      shortCode: 'k3x9abc',
    });
  });

  it('says when the link does not exist', async () => {
    openDetail({
      [`GET ${PATH}`]: fail(
        404,
        'This product link does not exist or has been removed.',
        'NOT_FOUND',
      ),
    });
    expect(
      await screen.findByText('This product link does not exist or has been removed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Link details' })).toBeInTheDocument();
  });

  it('deletes it after confirmation and returns to the list', async () => {
    const { user, api, router } = openDetail({ [`DELETE ${PATH}`]: ok(null) });
    await user.click(await screen.findByRole('button', { name: 'Delete link' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    await screen.findByRole('heading', { level: 1, name: 'Your product links' });
    expect(router.state.location.pathname).toBe('/dashboard/links');
    expect(api.callsTo(`DELETE ${PATH}`)).toHaveLength(1);
  });
});

describe("a product's pictures", () => {
  it('shows the saved ones, cover first, and saves a new order', async () => {
    const product = testProduct({
      imageUrl: 'https://images.example.com/saree.jpg',
      productDetails: {
        ...testProduct().productDetails,
        images: ['https://images.example.com/saree.jpg', '/api/shop/product-images/img-7'],
      },
    });
    const api = mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      [`GET ${PATH}`]: ok(product),
      [`PATCH ${PATH}`]: ok(product),
    });
    const { user } = renderApp(`/dashboard/link/${SAREE.id}`, { user: TEST_USER });
    const pictures = await screen.findByRole('list', { name: 'Pictures' });
    expect(
      within(pictures)
        .getAllByRole('img')
        .map((image) => image.getAttribute('src')),
    ).toEqual(['https://images.example.com/saree.jpg', '/api/shop/product-images/img-7/thumbnail']);

    await user.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${PATH}`)[0]?.body).toMatchObject({
      imageUrl: '/api/shop/product-images/img-7',
      images: ['/api/shop/product-images/img-7'],
    });
    // A saved picture is only taken off the product, not deleted.
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
