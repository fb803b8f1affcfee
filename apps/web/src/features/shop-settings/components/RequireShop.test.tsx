import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, networkDown, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const NO_SHOP = fail(404, 'Shop not found', 'NOT_FOUND');

describe('the shop guard of /dashboard/shop', () => {
  it('sends an owner without a shop to the wizard', async () => {
    mockApi({ 'GET /shop/status': ok(statusOf(null)), 'GET /shop/user/profile': NO_SHOP });
    const { router } = renderApp('/dashboard/shop/settings', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Set up your shop' });
    expect(router.state.location.pathname).toBe('/shop/setup');
    expect(screen.getByText('Finish setting up your shop first.')).toBeInTheDocument();
  });

  it('sends an unfinished shop to the wizard even after the gate has had its turn', async () => {
    sessionStorage.setItem('setupRedirected', 'true');
    const unfinished = testShop({ setupCompleted: false, requiresSetup: true });
    mockApi({
      'GET /shop/status': ok(statusOf(unfinished)),
      'GET /shop/user/profile': ok(unfinished),
    });
    const { router } = renderApp('/dashboard/shop', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Set up your shop' });
    expect(router.state.location.pathname).toBe('/shop/setup');
  });

  it('opens the shop pages of a finished shop', async () => {
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
    });
    const { router } = renderApp('/dashboard/shop', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Your shop' });
    expect(router.state.location.pathname).toBe('/dashboard/shop');
  });

  it('offers to try again when the status cannot be read', async () => {
    sessionStorage.setItem('setupRedirected', 'true');
    let down = true;
    mockApi({
      'GET /shop/status': () => (down ? networkDown : ok(statusOf(testShop()))),
      'GET /shop/user/profile': ok(testShop()),
    });
    const { user } = renderApp('/dashboard/shop', { user: TEST_USER });
    expect(
      await screen.findByText(
        'Network error. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Your shop' });
  });
});
