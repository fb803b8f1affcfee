import type {
  Shop,
  ShopSettingsBody,
  ShopStatus,
  ShopUrlBody,
  UrlAvailability,
} from '@kartlink/contracts';
import { api } from './api';
import { dataOf } from './envelope';

/**
 * The owner's shop (SPEC section 7, Shop and profile), shared by the setup wizard, the setup
 * gate, the dashboard and the shop pages: every save lands in one cache.
 */
const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopStatus: build.query<ShopStatus, void>({
      query: () => '/shop/status',
      transformResponse: dataOf<ShopStatus>,
      providesTags: ['ShopStatus'],
    }),
    /** 404 while the owner has no shop yet: setup is needed. */
    myShop: build.query<Shop, void>({
      query: () => '/shop/user/profile',
      transformResponse: dataOf<Shop>,
      providesTags: ['Shop'],
    }),
    /** A partial update; the first save creates the shop. */
    updateShopSettings: build.mutation<Shop, ShopSettingsBody>({
      query: (body) => ({ url: '/shop/settings', method: 'PUT', body }),
      transformResponse: dataOf<Shop>,
      // The answer is the shop as saved: it replaces the cached shop and status at once, so
      // that the guards never act on the state from before the save.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(shopApi.util.upsertQueryData('myShop', undefined, data));
          dispatch(shopApi.util.upsertQueryData('shopStatus', undefined, statusOf(data)));
        } catch {
          // The caller shows the failure.
        }
      },
      // Product links carry the shop URL.
      invalidatesTags: (_shop, error) => (error ? [] : ['Products', 'Product']),
    }),
    /**
     * Can this URL be taken? Asked as the signed-in owner, whose own shop's URL counts as free,
     * or, before sign-up, by anyone.
     */
    shopUrlAvailability: build.query<UrlAvailability, { shopUrl: string; signedIn: boolean }>({
      query: ({ shopUrl, signedIn }) => ({
        url: signedIn ? '/shop/validate-url' : '/shop/check-url-available',
        method: 'POST',
        body: { shopUrl } satisfies ShopUrlBody,
      }),
      transformResponse: dataOf<UrlAvailability>,
      // Someone else may take a URL at any moment: an old answer is not worth keeping.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useShopStatusQuery,
  useMyShopQuery,
  useUpdateShopSettingsMutation,
  useShopUrlAvailabilityQuery,
} = shopApi;

/** The setup state of a shop, as GET /shop/status tells it. */
function statusOf(shop: Shop): ShopStatus {
  return {
    hasShop: true,
    requiresSetup: shop.requiresSetup,
    setupCompleted: shop.setupCompleted,
    setupSteps: shop.setupSteps,
    shopUrl: shop.shopUrl,
  };
}
