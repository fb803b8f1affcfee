import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../../../test/render-app';

async function expectSignInPage() {
  expect(await screen.findByRole('heading', { name: 'Sign in and sign up' })).toBeInTheDocument();
}

describe('protected routes', () => {
  it('send a signed-out visitor to /auth and remember where they were going', async () => {
    const { router } = renderApp('/dashboard/links?sort=clicks');
    await expectSignInPage();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: '/dashboard/links?sort=clicks' });
    expect(sessionStorage.getItem('redirectUrl')).toBe('/dashboard/links?sort=clicks');
  });

  it.each(['/shop/setup', '/dashboard/shop/banners'])('remember %s', async (path) => {
    renderApp(path);
    await expectSignInPage();
    expect(sessionStorage.getItem('redirectUrl')).toBe(path);
  });

  it('do not remember single-segment paths', async () => {
    const { router } = renderApp('/dashboard');
    await expectSignInPage();
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
  });

  it('protect /profile after its redirect', async () => {
    renderApp('/profile');
    await expectSignInPage();
    expect(sessionStorage.getItem('redirectUrl')).toBe('/dashboard/account');
  });

  it('let a signed-in user in', async () => {
    const { router } = renderApp('/dashboard/links', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Your product links' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/links');
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
  });
});
