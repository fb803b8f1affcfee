import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, testSession } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const failedPanel = () => screen.findByRole('heading', { level: 1, name: 'Authentication Failed' });

const preview = ok({ email: 'buyer@example.com', displayName: 'Buyer Bala', impersonation: true });

describe('/admin-login', () => {
  it('asks "Continue as …?" and signs in only when the person says so', async () => {
    const api = mockApi({ 'POST /auth/session/preview': preview });
    const { router, user } = renderApp('/admin-login?token=planted-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continue as Buyer Bala?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/buyer@example\.com/)).toBeInTheDocument();
    // The token has left the address, and nothing is signed in yet.
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST /auth/session/preview').map((c) => c.body)).toEqual([
      { token: 'planted-token' },
    ]);
    expect(api.callsTo('POST /auth/session')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/session')).toHaveLength(0);
  });

  it('signs in with the token once confirmed and opens the dashboard', async () => {
    const api = mockApi({
      'POST /auth/session/preview': preview,
      'POST /auth/session': ok(
        testSession(
          { accessToken: 'impersonated' },
          { email: 'buyer@example.com', impersonatedBy: { id: 'a1', email: 'admin@example.com' } },
        ),
      ),
    });
    const { router, store, user } = renderApp('/admin-login?token=admin-one-time');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Successfully logged in as user')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Your dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('POST /auth/session').map((c) => c.body)).toEqual([
      { token: 'admin-one-time' },
    ]);
    expect(store.getState().auth.accessToken).toBe('impersonated');
    // The dashboard says whose account this is.
    expect(screen.getByText('Viewing as buyer@example.com (admin)')).toBeInTheDocument();
  });

  it('says that no token was given', async () => {
    const api = mockApi({});
    renderApp('/admin-login');
    await failedPanel();
    expect(screen.getByText('No authentication token provided')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('says that the token is missing when it is empty', async () => {
    mockApi({});
    renderApp('/admin-login?token=');
    await failedPanel();
    expect(screen.getByText('Missing authentication token')).toBeInTheDocument();
  });

  it('shows the toast and the panel when the token is refused, and drops it from the address', async () => {
    mockApi({
      'POST /auth/session/preview': preview,
      'POST /auth/session': fail(403, 'This admin sign-in link is no longer valid.', 'FORBIDDEN'),
    });
    const { router, store, user } = renderApp('/admin-login?token=used-token');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await failedPanel();
    expect(await screen.findByText('Failed to log in with admin token')).toBeInTheDocument();
    expect(screen.getByText('This admin sign-in link is no longer valid.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(store.getState().auth.user).toBeNull();
  });

  it('shows the panel when the link is used or late, before asking anything', async () => {
    const api = mockApi({
      'POST /auth/session/preview': fail(
        401,
        'This sign-in link is invalid or has expired.',
        'UNAUTHORIZED',
      ),
    });
    renderApp('/admin-login?token=late-token');
    await failedPanel();
    expect(screen.getByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/session')).toHaveLength(0);
  });
});
