import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBaseQuery,
  setSessionExpiredHandler,
  setSessionRefresher,
  type AppQueryOptions,
} from './base-query';
import { renderToaster } from '../test/toaster';

const BASE_URL = 'http://kartlink.test/api';
let accessToken: string | null = 'token-1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const requests = () => fetchMock.mock.calls.map(([request]) => request);

function queryApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: vi.fn(),
    getState: () => ({ auth: { user: null, accessToken } }),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

const baseQuery = createBaseQuery(BASE_URL);
const call = (args: Parameters<typeof baseQuery>[0], options: AppQueryOptions = {}) =>
  baseQuery(args, queryApi(), options);

beforeEach(() => {
  accessToken = 'token-1';
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setSessionRefresher(null);
  setSessionExpiredHandler(null);
  vi.useRealTimers();
});

describe('requests', () => {
  it('go to the API root with credentials and the bearer token', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: { ok: 1 } }));
    const result = await call('/shop/status');

    expect(result.data).toEqual({ success: true, data: { ok: 1 } });
    const [request] = requests();
    expect(request?.url).toBe('http://kartlink.test/api/shop/status');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('carry no authorization header when signed out', async () => {
    accessToken = null;
    fetchMock.mockResolvedValue(json(200, { success: true, data: null }));
    await call('/shop/asha');
    expect(requests()[0]?.headers.has('authorization')).toBe(false);
  });

  it('time out after 10 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (request) =>
        new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const pending = call('/shop/status');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).error).toMatchObject({ status: 'TIMEOUT_ERROR' });
  });
});

describe('on a 401', () => {
  it('passes the 401 through when no refresher is registered', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Token expired' }));
    const result = await call('/shop/status');
    expect(result.error).toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes the session, waits 500 ms and retries once with the new token', async () => {
    vi.useFakeTimers();
    setSessionRefresher(async () => {
      accessToken = 'token-2';
      return true;
    });
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, error: 'Token expired' }))
      .mockResolvedValueOnce(json(200, { success: true, data: 'fresh' }));

    const pending = call('/shop/user/profile');
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);

    expect((await pending).data).toEqual({ success: true, data: 'fresh' });
    expect(requests().map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('retries only once', async () => {
    vi.useFakeTimers();
    setSessionRefresher(async () => true);
    fetchMock.mockImplementation(async () => json(401, { success: false, error: 'Nope' }));

    const pending = call('/shop/status');
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await pending).error).toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry when the refresh fails', async () => {
    const refresh = vi.fn().mockRejectedValue(new Error('refresh token revoked'));
    setSessionRefresher(refresh);
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Token expired' }));

    expect((await call('/shop/status')).error).toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is an answer, not an expired session, for a signed-out caller', async () => {
    accessToken = null;
    const refresh = vi.fn(async () => true);
    const expired = vi.fn();
    setSessionRefresher(refresh);
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Invalid email or password.' }));

    expect((await call('/auth/login')).error).toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });

  it('is left alone for sign-in calls that skip session recovery', async () => {
    const refresh = vi.fn(async () => true);
    const expired = vi.fn();
    setSessionRefresher(refresh);
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Session expired' }));

    await call({ url: '/auth/refresh', method: 'POST' }, { skipSessionRecovery: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports the expired session when the retry is refused too', async () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    setSessionRefresher(async () => true);
    setSessionExpiredHandler(expired);
    fetchMock.mockImplementation(async () => json(401, { success: false, error: 'Nope' }));

    const pending = call('/shop/status');
    await vi.advanceTimersByTimeAsync(500);
    await pending;
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('reports the expired session when the refresh fails', async () => {
    const expired = vi.fn();
    setSessionRefresher(async () => false);
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Token expired' }));

    await call('/shop/status');
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not report it when the caller keeps the session on a 401', async () => {
    const expired = vi.fn();
    setSessionRefresher(async () => false);
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Wrong password' }));

    await call({ url: '/auth/password', method: 'POST' }, { keepSessionOn401: true });
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async () => true);
    setSessionRefresher(refresh);
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(401, {}))
      .mockImplementation(async () => json(200, { success: true, data: 1 }));

    const both = Promise.all([call('/shop/status'), call('/banners/shop')]);
    await vi.advanceTimersByTimeAsync(500);
    const results = await both;

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.data)).toEqual([
      { success: true, data: 1 },
      { success: true, data: 1 },
    ]);
  });
});

describe('on a 500', () => {
  beforeEach(() => {
    renderToaster();
  });

  it('shows the server error toast, records it, and still returns the error', async () => {
    fetchMock.mockResolvedValue(
      json(500, {
        success: false,
        error: 'Shop service is unavailable',
        errorCode: 'INTERNAL_ERROR',
      }),
    );
    let result: Awaited<ReturnType<typeof call>> | undefined;
    await act(async () => {
      result = await call('/shop/status');
    });

    expect(result?.error).toMatchObject({ status: 500 });
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Shop service is unavailable')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('recent500Errors') ?? '[]')).toHaveLength(1);
  });

  it('also handles a 500 whose body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Internal Server Error</h1>', { status: 500 }));
    await act(async () => {
      await call('/shop/status');
    });
    expect(
      screen.getByText('The server encountered an issue while processing your request'),
    ).toBeInTheDocument();
  });

  it('leaves other failures alone', async () => {
    fetchMock.mockResolvedValue(json(503, { success: false, error: 'Maintenance' }));
    await act(async () => {
      await call('/shop/status');
    });
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('recent500Errors')).toBeNull();
  });
});
