import {
  ErrorCode,
  type Product,
  type ProductAnalytics,
  type ProductBody,
  type ProductListQuery,
  type ProductPage,
  type ProductUpdateBody,
  type StorePage,
} from '@kartlink/contracts';
import { api } from '../../../lib/api';
import type { DayRange } from '../../../lib/analytics-range';
import { dataOf } from '../../../lib/envelope';
import { errorCodeOf } from '../../../lib/errors';

/** The owner's product links (POST/GET/PATCH/DELETE /urls). */
const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<ProductPage, ProductListQuery>({
      query: ({ page, limit, search }) => ({
        url: '/urls',
        params: { page, limit, ...(search ? { search } : {}) },
      }),
      transformResponse: dataOf<ProductPage>,
      providesTags: ['Products'],
    }),
    product: build.query<Product, string>({
      query: (id) => `/urls/${encodeURIComponent(id)}`,
      transformResponse: dataOf<Product>,
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, ProductBody>({
      query: (body) => ({ url: '/urls', method: 'POST', body }),
      transformResponse: dataOf<Product>,
      // A refusal for the plan's limit means the counts shown were out of date: read them again.
      invalidatesTags: (_product, error) =>
        !error || errorCodeOf(error) === ErrorCode.PRODUCT_LIMIT_EXCEEDED ? ['Products'] : [],
    }),
    /** POST /urls/store-page: what a store's product page says, its picture copied. */
    readStorePage: build.mutation<StorePage, string>({
      query: (url) => ({ url: '/urls/store-page', method: 'POST', body: { url } }),
      transformResponse: dataOf<StorePage>,
    }),
    updateProduct: build.mutation<Product, { id: string; body: ProductUpdateBody }>({
      query: ({ id, body }) => ({ url: `/urls/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: dataOf<Product>,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(productsApi.util.upsertQueryData('product', id, data));
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_product, error) => (error ? [] : ['Products']),
    }),
    /** Shown at once in every cached list, and put back if the server refuses. */
    setShowOnShop: build.mutation<Product, { id: string; showOnShop: boolean }>({
      query: ({ id, showOnShop }) => ({
        url: `/urls/${encodeURIComponent(id)}/show-on-shop`,
        method: 'PATCH',
        body: { showOnShop },
      }),
      transformResponse: dataOf<Product>,
      async onQueryStarted({ id, showOnShop }, { dispatch, getState, queryFulfilled }) {
        const patches = productsApi.util
          .selectCachedArgsForQuery(getState(), 'products')
          .map((args) =>
            dispatch(
              productsApi.util.updateQueryData('products', args, (page) => {
                const item = page.items.find((product) => product.id === id);
                if (item) item.showOnShop = showOnShop;
              }),
            ),
          );
        try {
          const { data } = await queryFulfilled;
          dispatch(productsApi.util.upsertQueryData('product', id, data));
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
    }),
    /** POST /urls/{id}/refresh-price: the price read again from the store page, with its date. */
    refreshPrice: build.mutation<Product, string>({
      query: (id) => ({ url: `/urls/${encodeURIComponent(id)}/refresh-price`, method: 'POST' }),
      transformResponse: dataOf<Product>,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(productsApi.util.upsertQueryData('product', id, data));
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_product, error) => (error ? [] : ['Products']),
    }),
    /** One product's clicks over a range (GET /analytics/products/{id}). */
    productAnalytics: build.query<ProductAnalytics, { id: string } & DayRange>({
      query: ({ id, from, to }) => ({
        url: `/analytics/products/${encodeURIComponent(id)}`,
        params: { from, to },
      }),
      transformResponse: dataOf<ProductAnalytics>,
      providesTags: ['Analytics'],
    }),
    deleteProduct: build.mutation<null, string>({
      query: (id) => ({ url: `/urls/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: dataOf<null>,
      invalidatesTags: (_result, error) => (error ? [] : ['Products']),
    }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useCreateProductMutation,
  useReadStorePageMutation,
  useUpdateProductMutation,
  useSetShowOnShopMutation,
  useRefreshPriceMutation,
  useDeleteProductMutation,
  useProductAnalyticsQuery,
} = productsApi;
