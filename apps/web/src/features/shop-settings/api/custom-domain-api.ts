import type { CustomDomain, CustomDomainAnswer, CustomDomainBody } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

const TAG = [{ type: 'CustomDomain' as const, id: 'MINE' }];

/** The shop's custom domain (issue 20): add, verify, remove. */
const customDomainApi = api.injectEndpoints({
  endpoints: (build) => ({
    customDomain: build.query<CustomDomainAnswer, void>({
      query: () => '/shop/domain',
      transformResponse: dataOf<CustomDomainAnswer>,
      providesTags: TAG,
    }),
    setCustomDomain: build.mutation<CustomDomain, CustomDomainBody>({
      query: (body) => ({ url: '/shop/domain', method: 'PUT', body }),
      transformResponse: dataOf<CustomDomain>,
      invalidatesTags: TAG,
    }),
    verifyCustomDomain: build.mutation<CustomDomain, void>({
      query: () => ({ url: '/shop/domain/verify', method: 'POST', body: {} }),
      transformResponse: dataOf<CustomDomain>,
      invalidatesTags: TAG,
    }),
    removeCustomDomain: build.mutation<null, void>({
      query: () => ({ url: '/shop/domain', method: 'DELETE' }),
      invalidatesTags: TAG,
    }),
  }),
});

export const {
  useCustomDomainQuery,
  useSetCustomDomainMutation,
  useVerifyCustomDomainMutation,
  useRemoveCustomDomainMutation,
} = customDomainApi;
