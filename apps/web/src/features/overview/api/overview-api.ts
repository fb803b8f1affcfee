import type { ProductPage } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

const RECENT_PRODUCTS = 5;

/** The overview's own read: the newest products and how many there are. */
const overviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    recentProducts: build.query<ProductPage, void>({
      query: () => ({ url: '/urls', params: { page: 1, limit: RECENT_PRODUCTS } }),
      transformResponse: dataOf<ProductPage>,
      // Creating, changing or deleting a product anywhere refreshes it.
      providesTags: ['Products'],
    }),
  }),
});

export const { useRecentProductsQuery } = overviewApi;
