import {
  type ApiSuccess,
  PUBLIC_PRODUCTS_PAGE,
  type PublicProduct,
  type PublicShop,
} from '@kartlink/contracts';
import { useSelector } from 'react-redux';
import { api } from '../../../lib/api';
import { isPublicProduct } from '../utils/product';

/** SPEC sections 7 and 9: the product page gives its fetch 3000 ms. */
const PRODUCT_FETCH_TIMEOUT_MS = 3000;
/** SPEC section 9: the shop load retries 3 times, the other queries (the data cache's) twice. */
const SHOP_RETRIES = { maxRetries: 3 };
const QUERY_RETRIES = { maxRetries: 2 };

/** A page of a shop's products after the first: after the product `after` (the page before's last). */
interface ProductsPageArgs {
  shopUrl: string;
  after: string;
}

interface ProductArgs {
  shopUrl: string;
  shortCode: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const dataOf = (response: unknown): unknown =>
  isRecord(response) ? (response as Partial<ApiSuccess<unknown>>).data : undefined;

/*
 * What each query keeps of its answer's `data`, or null when the data does not look like it.
 * The queries and the page's embedded data (embedded-data.ts) go through the same ones.
 */

/** The shop, or null when the data does not look like one. */
export function publicShopFrom(data: unknown): PublicShop | null {
  return isRecord(data) && typeof data.shopName === 'string' && typeof data.shopUrl === 'string'
    ? {
        ...(data as unknown as PublicShop),
        socialMedia: isRecord(data.socialMedia) ? data.socialMedia : {},
      }
    : null;
}

/** The products a visitor sees (SPEC section 2: showOnShop only), or null for bad data. */
export function shopProductsFrom(data: unknown): PublicProduct[] | null {
  if (!Array.isArray(data)) return null;
  return data.filter((item): item is PublicProduct => isPublicProduct(item) && item.showOnShop);
}

export function publicProductFrom(data: unknown): PublicProduct | null {
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
      transformResponse: (response) => publicShopFrom(dataOf(response)),
      extraOptions: SHOP_RETRIES,
      providesTags: ['Shop'],
    }),
    /** The first page of the shop's products (the server renders and embeds it). */
    publicShopProducts: build.query<PublicProduct[] | null, string>({
      query: (shopUrl) => `/shop/${path(shopUrl)}/urls?limit=${PUBLIC_PRODUCTS_PAGE}`,
      transformResponse: (response) => shopProductsFrom(dataOf(response)),
      extraOptions: QUERY_RETRIES,
      providesTags: ['Products'],
    }),
    /** Each further page, asked for as the visitor nears the end of the list. */
    publicShopProductsAfter: build.query<PublicProduct[] | null, ProductsPageArgs>({
      query: ({ shopUrl, after }) =>
        `/shop/${path(shopUrl)}/urls?limit=${PUBLIC_PRODUCTS_PAGE}&after=${encodeURIComponent(after)}`,
      transformResponse: (response) => shopProductsFrom(dataOf(response)),
      extraOptions: QUERY_RETRIES,
      providesTags: ['Products'],
    }),
    publicProduct: build.query<PublicProduct | null, ProductArgs>({
      query: ({ shopUrl, shortCode }) => ({
        url: `/url/shop/${path(shopUrl, shortCode)}`,
        timeout: PRODUCT_FETCH_TIMEOUT_MS,
      }),
      transformResponse: (response) => publicProductFrom(dataOf(response)),
      extraOptions: QUERY_RETRIES,
      providesTags: ['Product'],
    }),
  }),
});

export const {
  usePublicShopQuery,
  usePublicShopProductsQuery,
  usePublicShopProductsAfterQuery,
  usePublicProductQuery,
} = storefrontApi;

type ApiState = Parameters<ReturnType<typeof storefrontApi.endpoints.publicShopProducts.select>>[0];

/** The product as a page of the shop's grid the visitor has seen already lists it. */
function listedProduct(state: ApiState, shopUrl: string, shortCode: string) {
  const inPage = (page: PublicProduct[] | null | undefined) =>
    page?.find((p) => p.shortCode === shortCode);
  const first = inPage(storefrontApi.endpoints.publicShopProducts.select(shopUrl)(state).data);
  if (first) return first;
  for (const args of storefrontApi.util.selectCachedArgsForQuery(
    state,
    'publicShopProductsAfter',
  )) {
    if (args.shopUrl !== shopUrl) continue;
    const found = inPage(storefrontApi.endpoints.publicShopProductsAfter.select(args)(state).data);
    if (found) return found;
  }
  return undefined;
}

/**
 * Opened from the shop's grid: what the grid already knows of the product (from its first page
 * or any later page loaded as the visitor scrolled), shown while the product's own answer loads.
 */
export const useListedProduct = (shopUrl: string | null, shortCode: string | null) =>
  useSelector((state: ApiState) =>
    shopUrl && shortCode ? listedProduct(state, shopUrl, shortCode) : undefined,
  );
