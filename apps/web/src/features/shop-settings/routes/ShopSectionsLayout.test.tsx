import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

async function openSection(path: string) {
  mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
  });
  const app = renderApp(path, { user: TEST_USER });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const menu = () => screen.getByRole('navigation', { name: 'Shop sections' });
const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('the shop sections layout', () => {
  it('lists the five sections, with SEO labelled Pro and Banners labelled Beta', async () => {
    await openSection('/dashboard/shop/settings');
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Settings',
      'Social',
      'Earnings',
      'SEOPro',
      'BannersBeta',
    ]);
    expect(within(menu()).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('links back to the shop dashboard', async () => {
    const { user, router } = await openSection('/dashboard/shop/seo');
    await user.click(screen.getByRole('link', { name: 'Back to shop' }));
    expect(await screen.findByRole('heading', { name: 'Your shop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/shop');
  });

  it('opens the slide-in menu on narrow screens and closes it after a choice', async () => {
    const { user, router } = await openSection('/dashboard/shop/settings');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveClass('shop-sections__menu--open');

    await user.click(within(menu()).getByRole('link', { name: /Banners/ }));
    expect(await screen.findByRole('heading', { name: 'Shop banners' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/shop/banners');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the slide-in menu with Escape or the close button', async () => {
    const { user } = await openSection('/dashboard/shop/social');
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
