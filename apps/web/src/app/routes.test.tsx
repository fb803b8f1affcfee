import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../test/render-app';

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
    ['/dashboard/shop/banners', 'Shop banners'],
    ['/shop/setup', 'Set up your shop'],
    ['/asha-crafts', 'Shop pages are on their way'],
    ['/shop/asha-crafts', 'Shop pages are on their way'],
    ['/open/asha-crafts', 'Shop pages are on their way'],
    ['/asha-crafts/k3x9', 'Product pages are on their way'],
    ['/shop/asha-crafts/k3x9', 'Product pages are on their way'],
    ['/open/asha-crafts/k3x9', 'Product pages are on their way'],
  ])('%s shows "%s"', async (path, heading) => {
    renderApp(path, { user: TEST_USER });
    expect(await pageHeading(heading)).toBeInTheDocument();
  });

  it('shows a spinner while a page loads', async () => {
    renderApp('/terms-of-service');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await pageHeading('Terms of Service')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says which shop and product a public page is for', async () => {
    renderApp('/asha-crafts/k3x9');
    expect(await screen.findByText(/Product "k3x9" of the shop "asha-crafts"/)).toBeInTheDocument();
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
    renderApp('/asha-crafts/k3x9');
    await pageHeading('Product pages are on their way');
    expect(localStorage.getItem('publicRouteAccessed')).toBe('true');
    expect(localStorage.getItem('isNewUser')).toBeNull();
  });

  it('are the only pages that do so', async () => {
    localStorage.setItem('isNewUser', 'true');
    renderApp('/asha-crafts');
    await pageHeading('Shop pages are on their way');
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
    renderApp('/asha-crafts', { user: TEST_USER });
    await pageHeading('Shop pages are on their way');
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
