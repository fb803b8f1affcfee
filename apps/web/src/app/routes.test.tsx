import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../test/fixtures';
import { fail, mockApi, ok } from '../test/mock-api';
import { renderApp, TEST_USER } from '../test/render-app';
import {
  testProduct as publicProduct,
  testShop as publicShop,
} from '../features/storefront/test/fixtures';

/** An owner whose shop is set up: the dashboard pages open as they are. */
const serveFinishedShop = () =>
  mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 10 }),
  });

/** A public shop, asha-crafts, with one product, k3x9. */
const servePublicShop = () =>
  mockApi({
    'GET /shop/asha-crafts': ok(publicShop({ shopName: 'Asha Crafts', shopUrl: 'asha-crafts' })),
    'GET /shop/asha-crafts/urls': ok([publicProduct({ shortCode: 'k3x9' })]),
    'GET /url/shop/asha-crafts/k3x9': ok(publicProduct({ shortCode: 'k3x9' })),
  });

const pageHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('routes of SPEC section 2', () => {
  it.each([
    ['/', 'One link for every store you sell on'],
    ['/auth', 'Welcome back'],
    ['/admin-login', 'Authentication Failed'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/404', "Look like you're lost"],
    ['/notfound', "Look like you're lost"],
    ['/400', 'Bad Request'],
    ['/500', 'Server error'],
    ['/dashboard', 'Your dashboard'],
    ['/dashboard/links', 'Your product links'],
    ['/dashboard/link/lnk_42', 'Link details'],
    ['/dashboard/create-link', 'Create a product link'],
    ['/dashboard/account', 'Your account'],
    ['/dashboard/analytics', 'Analytics'],
    ['/dashboard/pricing', 'Plans and pricing'],
    ['/dashboard/secretoffer', 'A special offer'],
    ['/dashboard/shop', 'Your shop'],
    ['/dashboard/shop/settings', 'Shop settings'],
    ['/dashboard/shop/seo', 'Search and sharing (SEO)'],
    ['/dashboard/shop/social', 'Social links'],
    ['/dashboard/shop/earnings', 'Earnings'],
    ['/dashboard/shop/banners', 'Shop banners'],
  ])('%s shows "%s"', async (path, heading) => {
    serveFinishedShop();
    renderApp(path, { user: TEST_USER });
    expect(await pageHeading(heading)).toBeInTheDocument();
  });

  it('/shop/setup shows "Set up your shop" to an owner without a shop', async () => {
    mockApi({ 'GET /shop/user/profile': fail(404, 'Shop not found', 'NOT_FOUND') });
    renderApp('/shop/setup', { user: TEST_USER });
    expect(await pageHeading('Set up your shop')).toBeInTheDocument();
  });

  it.each([
    ['/asha-crafts', 'Asha Crafts'],
    ['/shop/asha-crafts', 'Asha Crafts'],
    ['/open/asha-crafts', 'Asha Crafts'],
    ['/asha-crafts/k3x9', 'Block-print cotton kurta'],
    ['/shop/asha-crafts/k3x9', 'Block-print cotton kurta'],
    ['/open/asha-crafts/k3x9', 'Block-print cotton kurta'],
  ])('%s shows "%s" to anyone', async (path, heading) => {
    servePublicShop();
    renderApp(path);
    expect(await pageHeading(heading)).toBeInTheDocument();
  });

  it('shows a spinner while a page loads', async () => {
    renderApp('/terms-of-service');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await pageHeading('Terms of Service')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('asks the API for the shop and product of the address', async () => {
    const api = servePublicShop();
    renderApp('/asha-crafts/k3x9');
    await pageHeading('Block-print cotton kurta');
    expect(api.callsTo('GET /url/shop/asha-crafts/k3x9')).toHaveLength(1);
  });

  it.each(['/some/unknown/deep/path', '/dashboard/nope', '/dashboard/shop/settings/more'])(
    'shows the 404 page for the unknown path %s',
    async (path) => {
      renderApp(path, { user: TEST_USER });
      expect(await pageHeading("Look like you're lost")).toBeInTheDocument();
    },
  );

  it.each([
    ['/privacy', '/privacy-policy', 'Privacy Policy'],
    ['/terms', '/terms-of-service', 'Terms of Service'],
    ['/profile', '/dashboard/account', 'Your account'],
  ])('redirects %s to %s', async (from, to, heading) => {
    const { router } = renderApp(from, { user: TEST_USER });
    expect(await pageHeading(heading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });
});

describe('public product pages', () => {
  it('mark the public visit and clear the new-user flag', async () => {
    localStorage.setItem('isNewUser', 'true');
    servePublicShop();
    renderApp('/asha-crafts/k3x9');
    await pageHeading('Block-print cotton kurta');
    expect(localStorage.getItem('publicRouteAccessed')).toBe('true');
    expect(localStorage.getItem('isNewUser')).toBeNull();
  });

  it('are the only pages that do so', async () => {
    localStorage.setItem('isNewUser', 'true');
    servePublicShop();
    renderApp('/asha-crafts');
    await pageHeading('Asha Crafts');
    expect(localStorage.getItem('publicRouteAccessed')).toBeNull();
    expect(localStorage.getItem('isNewUser')).toBe('true');
  });
});

describe('the dashboard', () => {
  it('frames its pages with the dashboard navigation', async () => {
    renderApp('/dashboard/analytics', { user: TEST_USER });
    await pageHeading('Analytics');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  });

  it('does not frame public pages with it', async () => {
    servePublicShop();
    renderApp('/asha-crafts', { user: TEST_USER });
    await pageHeading('Asha Crafts');
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
