import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationProgress } from './NavigationProgress';

describe('NavigationProgress', () => {
  it('shows a loading bar while the next page loads, and hides it after', async () => {
    let finishLoading: (module: { Component: ComponentType }) => void = () => undefined;
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>First page</h1> },
          { path: 'next', lazy: () => new Promise((resolve) => (finishLoading = resolve)) },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => {
      void router.navigate('/next');
    });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();

    await act(async () => finishLoading({ Component: () => <h1>Next page</h1> }));
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
