import type { ApiSuccess, PublicProduct, PublicShop } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { isPublicProduct } from '../utils/product';

/** SPEC sections 7 and 9: the product page gives its fetch 3000 ms. */
const PRODUCT_FETCH_TIMEOUT_MS = 3000;

interface ProductArgs {
  shopUrl: string;
  shortCode: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const dataOf = (response: unknown): unknown =>
  isRecord(response) ? (response as Partial<ApiSuccess<unknown>>).data : undefined;

/** The shop, or null when the answer does not look like one. */
function publicShopFrom(response: unknown): PublicShop | null {
  const data = dataOf(response);
  return isRecord(data) && typeof data.shopName === 'string' && typeof data.shopUrl === 'string'
    ? {
        ...(data as unknown as PublicShop),
        socialMedia: isRecord(data.socialMedia) ? data.socialMedia : {},
      }
    : null;
}

/** The products a visitor sees (SPEC section 2: showOnShop only), or null for a bad answer. */
function shopProductsFrom(response: unknown): PublicProduct[] | null {
  const data = dataOf(response);
  if (!Array.isArray(data)) return null;
  return data.filter((item): item is PublicProduct => isPublicProduct(item) && item.showOnShop);
}

function publicProductFrom(response: unknown): PublicProduct | null {
  const data = dataOf(response);
  return isPublicProduct(data) ? data : null;
}

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

/**
 * What anonymous visitors read (SPEC section 7, Shop and Public tracking). A null result is an
 * answer the page cannot read; the pages say so rather than break.
 */
export const storefrontApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicShop: build.query<PublicShop | null, string>({
      query: (shopUrl) => `/shop/${path(shopUrl)}`,
      transformResponse: publicShopFrom,
      providesTags: ['Shop'],
    }),
    publicShopProducts: build.query<PublicProduct[] | null, string>({
      query: (shopUrl) => `/shop/${path(shopUrl)}/urls`,
      transformResponse: shopProductsFrom,
      providesTags: ['Products'],
    }),
    publicProduct: build.query<PublicProduct | null, ProductArgs>({
      query: ({ shopUrl, shortCode }) => ({
        url: `/url/shop/${path(shopUrl, shortCode)}`,
        timeout: PRODUCT_FETCH_TIMEOUT_MS,
      }),
      transformResponse: publicProductFrom,
      providesTags: ['Product'],
    }),
  }),
});

export const { usePublicShopQuery, usePublicShopProductsQuery, usePublicProductQuery } =
  storefrontApi;
