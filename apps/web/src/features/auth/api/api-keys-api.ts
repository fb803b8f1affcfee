import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

/** The account page's API keys: the list, creating one (its secret shown once), revoking one. */
const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    apiKeys: build.query<ApiKey[], void>({
      query: () => '/auth/api-keys',
      transformResponse: dataOf<ApiKey[]>,
      providesTags: ['ApiKeys'],
      // Last used changes while scripts run: always the current list when the page opens.
      keepUnusedDataFor: 0,
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyBody>({
      query: (body) => ({ url: '/auth/api-keys', method: 'POST', body }),
      transformResponse: dataOf<CreatedApiKey>,
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<null, string>({
      query: (id) => ({ url: `/auth/api-keys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: dataOf<null>,
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
