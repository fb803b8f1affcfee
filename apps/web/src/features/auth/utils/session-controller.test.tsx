import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../../lib/auth-slice';
import { fail, mockApi, networkDown, ok, testSession, type Reply } from '../../../test/mock-api';
import { createTestStore, TEST_USER } from '../../../test/render-app';
import { renderToaster } from '../../../test/toaster';
import { SessionController, type SessionStore } from './session-controller';

const HOUR = 3600_000;

/** A signed-in user with an hour-long token, changed by `auth`; null: a new page load. */
function setup(auth: Partial<AuthState> | null = {}) {
  const store = createTestStore(
    auth
      ? {
          status: 'signedIn',
          user: TEST_USER,
          accessToken: 'old-token',
          expiresAt: Date.now() + HOUR,
          ...auth,
        }
      : undefined,
  );
  const controller = new SessionController(store as unknown as SessionStore);
  const navigate = vi.fn();
  controller.setNavigate(navigate);
  renderToaster();
  return { store, controller, navigate, auth: () => store.getState().auth };
}

const signedInAs = (user = TEST_USER) => ({ status: 'signedIn', user });

/** Lets answered fetches and the promises behind them settle. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('refreshing the session', () => {
  it('asks once for callers that come together, and keeps the token in memory only', async () => {
    const api = mockApi({
      'POST /auth/refresh': ok(testSession({ accessToken: 'new-token' }, { displayName: 'Asha' })),
    });
    const { controller, auth } = setup({ accessToken: null, expiresAt: null });

    const outcomes = await Promise.all([controller.refresh(), controller.refresh()]);

    expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(auth()).toMatchObject({ status: 'signedIn', accessToken: 'new-token' });
    const stored = localStorage.getItem('auth-user') ?? '';
    expect(JSON.parse(stored)).toMatchObject({ id: TEST_USER.id, displayName: 'Asha' });
    expect(stored).not.toContain('new-token');
  });

  it('is skipped within 5 s of the last one', async () => {
    const api = mockApi({ 'POST /auth/refresh': ok(testSession()) });
    const { controller } = setup({ accessToken: null });

    await controller.refresh();
    vi.advanceTimersByTime(4_999);
    await controller.refresh();
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);

    vi.advanceTimersByTime(1);
    await controller.refresh();
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(2);
  });

  it('happens on its own 55 minutes after the token was issued', async () => {
    // A clock that moves only when told: checked to the millisecond, real time must not leak in.
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const api = mockApi({ 'POST /auth/refresh': ok(testSession()) });
    const { controller } = setup();
    controller.startSession(testSession({ expiresIn: 3600 }));

    await act(() => vi.advanceTimersByTimeAsync(3_300_000 - 1));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    controller.stop();
  });

  it('ignores an answer that arrives after the user signed out', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const api = mockApi({
      'POST /auth/refresh': () => new Promise<Reply>((resolve) => (answer = resolve)),
      'POST /auth/logout': ok(null),
    });
    const { controller, auth } = setup({ accessToken: null });

    const refreshing = controller.refresh();
    await vi.waitFor(() => expect(api.callsTo('POST /auth/refresh')).toHaveLength(1));
    await controller.logout();
    answer(ok(testSession()));

    expect(await refreshing).toEqual({ ok: false, reason: 'invalid' });
    expect(auth().user).toBeNull();
  });
});

describe('restoring the session on page load', () => {
  const storeProfile = () => localStorage.setItem('auth-user', JSON.stringify(TEST_USER));

  it('makes no call when this browser never signed in', async () => {
    const api = mockApi({});
    const { controller, auth } = setup(null);
    await controller.restore();
    expect(api.calls).toHaveLength(0);
    expect(auth().status).toBe('signedOut');
  });

  it('signs in when the refresh cookie is good', async () => {
    storeProfile();
    mockApi({ 'POST /auth/refresh': ok(testSession({ accessToken: 'restored' })) });
    const { controller, auth } = setup(null);
    expect(auth().status).toBe('restoring');

    await controller.restore();
    expect(auth()).toMatchObject({ ...signedInAs(), accessToken: 'restored' });
    controller.stop();
  });

  it('signs out, quietly, when it is not', async () => {
    storeProfile();
    mockApi({ 'POST /auth/refresh': fail(401, 'Your session has expired. Please log in again.') });
    const { controller, auth } = setup(null);

    await controller.restore();
    expect(auth().status).toBe('signedOut');
    expect(localStorage.getItem('auth-user')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the stored profile with a warning when the server cannot be reached', async () => {
    storeProfile();
    mockApi({ 'POST /auth/refresh': networkDown });
    const { controller, auth } = setup(null);

    await controller.restore();
    expect(auth()).toMatchObject({ ...signedInAs(), accessToken: null });
    expect(
      await screen.findByText(
        'Network error. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the guard check', () => {
  it('leaves a fresh token alone on a route change', async () => {
    const api = mockApi({ 'POST /auth/refresh': ok(testSession()) });
    const { controller } = setup({ expiresAt: Date.now() + 6 * 60_000 });
    await controller.verify('navigation');
    expect(api.calls).toHaveLength(0);
  });

  it('refreshes a token with less than 5 minutes left, and any token on the 45-minute check', async () => {
    const api = mockApi({ 'POST /auth/refresh': ok(testSession()) });
    const { controller } = setup({ expiresAt: Date.now() + 5 * 60_000 });

    await controller.verify('navigation');
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);

    vi.advanceTimersByTime(15_000);
    await controller.verify('recheck');
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(2);
    controller.stop();
  });

  it('forces a refresh at most once per 15 s and at most 3 times in a row', async () => {
    const api = mockApi({ 'POST /auth/refresh': networkDown });
    const { controller } = setup();
    const forced = () => api.callsTo('POST /auth/refresh').length;

    await controller.verify('recheck');
    expect(forced()).toBe(1);
    vi.advanceTimersByTime(14_999);
    await controller.verify('recheck');
    expect(forced()).toBe(1);

    vi.advanceTimersByTime(1);
    await controller.verify('recheck');
    vi.advanceTimersByTime(15_000);
    await controller.verify('recheck');
    expect(forced()).toBe(3);

    vi.advanceTimersByTime(60_000);
    await controller.verify('recheck');
    expect(forced()).toBe(3);

    // A check that finds the token fresh ends the row.
    await controller.verify('navigation');
    await controller.verify('recheck');
    expect(forced()).toBe(4);
  });

  it('keeps access with a warning when the network fails', async () => {
    mockApi({ 'POST /auth/refresh': networkDown });
    const { controller, auth } = setup();
    await controller.verify('recheck');
    expect(
      await screen.findByText(
        'Network error. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(auth().user).toEqual(TEST_USER);
  });

  it('keeps access with a warning when refreshes are rate-limited', async () => {
    mockApi({ 'POST /auth/refresh': fail(429, 'Slow down', 'RATE_LIMITED') });
    const { controller, auth } = setup();
    await controller.verify('recheck');
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(auth().user).toEqual(TEST_USER);
  });

  it('signs out an expired session with its message', async () => {
    mockApi({
      'POST /auth/refresh': fail(
        401,
        'Your session has expired. Please log in again.',
        'UNAUTHORIZED',
      ),
    });
    const { controller, auth } = setup();
    await controller.verify('recheck');
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(auth().status).toBe('signedOut');
    // Not a logout of the user's own: the guard sends them to /auth to sign in again.
    expect(sessionStorage.getItem('logoutTimestamp')).toBeNull();
  });

  it('signs out an invalid session with its message', async () => {
    mockApi({ 'POST /auth/refresh': fail(401, 'Session revoked', 'UNAUTHORIZED') });
    const { controller, auth } = setup();
    await controller.verify('recheck');
    expect(await screen.findByText('Invalid session. Please log in again.')).toBeInTheDocument();
    expect(auth().status).toBe('signedOut');
  });
});

describe('signing out', () => {
  it('ends the session on the server and here, and goes home', async () => {
    const api = mockApi({ 'POST /auth/logout': ok(null) });
    const { controller, auth, navigate } = setup();

    await controller.logout();
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(auth()).toEqual({ status: 'signedOut', user: null, accessToken: null, expiresAt: null });
    expect(localStorage.getItem('auth-user')).toBeNull();
    expect(Number(sessionStorage.getItem('logoutTimestamp'))).toBeCloseTo(Date.now(), -3);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('signs out here even when the server cannot be reached', async () => {
    mockApi({ 'POST /auth/logout': networkDown });
    const { controller, auth } = setup();
    await controller.logout();
    expect(auth().user).toBeNull();
  });

  it('everywhere: fails loudly and keeps the user signed in when the server refuses', async () => {
    const api = mockApi({ 'POST /auth/logout-all': fail(503, 'Try later', 'SERVICE_UNAVAILABLE') });
    const { controller, auth, navigate } = setup();
    await expect(controller.logout({ everywhere: true })).rejects.toMatchObject({ status: 503 });
    expect(api.calls[0]?.authorization).toBe('Bearer old-token');
    expect(auth().user).toEqual(TEST_USER);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the delayed logout of SPEC section 4', () => {
  it('signs the user out 2 s later and takes them home', async () => {
    const api = mockApi({ 'POST /auth/logout': ok(null) });
    const { controller, auth, navigate } = setup();

    controller.scheduleLogout();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(auth().user).toEqual(TEST_USER);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();

    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(auth().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
  });

  it('does not happen when this tab signed out within the last 5 s', async () => {
    const api = mockApi({});
    sessionStorage.setItem('logoutTimestamp', String(Date.now() - 4_000));
    const { controller } = setup();

    controller.scheduleLogout();
    expect(controller.hasScheduledLogout()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(api.calls).toHaveLength(0);
  });

  it('can be cancelled', async () => {
    const api = mockApi({});
    const { controller, auth, navigate } = setup();

    controller.scheduleLogout();
    expect(controller.hasScheduledLogout()).toBe(true);
    controller.cancelScheduledLogout();
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    expect(api.calls).toHaveLength(0);
    expect(auth().user).toEqual(TEST_USER);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is cancelled when the session recovers', async () => {
    mockApi({ 'POST /auth/refresh': ok(testSession()) });
    const { controller, auth } = setup({ accessToken: null });

    controller.scheduleLogout();
    await controller.refresh();
    expect(controller.hasScheduledLogout()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(auth().user).toEqual(TEST_USER);
    controller.stop();
  });
});
