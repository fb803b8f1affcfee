import type { AuthSession, AuthUser, SignInPreview, TokenExchangeBody } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';
import { timeZoneHeaders } from '../../../lib/time-zone';

/** The session calls the app makes from every page: refresh, token exchange, sign-out. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The refresh token is an HttpOnly cookie: the browser sends it, JavaScript never sees it. */
    refreshSession: build.mutation<AuthSession, void>({
      query: () => ({ url: '/auth/refresh', method: 'POST', headers: timeZoneHeaders() }),
      transformResponse: dataOf<AuthSession>,
      extraOptions: { skipSessionRecovery: true },
    }),
    /** Trades a one-time token (after sign-up, Google or from an admin) for a session. */
    exchangeToken: build.mutation<AuthSession, TokenExchangeBody>({
      query: (body) => ({ url: '/auth/session', method: 'POST', body, headers: timeZoneHeaders() }),
      transformResponse: dataOf<AuthSession>,
      extraOptions: { skipSessionRecovery: true },
    }),
    /** Whose account a one-time token opens, without using it (the page asks first). */
    previewSignIn: build.mutation<SignInPreview, { token: string }>({
      query: (body) => ({ url: '/auth/session/preview', method: 'POST', body }),
      transformResponse: dataOf<SignInPreview>,
      extraOptions: { skipSessionRecovery: true },
    }),
    /** After Google sign-in: the one-time token is an HttpOnly cookie the gateway reads. */
    googleSession: build.mutation<AuthSession, void>({
      query: () => ({ url: '/auth/session/google', method: 'POST', headers: timeZoneHeaders() }),
      transformResponse: dataOf<AuthSession>,
      extraOptions: { skipSessionRecovery: true },
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      transformResponse: dataOf<null>,
      extraOptions: { skipSessionRecovery: true },
    }),
    logoutEverywhere: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
      transformResponse: dataOf<null>,
      extraOptions: { keepSessionOn401: true },
    }),
    currentUser: build.query<AuthUser, void>({
      query: () => '/auth/me',
      transformResponse: dataOf<AuthUser>,
      providesTags: ['Profile'],
    }),
  }),
});

export const {
  useExchangeTokenMutation,
  useGoogleSessionMutation,
  usePreviewSignInMutation,
  useCurrentUserQuery,
} = sessionApi;
