import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';

// Issue 19 on the public product page: a store's price says when it was read, and a scheduled
// product past its end shows its owner's message or sends the visitor to the shop.

const PRODUCT_PATH = 'GET /url/shop/meera-finds/k3x9pqr';
const heading = () => screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' });

const ended = (redirectTo?: string) => ({
  ...fail(410, 'The Navratri offer is over. Diwali offers start on 1 Nov!', 'PRODUCT_ENDED'),
  ...(redirectTo
    ? {
        body: {
          success: false,
          error: 'This offer has ended. See what else the shop has.',
          errorCode: 'PRODUCT_ENDED',
          redirectTo,
        },
      }
    : {}),
});

describe('the price on a product page', () => {
  it('says discreetly when a store’s price was read', async () => {
    mockApi({
      'GET /shop/meera-finds': ok(testShop()),
      [PRODUCT_PATH]: ok(testProduct({ price: 799, priceReadAt: '2026-11-24T06:00:00.000Z' })),
    });
    renderApp('/meera-finds/k3x9pqr');
    await heading();
    expect(screen.getByText('as of 24 Nov')).toBeInTheDocument();
    expect(screen.getByText('as of 24 Nov').closest('p')).toHaveTextContent('₹799 as of 24 Nov');
  });

  it('gives the amount alone for a price the owner typed', async () => {
    mockApi({
      'GET /shop/meera-finds': ok(testShop()),
      [PRODUCT_PATH]: ok(testProduct({ price: 799, priceReadAt: null })),
    });
    renderApp('/meera-finds/k3x9pqr');
    await heading();
    expect(screen.queryByText(/as of/)).not.toBeInTheDocument();
  });
});

describe('a product past its end', () => {
  it('shows the owner’s message, with the way to the shop', async () => {
    mockApi({ 'GET /shop/meera-finds': ok(testShop()), [PRODUCT_PATH]: ended() });
    renderApp('/meera-finds/k3x9pqr');
    expect(await screen.findByText('This offer has ended')).toBeInTheDocument();
    expect(
      screen.getByText('The Navratri offer is over. Diwali offers start on 1 Nov!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute(
      'href',
      '/meera-finds',
    );
  });

  it('sends the visitor to the shop when its owner chose so', async () => {
    mockApi({
      'GET /shop/meera-finds': ok(testShop()),
      'GET /shop/meera-finds/urls': ok([]),
      'GET /shop/meera-finds/stats': ok({ productCount: 0 }),
      [PRODUCT_PATH]: ended('/meera-finds'),
    });
    const { router } = renderApp('/meera-finds/k3x9pqr');
    await screen.findByRole('heading', { level: 1, name: 'Meera Finds' });
    expect(router.state.location.pathname).toBe('/meera-finds');
  });
});
