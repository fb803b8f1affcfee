import { createApi, retry, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';
import { isRetryable, waitBeforeRetry } from './retry';

/** Where the API lives; pages that send the browser there (Google sign-in) use it too. */
export const API_ROOT = import.meta.env.VITE_API_URL || '/api';

/**
 * The one RTK Query API of the web app. Features add their calls with
 * `api.injectEndpoints` in their own `api/` folder; every cache tag is declared here.
 */
export const api = createApi({
  reducerPath: 'api',
  // SPEC section 9: a query retries network and server failures when its endpoint says how
  // many times (`extraOptions: { maxRetries }`), waiting 1 s, 2 s, 4 s... up to 30 s.
  baseQuery: retry(createBaseQuery(API_ROOT), {
    backoff: waitBeforeRetry,
    retryCondition: (error, _args, { attempt, extraOptions }) =>
      attempt <= ((extraOptions as { maxRetries?: number } | undefined)?.maxRetries ?? 0) &&
      isRetryable(error as FetchBaseQueryError),
  }),
  tagTypes: [
    'Session',
    'Profile',
    'Devices',
    'ApiKeys',
    'Shop',
    'ShopStatus',
    'Product',
    'Products',
    'Banners',
    'Media',
    'Analytics',
    'Plan',
    'Webhooks',
    'Admin',
    'CustomDomain',
  ],
  // SPEC section 9: data is fresh for 5 minutes, kept for an hour, refetched on reconnect.
  refetchOnMountOrArgChange: 5 * 60,
  keepUnusedDataFor: 60 * 60,
  refetchOnReconnect: true,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
