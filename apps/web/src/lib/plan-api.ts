import type { ProductQuota } from '@kartlink/contracts';
import { api } from './api';
import { dataOf } from './envelope';

/**
 * How full the owner's plan is (GET /urls/quota), for the dashboard, the links list and the
 * create form alike. Every product write refreshes it, as it refreshes the lists.
 */
const planApi = api.injectEndpoints({
  endpoints: (build) => ({
    productQuota: build.query<ProductQuota, void>({
      query: () => '/urls/quota',
      transformResponse: dataOf<ProductQuota>,
      providesTags: ['Products'],
    }),
  }),
});

export const { useProductQuotaQuery } = planApi;

/** No room left for another product on this plan. */
export const isQuotaFull = (quota: ProductQuota | undefined): boolean =>
  quota !== undefined && quota.limit !== null && quota.used >= quota.limit;
