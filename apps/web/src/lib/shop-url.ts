/** SPEC section 5: shop URLs have at least 3 characters. */
export const SHOP_URL_MIN_LENGTH = 3;

/** SPEC section 5: typed shop URLs are lowercased and stripped to letters, digits and hyphens. */
export function sanitizeShopUrl(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, '');
}
