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
type SessionRefresher = () => Promise<boolean>;

let refresher: SessionRefresher | null = null;
let refreshInFlight: Promise<boolean> | null = null;

/** The auth feature registers its token refresh here; until then a 401 passes through. */
export function setSessionRefresher(fn: SessionRefresher | null): void {
  refresher = fn;
}

let sessionExpiredHandler: (() => void) | null = null;

/**
 * Called when a signed-in call still gets a 401 after the refresh and retry: the auth feature
 * schedules the delayed logout of SPEC section 4.
 */
export function setSessionExpiredHandler(fn: (() => void) | null): void {
  sessionExpiredHandler = fn;
}

/** Per-endpoint `extraOptions` the base query understands. */
export interface AppQueryOptions {
  /**
   * Sign-in calls (login, refresh, token exchange, logout...): their 401 means wrong
   * credentials or no session, so no refresh, no retry, no logout. The refresh call needs it
   * most: retrying it through the refresher would wait on itself.
   */
  skipSessionRecovery?: boolean;
  /** The caller shows this 401 itself (a wrong current password): never sign out over it. */
  keepSessionOn401?: boolean;
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

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, AppQueryOptions>;

const hasSession = (state: { auth: AuthState }) =>
  Boolean(state.auth.accessToken ?? state.auth.user);

/**
 * For calls made outside RTK Query (uploads, which need XMLHttpRequest for their progress):
 * the same recovery as below. Refreshes the session after a 401 and waits 500 ms; resolves to
 * whether the call is worth sending again.
 */
export async function recoverSessionAfter401(): Promise<boolean> {
  if (!refresher || !(await refreshSession(refresher))) return false;
  await delay(RETRY_AFTER_REFRESH_MS);
  return true;
}

/** A call outside RTK Query still got a 401 after recovering: the delayed logout follows. */
export function reportSessionExpired(): void {
  sessionExpiredHandler?.();
}

/**
 * fetchBaseQuery with the session's bearer token, plus SPEC sections 4 and 7: when a signed-in
 * call gets a 401, refresh the session, wait 500 ms and retry once, and if that does not help
 * let the auth feature sign out; a 500 is recorded and toasted, and still returned to the
 * caller.
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

  return async (args, api, extraOptions = {}) => {
    const signedIn = hasSession(api.getState() as { auth: AuthState });
    let result = await baseQuery(args, api, extraOptions);
    if (result.error?.status === 401 && signedIn && !extraOptions.skipSessionRecovery) {
      if (refresher && (await refreshSession(refresher))) {
        await delay(RETRY_AFTER_REFRESH_MS);
        result = await baseQuery(args, api, extraOptions);
      }
      if (result.error?.status === 401 && !extraOptions.keepSessionOn401) sessionExpiredHandler?.();
    }
    if (result.error && httpStatusOf(result.error) === 500) reportServerError(result.error.data);
    return result;
  };
}
