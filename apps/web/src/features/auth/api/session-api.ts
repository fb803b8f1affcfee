import type { AuthSession, AuthUser, TokenExchangeBody } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

/** The session calls the app makes from every page: refresh, token exchange, sign-out. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The refresh token is an HttpOnly cookie: the browser sends it, JavaScript never sees it. */
    refreshSession: build.mutation<AuthSession, void>({
      query: () => ({ url: '/auth/refresh', method: 'POST' }),
      transformResponse: dataOf<AuthSession>,
      extraOptions: { skipSessionRecovery: true },
    }),
    /** Trades a one-time token (after sign-up, Google or from an admin) for a session. */
    exchangeToken: build.mutation<AuthSession, TokenExchangeBody>({
      query: (body) => ({ url: '/auth/session', method: 'POST', body }),
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

export const { useExchangeTokenMutation, useCurrentUserQuery } = sessionApi;
