import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, networkDown, ok, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const UNFINISHED = testShop({
  shopPhotoURL: null,
  setupCompleted: false,
  requiresSetup: true,
  setupSteps: { shopUrl: true, basicInfo: false, profilePhoto: false },
});

function serve(status: Reply, shop: Reply = ok(UNFINISHED)) {
  return mockApi({
    'GET /shop/status': status,
    'GET /shop/user/profile': shop,
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 5 }),
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the setup gate', () => {
  it('sends an owner with an unfinished shop to the wizard, once per session', async () => {
    serve(ok(statusOf(UNFINISHED)));
    const { router } = renderApp('/dashboard/links', { user: TEST_USER });
    await heading('Set up your shop');
    expect(router.state.location.pathname).toBe('/shop/setup');
    expect(sessionStorage.getItem('setupRedirected')).toBe('true');

    await act(() => router.navigate('/dashboard'));
    await heading('Your dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('does not redirect after a public product page was visited', async () => {
    localStorage.setItem('publicRouteAccessed', 'true');
    const api = serve(ok(statusOf(UNFINISHED)));
    const { router } = renderApp('/dashboard/links', { user: TEST_USER });
    await heading('Your product links');
    expect(router.state.location.pathname).toBe('/dashboard/links');
    expect(api.callsTo('GET /shop/status')).toHaveLength(0);
  });

  it('does not redirect an owner without a shop, or with a finished one', async () => {
    serve(ok(statusOf(null)), fail(404, 'Shop not found', 'NOT_FOUND'));
    const first = renderApp('/dashboard', { user: TEST_USER });
    await heading('Your dashboard');
    expect(first.router.state.location.pathname).toBe('/dashboard');
    first.unmount();

    serve(ok(statusOf(testShop())), ok(testShop()));
    const second = renderApp('/dashboard', { user: TEST_USER });
    await heading('Your dashboard');
    expect(second.router.state.location.pathname).toBe('/dashboard');
  });

  it('lets the page open when the shop status cannot be read', async () => {
    serve(networkDown, networkDown);
    const { router } = renderApp('/dashboard/pricing', { user: TEST_USER });
    await heading('Plans and pricing');
    expect(router.state.location.pathname).toBe('/dashboard/pricing');
  });
});
