import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, networkDown, ok, testSession, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

async function expectSignInPage() {
  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
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

describe('after a reload', () => {
  beforeEach(() => {
    localStorage.setItem('auth-user', JSON.stringify(TEST_USER));
  });

  it('waits for the session to be restored instead of sending a signed-in user to /auth', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const api = mockApi({ 'POST /auth/refresh': () => new Promise<Reply>((r) => (answer = r)) });
    const { router } = renderApp('/dashboard/links');

    expect(
      await screen.findByRole('status', { name: 'Checking your session' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /auth/refresh')).toHaveLength(1));
    answer(ok(testSession()));
    expect(await screen.findByRole('heading', { name: 'Your product links' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/links');
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
  });

  it('sends the visitor to /auth when there is no session any more', async () => {
    mockApi({ 'POST /auth/refresh': fail(401, 'Your session has expired. Please log in again.') });
    const { router } = renderApp('/dashboard/links');
    await expectSignInPage();
    expect(router.state.location.state).toEqual({ from: '/dashboard/links' });
    expect(sessionStorage.getItem('redirectUrl')).toBe('/dashboard/links');
  });
});

describe('the guard check', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes a token that is about to expire when a protected page opens', async () => {
    const api = mockApi({ 'POST /auth/refresh': ok(testSession()) });
    renderApp('/dashboard/links', { user: TEST_USER, tokenSecondsLeft: 200 });
    await screen.findByRole('heading', { name: 'Your product links' });
    await waitFor(() => expect(api.callsTo('POST /auth/refresh')).toHaveLength(1));
  });

  it('checks the session again every 45 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST /auth/refresh': ok(testSession({ expiresIn: 3600 })) });
    renderApp('/dashboard/links', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Your product links' });
    await act(async () => undefined);
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(2_700_000));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2_700_000));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(2);
  });

  it('sends an expired session to /auth with its message, remembering the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'POST /auth/refresh': fail(
        401,
        'Your session has expired. Please log in again.',
        'UNAUTHORIZED',
      ),
    });
    const { router } = renderApp('/dashboard/links', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Your product links' });
    await act(async () => undefined);
    await act(() => vi.advanceTimersByTimeAsync(2_700_000));

    await expectSignInPage();
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(sessionStorage.getItem('redirectUrl')).toBe('/dashboard/links');
  });

  it('keeps the page with a warning when the network is down', async () => {
    mockApi({ 'POST /auth/refresh': networkDown });
    const { router } = renderApp('/dashboard/links', { user: TEST_USER, tokenSecondsLeft: 0 });
    expect(
      await screen.findByText(
        'Network error. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/links');
    // The page opens once the setup gate has its answer about the shop.
    expect(await screen.findByRole('heading', { name: 'Your product links' })).toBeInTheDocument();
  });
});

describe('a call refused with a 401', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes the session and retries the call with the new token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let token = 'test-access-token';
    const api = mockApi({
      'POST /auth/refresh': () => {
        token = 'renewed';
        return ok(testSession({ accessToken: 'renewed' }));
      },
      'GET /auth/me': (call) =>
        call.authorization === `Bearer ${token}` && token === 'renewed'
          ? ok(TEST_USER)
          : fail(401, 'Token expired', 'TOKEN_EXPIRED'),
    });
    renderApp('/dashboard/account', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    await act(() => vi.advanceTimersByTimeAsync(600));

    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /auth/me').map((c) => c.authorization)).toEqual([
      'Bearer test-access-token',
      'Bearer renewed',
    ]);
  });

  it('signs out 2 s after the refresh failed too, and goes home', async () => {
    const api = mockApi({
      'GET /auth/me': fail(401, 'Token expired', 'TOKEN_EXPIRED'),
      'POST /auth/refresh': fail(401, 'Your session has expired. Please log in again.'),
      'POST /auth/logout': ok(null),
    });
    const { router, store } = renderApp('/dashboard/account', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    await waitFor(() => expect(api.callsTo('POST /auth/refresh')).toHaveLength(1));
    const refusedAt = Date.now();

    await screen.findByRole(
      'heading',
      { level: 1, name: 'One link for every store you sell on' },
      { timeout: 4_000 },
    );
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_900);
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth.user).toBeNull();
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });
});
