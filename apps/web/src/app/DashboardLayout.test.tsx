import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../test/fixtures';
import { mockApi, ok } from '../test/mock-api';
import { renderApp, TEST_USER } from '../test/render-app';
import { TEST_PUBLIC_URL } from '../test/public-url';

function serveOwner() {
  return mockApi({
    'GET /auth/me': ok(TEST_USER),
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 10 }),
    'POST /auth/logout': ok(null),
  });
}

async function open(path: string, user = TEST_USER) {
  const app = renderApp(path, { user });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const nav = () => screen.getByRole('navigation', { name: 'Dashboard' });
const moreButton = () => within(nav()).getByRole('button', { name: /^More/ });

describe('the dashboard top bar', () => {
  it("shows the owner's photo, leading to the account page", async () => {
    serveOwner();
    const photoURL = '/api/photos/0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3b.jpg';
    const { user, router } = await open('/dashboard/links', { ...TEST_USER, photoURL });
    const account = screen.getByRole('link', { name: 'Your account: Asha Rao' });
    expect(within(account).getByRole('presentation')).toHaveAttribute('src', photoURL);
    await user.click(account);
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    expect(router.state.location.pathname).toBe('/dashboard/account');
  });

  it('shows the first letter of the name when there is no photo', async () => {
    serveOwner();
    await open('/dashboard/links');
    const account = screen.getByRole('link', { name: 'Your account: Asha Rao' });
    expect(account).toHaveTextContent('A');
    expect(within(account).queryByRole('presentation')).toBeNull();
  });
});

describe('the phone navigation', () => {
  it('keeps the main four in the bar and marks the page shown', async () => {
    serveOwner();
    await open('/dashboard/analytics');
    const bar = within(nav());
    for (const name of ['Overview', 'Links', 'Create link', 'Analytics']) {
      expect(bar.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(bar.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    expect(moreButton()).toHaveAccessibleName('More');
    expect(moreButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens More with the other pages, the public shop and sign-out, each one tap away', async () => {
    serveOwner();
    const { user, router } = await open('/dashboard');
    await user.click(moreButton());
    const sheet = screen.getByRole('dialog', { name: 'More' });
    expect(sheet).toHaveFocus();
    expect(moreButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(sheet).getByText('asha@example.com')).toBeInTheDocument();
    for (const [name, href] of [
      ['My shop', '/dashboard/shop'],
      ['Pricing', '/dashboard/pricing'],
      ['Account', '/dashboard/account'],
    ]) {
      expect(within(sheet).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(
      await within(sheet).findByRole('link', { name: 'View my shop (opens in a new tab)' }),
    ).toHaveAttribute('href', `${TEST_PUBLIC_URL}/asha-crafts`);

    await user.click(within(sheet).getByRole('link', { name: 'Pricing' }));
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
    expect(router.state.location.pathname).toBe('/dashboard/pricing');
    expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull();
    // The page shown lives under More: the bar says so.
    expect(moreButton()).toHaveAccessibleName('More (showing Pricing)');
    expect(moreButton()).toHaveClass('active');

    await user.click(moreButton());
    expect(
      within(screen.getByRole('dialog', { name: 'More' })).getByRole('link', { name: 'Pricing' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('closes More with Escape or the backdrop, giving the focus back', async () => {
    serveOwner();
    const { user } = await open('/dashboard');
    await user.click(moreButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull();
    expect(moreButton()).toHaveFocus();

    await user.click(moreButton());
    await user.click(screen.getByRole('dialog', { name: 'More' }).parentElement!);
    expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull();
  });

  it('signs out from More and goes home', async () => {
    const api = serveOwner();
    const { user, router, store } = await open('/dashboard');
    await user.click(moreButton());
    await user.click(
      within(screen.getByRole('dialog', { name: 'More' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'One link for every store you sell on' });
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(store.getState().auth.user).toBeNull();
  });
});

describe('the side menu', () => {
  it('offers sign-out beside the pages', async () => {
    const api = serveOwner();
    const { user, router } = await open('/dashboard/links');
    await user.click(within(nav()).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'One link for every store you sell on' });
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });
});
