import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_USER } from '../test/render-app';

// Two pages of the real app that fail to render: one critically, one not.
vi.mock('../features/products/routes/ProductsPage', () => ({
  ProductsPage: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'map')");
  },
}));
vi.mock('../features/analytics/routes/AnalyticsPage', () => ({
  AnalyticsPage: () => {
    throw new Error('Chart library failed');
  },
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('render errors in the app', () => {
  it('take the user from a critically broken page to /500', async () => {
    const { router } = renderApp('/dashboard/links', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Server error' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/500');
    expect(sessionStorage.getItem('redirectAfterError')).toBeNull();
  });

  it('keep the dashboard usable around a page that failed to draw', async () => {
    renderApp('/dashboard/analytics', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong displaying this content' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
