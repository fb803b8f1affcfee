import { normalizeShopUrl, shopUrlProblem } from '@kartlink/contracts';
import { shopHost, shopPath } from '../../../lib/shop-host';

/** The shop URL of the address as the API looks it up (SPEC section 7), or null if invalid. */
export function shopUrlParam(raw: string | undefined): string | null {
  // On a shop's own domain the address holds no shop URL: the page names the shop.
  const shopUrl = normalizeShopUrl(raw ?? shopHost() ?? '');
  return shopUrlProblem(shopUrl) === undefined ? shopUrl : null;
}

// The API looks codes up lower-cased, at most 40 letters, digits and hyphens.
const SHORT_CODE = /^[a-z0-9-]{1,40}$/;

/** The short code of the address, lower-cased, or null if it cannot be one. */
export function shortCodeParam(raw: string | undefined): string | null {
  const code = (raw ?? '').trim().toLowerCase();
  return SHORT_CODE.test(code) ? code : null;
}

/** The address of a product: /{shopUrl}/{shortCode}, or /{shortCode} on the shop's own domain. */
export const productPath = (shopUrl: string, shortCode: string) => shopPath(shopUrl, shortCode);
