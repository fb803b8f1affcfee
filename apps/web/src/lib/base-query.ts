import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { selectAccessToken, type AuthState } from './auth-slice';
import { httpStatusOf } from './errors';
import { reportServerError } from './server-errors';

/** Gets a fresh access token into the store; resolves to whether it did. */
export type SessionRefresher = () => Promise<boolean>;

let refresher: SessionRefresher | null = null;
let refreshInFlight: Promise<boolean> | null = null;

/** The auth feature registers its token refresh here; until then a 401 passes through. */
export function setSessionRefresher(fn: SessionRefresher | null): void {
  refresher = fn;
}

function refreshSession(refresh: SessionRefresher): Promise<boolean> {
  // Concurrent 401s share one refresh: refresh tokens rotate, and replaying one ends the session.
  refreshInFlight ??= refresh()
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_AFTER_REFRESH_MS = 500;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/**
 * fetchBaseQuery with the session's bearer token, plus SPEC section 7's rules: on a 401,
 * refresh the session, wait 500 ms and retry once; a 500 is recorded and toasted, and still
 * returned to the caller.
 */
export function createBaseQuery(baseUrl: string): AppBaseQuery {
  const baseQuery = fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
    prepareHeaders: (headers, { getState }) => {
      const token = selectAccessToken(getState() as { auth: AuthState });
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });

  return async (args, api, extraOptions) => {
    let result = await baseQuery(args, api, extraOptions);
    if (result.error?.status === 401 && refresher && (await refreshSession(refresher))) {
      await delay(RETRY_AFTER_REFRESH_MS);
      result = await baseQuery(args, api, extraOptions);
    }
    if (result.error && httpStatusOf(result.error) === 500) reportServerError(result.error.data);
    return result;
  };
}
