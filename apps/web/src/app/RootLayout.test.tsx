import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageTakenOver } from '../hooks/use-hydrated';
import { signedIn, signedOut } from '../lib/auth-slice';
import { statusOf, testShop } from '../test/fixtures';
import { mockApi, ok } from '../test/mock-api';
import { renderApp, TEST_USER } from '../test/render-app';

const pageView = vi.hoisted(() => vi.fn());
vi.mock('./tracker', () => ({ tracker: { pageView } }));

const pageHeading = () => screen.findByRole('heading', { level: 1 });
const siteHeader = () => screen.queryByRole('banner');
const siteFooter = () => screen.queryByRole('contentinfo');

beforeEach(() => {
  pageView.mockClear();
});

describe('header and footer', () => {
  it.each(['/', '/privacy-policy', '/terms-of-service', '/auth'])('appear on %s', async (path) => {
    renderApp(path);
    await pageHeading();
    expect(siteHeader()).toBeInTheDocument();
    expect(siteFooter()).toBeInTheDocument();
  });

  it.each([
    '/dashboard',
    '/dashboard/links',
    '/dashboard/secretoffer',
    '/dashboard/shop/seo',
    '/shop/setup',
    '/admin-login',
    '/404',
    '/500',
    '/asha-crafts',
    '/asha-crafts/k3x9',
    '/some/unknown/deep/path',
  ])('are absent on %s', async (path) => {
    // An owner whose shop is set up: the dashboard pages open as they are.
    mockApi({
      'GET /shop/status': ok(statusOf(testShop())),
      'GET /shop/user/profile': ok(testShop()),
      'GET /urls': ok({ items: [], total: 0, page: 1, limit: 10 }),
    });
    renderApp(path, { user: TEST_USER });
    await pageHeading();
    expect(siteHeader()).not.toBeInTheDocument();
    expect(siteFooter()).not.toBeInTheDocument();
  });

  it('offer Sign Up, leading to /auth, to a signed-out visitor', async () => {
    const { router, user } = renderApp('/');
    await pageHeading();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('offer the Dashboard to a signed-in user', async () => {
    renderApp('/', { user: TEST_USER });
    await pageHeading();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('follow the session as the user signs in and out', async () => {
    const { store } = renderApp('/terms-of-service');
    await pageHeading();

    act(() => {
      store.dispatch(
        signedIn({ user: TEST_USER, accessToken: 'fresh-token', expiresAt: Date.now() + 3600_000 }),
      );
    });
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    act(() => {
      store.dispatch(signedOut());
    });
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(store.getState().auth).toEqual({
      status: 'signedOut',
      user: null,
      accessToken: null,
      expiresAt: null,
    });
  });

  it('change the top bar style once the page is scrolled past 20 px', async () => {
    renderApp('/privacy-policy');
    await pageHeading();
    const scrollTo = (y: number) =>
      act(() => {
        window.scrollY = y;
        fireEvent.scroll(window);
      });
    // The header is looked up again each time: the layout may mount it anew while it settles.
    const header = () => screen.getByRole('banner');

    scrollTo(20);
    expect(header()).not.toHaveClass('site-header--scrolled');
    scrollTo(21);
    await waitFor(() => expect(header()).toHaveClass('site-header--scrolled'));
    scrollTo(0);
    await waitFor(() => expect(header()).not.toHaveClass('site-header--scrolled'));
  });

  it('show the tagline, three social profiles and the copyright line', async () => {
    renderApp('/');
    await pageHeading();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('across up to 7 online stores');
    expect(screen.getByRole('list', { name: 'Kartlink on social media' }).children).toHaveLength(3);
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} Kartlink. All rights reserved.`,
    );
  });
});

describe('page title and page views', () => {
  // The app renders its pages itself, as main.tsx says before it does: no server title stands.
  beforeAll(() => pageTakenOver());

  afterEach(() => {
    document.title = '';
  });

  it('name the page after its path and count a view on every route change', async () => {
    const { router, user } = renderApp('/', { user: TEST_USER });
    await pageHeading();
    await waitFor(() => expect(document.title).toBe('Home | Kartlink'));
    expect(pageView).toHaveBeenCalledTimes(1);
    expect(pageView).toHaveBeenLastCalledWith({ path: '/', title: 'Home' });

    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    // The title follows the route in an effect, which may commit just after the new page shows.
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Kartlink'));
    expect(pageView).toHaveBeenCalledTimes(2);
    expect(pageView).toHaveBeenLastCalledWith({ path: '/privacy-policy', title: 'Privacy Policy' });

    await act(() => router.navigate('/dashboard/create-link?from=home'));
    await waitFor(() => expect(pageView).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(document.title).toBe('Dashboard / Create Link | Kartlink'));
    expect(pageView).toHaveBeenLastCalledWith({
      path: '/dashboard/create-link?from=home',
      title: 'Dashboard / Create Link',
    });
  });
});
