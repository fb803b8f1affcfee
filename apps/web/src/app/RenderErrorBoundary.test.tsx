import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BadRequestPage } from '../features/error-pages/routes/BadRequestPage';
import { NotFoundPage } from '../features/error-pages/routes/NotFoundPage';
import { ServerErrorPage } from '../features/error-pages/routes/ServerErrorPage';
import { reloadPage } from '../lib/reload';
import { ErrorScreen } from '../components/errors/ErrorScreen';
import { RenderErrorBoundary } from '../components/errors/RenderErrorBoundary';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

function Throws({ error }: { error: unknown }): never {
  throw error;
}

const CRITICAL = new TypeError('products.map is not a function');

/** An app frame with the boundary, the real error pages, and pages that fail as told. */
function renderWithBoundary(failures: Record<string, unknown>) {
  const pages: Record<string, ReactNode> = {
    fine: <h1>A page that works</h1>,
    '400': <BadRequestPage />,
    '404': <NotFoundPage />,
    '500': <ServerErrorPage />,
  };
  for (const [path, error] of Object.entries(failures)) pages[path] = <Throws error={error} />;

  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <RenderErrorBoundary>
          <Outlet />
        </RenderErrorBoundary>
      ),
      children: [
        { index: true, element: <Link to="/broken">Home page</Link> },
        ...Object.entries(pages).map(([path, element]) => ({ path, element })),
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/', '/broken'], initialIndex: 1 });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  // React reports every caught render error on the console; these are expected.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(reloadPage).mockClear();
});

describe('a critical render error', () => {
  it('replaces the page with /500 and passes the error along', async () => {
    const router = renderWithBoundary({ broken: CRITICAL });

    expect(await screen.findByRole('heading', { name: 'Server error' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/500');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({
      error: { message: 'products.map is not a function' },
    });

    // The failing page was replaced: going back leaves the app's first page.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Home page' })).toBeInTheDocument();
  });

  it.each([
    [{ status: 503, data: { error: 'Shop service is down' } }, '/500', 'Server error'],
    [{ status: 401, url: '/api/auth/otp/resend', message: 'Expired' }, '/500', 'Server error'],
    [{ status: 404, message: 'shop is undefined' }, '/404', "Look like you're lost"],
  ])('leads %j to %s', async (error, path, heading) => {
    const router = renderWithBoundary({ broken: error });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('leads a 400 to /400, which shows its message', async () => {
    renderWithBoundary({ broken: { status: 400, message: 'Unexpected token < in JSON' } });
    expect(await screen.findByRole('heading', { name: 'Bad Request' })).toBeInTheDocument();
    expect(screen.getByText('Unexpected token < in JSON')).toBeInTheDocument();
  });

  it('redirects only once: if the error page fails too, the notice shows there', async () => {
    const router = renderWithBoundary({ broken: CRITICAL, '500': CRITICAL });

    expect(
      await screen.findByText('Something went wrong displaying this content'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/500');
    expect(sessionStorage.getItem('redirectAfterError')).toBe('/500');
  });

  it('may redirect again once a page has rendered cleanly', async () => {
    const router = renderWithBoundary({ broken: CRITICAL, 'broken-again': CRITICAL });
    await screen.findByRole('heading', { name: 'Server error' });
    expect(sessionStorage.getItem('redirectAfterError')).toBeNull();

    await act(() => router.navigate('/broken-again'));
    expect(await screen.findByRole('heading', { name: 'Server error' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/500');
  });
});

describe('any other render error', () => {
  it('shows the inline notice with a Reload Page button', async () => {
    const router = renderWithBoundary({ broken: new Error('Chart failed to draw') });

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong displaying this content' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "We've encountered an issue, but you can continue using other parts of the application.",
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/broken');

    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('clears when the user moves to another page', async () => {
    const router = renderWithBoundary({ broken: new Error('Chart failed to draw') });
    await screen.findByRole('button', { name: 'Reload Page' });

    await act(() => router.navigate('/fine'));
    expect(screen.getByRole('heading', { name: 'A page that works' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload Page' })).not.toBeInTheDocument();
  });
});

describe('the generic error screen', () => {
  it('offers Refresh Page and Go to Homepage', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: <p>Never shown</p>,
        errorElement: <ErrorScreen />,
        hydrateFallbackElement: <p>Loading</p>,
        loader: () => {
          throw new Error('Failed to fetch dynamically imported module');
        },
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
