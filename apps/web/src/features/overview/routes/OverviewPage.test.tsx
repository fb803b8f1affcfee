import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { TEST_PUBLIC_URL } from '../../../test/public-url';

async function openHome() {
  const app = renderApp('/dashboard', { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Your dashboard' });
  return app;
}

describe('the dashboard home', () => {
  it("shows the shop's address to copy, the product count and the latest links", async () => {
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      'GET /urls': ok({ items: [testProduct()], total: 12, page: 1, limit: 5 }),
    });
    const { user } = await openHome();
    const address = `${TEST_PUBLIC_URL}/asha-crafts`;
    expect(await screen.findByRole('link', { name: address })).toHaveAttribute('href', address);
    await user.click(screen.getByRole('button', { name: 'Copy shop address' }));
    expect(await navigator.clipboard.readText()).toBe(address);

    const glance = screen.getByRole('region', { name: 'At a glance' });
    expect(await within(glance).findByText('12')).toBeInTheDocument();
    expect(within(glance).getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pochampally ikat saree' })).toHaveAttribute(
      'href',
      `/dashboard/link/${testProduct().id}`,
    );
    expect(screen.getByText('2 stores · 42 clicks')).toBeInTheDocument();
  });

  it('shows how full the free plan is, and the way to Premium once it is full', async () => {
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      'GET /urls': ok({ items: [testProduct()], total: 25, page: 1, limit: 5 }),
      'GET /urls/quota': ok({ used: 25, limit: 25 }),
    });
    const { user, router } = await openHome();
    const glance = screen.getByRole('region', { name: 'At a glance' });
    const full = await within(glance).findByRole('region', { name: 'Your free plan is full' });
    expect(full).toHaveTextContent(
      '25 of 25 products used. Upgrade to Premium for unlimited products',
    );
    await user.click(within(full).getByRole('link', { name: 'See Premium' }));
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
    expect(router.state.location.pathname).toBe('/dashboard/pricing');
  });

  it('counts down the last free places and says Premium has no limit', async () => {
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      'GET /urls': ok({ items: [], total: 22, page: 1, limit: 5 }),
      'GET /urls/quota': ok({ used: 22, limit: 25 }),
    });
    await openHome();
    const glance = screen.getByRole('region', { name: 'At a glance' });
    expect(await within(glance).findByText('22 of 25')).toBeInTheDocument();
    expect(within(glance).getByRole('meter', { name: 'Products on the free plan' })).toHaveValue(
      22,
    );
    expect(within(glance).getByText(/3 products left/)).toBeInTheDocument();
    expect(
      within(glance).getByRole('link', { name: 'Upgrade to Premium for unlimited products' }),
    ).toHaveAttribute('href', '/dashboard/pricing');
    expect(screen.queryByRole('region', { name: 'Your free plan is full' })).toBeNull();
  });

  it('offers the quick actions', async () => {
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      'GET /urls': ok({ items: [], total: 0, page: 1, limit: 5 }),
    });
    await openHome();
    const actions = screen.getByRole('region', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: /Create a link/ })).toHaveAttribute(
      'href',
      '/dashboard/create-link',
    );
    expect(await within(actions).findByRole('link', { name: /Open my shop/ })).toHaveAttribute(
      'href',
      `${TEST_PUBLIC_URL}/asha-crafts`,
    );
    expect(within(actions).getByRole('link', { name: /Edit shop/ })).toHaveAttribute(
      'href',
      '/dashboard/shop/settings',
    );
  });

  it('asks an owner without a shop to set it up', async () => {
    mockApi({
      'GET /shop/status': ok(statusOf(null)),
      'GET /shop/user/profile': fail(404, 'Shop not found', 'NOT_FOUND'),
    });
    await openHome();
    expect(
      await screen.findByRole('heading', { name: 'Finish setting up your shop' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up my shop' })).toHaveAttribute(
      'href',
      '/shop/setup',
    );
  });
});
