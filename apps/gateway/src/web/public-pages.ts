import {
  type EmbeddedPublicData,
  ErrorCode,
  isReservedShopUrl,
  normalizeShopUrl,
  type PageHead,
  productPageHead,
  PUBLIC_PRODUCTS_PAGE,
  shopPageHead,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { PublicReadCache } from '../public/public-read-cache';

/** What a path of the web app shows, as far as the server must know. */
export type PageKind =
  | { kind: 'shop'; shopUrl: string }
  | { kind: 'product'; shopUrl: string; shortCode: string }
  /** A page of the product itself; `indexed` for those search engines should list. */
  | { kind: 'app'; indexed: boolean }
  | { kind: 'not-found' };

/** Pages of the product that search engines list; every other one is `noindex`. */
const INDEXED_APP_PAGES = new Set(['/', '/privacy-policy', '/terms-of-service']);
const NOT_FOUND_PAGES = new Set(['/404', '/notfound']);
const SEGMENT = /^[A-Za-z0-9-]+$/;

/**
 * SPEC section 2: a shop at /{shopUrl}, /shop/{shopUrl} and /open/{shopUrl}, its products one
 * level below; every other first segment is reserved for the product's own pages.
 */
export function pageKindOf(path: string): PageKind {
  if (INDEXED_APP_PAGES.has(path)) return { kind: 'app', indexed: true };
  if (NOT_FOUND_PAGES.has(path)) return { kind: 'not-found' };
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { kind: 'not-found' };
  }
  const [first = ''] = segments;
  const prefixed = (first === 'shop' || first === 'open') && segments.length >= 2;
  if (isReservedShopUrl(first) && !prefixed) return { kind: 'app', indexed: false };
  const [shopUrl, shortCode, ...rest] = prefixed ? segments.slice(1) : segments;
  if (rest.length || !shopUrl || !SEGMENT.test(shopUrl)) return { kind: 'not-found' };
  if (shortCode === undefined) return { kind: 'shop', shopUrl: normalizeShopUrl(shopUrl) };
  if (!SEGMENT.test(shortCode)) return { kind: 'not-found' };
  return {
    kind: 'product',
    shopUrl: normalizeShopUrl(shopUrl),
    shortCode: shortCode.toLowerCase(),
  };
}

export type PublicPage =
  | { found: true; head: PageHead; data: EmbeddedPublicData }
  /**
   * A scheduled product past its end: 410 with the app (it shows the owner's message), or a
   * redirect; a page hidden by an admin: 410 too.
   */
  | { found: false; ended?: { redirectTo?: string } };

/**
 * Loads what a public page shows through the same in-process cache as the API's reads (the
 * same keys, so a page and its API calls share one entry): a hit costs no service request.
 * An unknown or private shop or product is not found; any other failure is thrown.
 */
export async function loadPublicPage(
  page: Extract<PageKind, { kind: 'shop' | 'product' }>,
  cache: PublicReadCache,
  publicUrl: string,
): Promise<PublicPage> {
  const { shopUrl } = page;
  const base = new URL(publicUrl).origin;
  try {
    if (page.kind === 'shop') {
      // The first page of the products, as the page's own query asks for it; the rest come
      // as the visitor scrolls.
      const [{ data: shopData }, { data: products }, { data: stats }] = await Promise.all([
        cache.shop(shopUrl),
        cache.products(shopUrl, { limit: PUBLIC_PRODUCTS_PAGE }),
        cache.stats(shopUrl),
      ]);
      return {
        found: true,
        head: shopPageHead(shopData, products, base, stats.productCount),
        data: { shop: { shopUrl, data: shopData }, products: { shopUrl, data: products } },
      };
    }
    const { shortCode } = page;
    const [{ data: shopData }, { data: product }] = await Promise.all([
      cache.shop(shopUrl),
      cache.product(shopUrl, shortCode),
    ]);
    return {
      found: true,
      head: productPageHead(shopData, product, base),
      data: {
        shop: { shopUrl, data: shopData },
        product: { shopUrl, shortCode, data: product },
      },
    };
  } catch (err) {
    const code = err instanceof ServiceError ? err.code : undefined;
    if (code === ErrorCode.NOT_FOUND || code === ErrorCode.FORBIDDEN) return { found: false };
    // Hidden by an admin, or of a disabled account: 410 with the app (it shows why from the API).
    if (code === ErrorCode.NO_LONGER_AVAILABLE) return { found: false, ended: {} };
    if (code === ErrorCode.PRODUCT_ENDED) {
      const redirectTo = (err as ServiceError).details?.redirectTo;
      return {
        found: false,
        ended:
          typeof redirectTo === 'string' && /^\/[a-z0-9-]+$/.test(redirectTo) ? { redirectTo } : {},
      };
    }
    throw err;
  }
}
