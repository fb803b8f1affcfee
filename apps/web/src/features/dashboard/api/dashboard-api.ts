import type { ProductPage } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

export const RECENT_LINKS = 5;

/** The dashboard home's own read: the newest links and how many there are. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    recentProducts: build.query<ProductPage, void>({
      query: () => ({ url: '/urls', params: { page: 1, limit: RECENT_LINKS } }),
      transformResponse: dataOf<ProductPage>,
      // Creating, changing or deleting a link anywhere refreshes it.
      providesTags: ['Products'],
    }),
  }),
});

export const { useRecentProductsQuery } = dashboardApi;
