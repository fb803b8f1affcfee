import { ErrorCode } from '@kartlink/contracts';
import { errorCodeOf, httpStatusOf, redirectOf, serverMessageOf } from '../../../lib/errors';

/** SPEC section 8, Public pages: what the shop page says when it cannot show the shop. */
export const ShopPageMessages = {
  invalidUrl: 'Invalid shop URL',
  notFound: 'Shop not found',
  productsFailed: 'Failed to load shop products',
  privateTitle: 'Private Shop',
  privateText: 'This shop is currently set to private mode by the owner.',
  network: 'Network error. Please check your connection and try again.',
  failed: 'Failed to load shop data.',
} as const;

/** SPEC section 8, Public pages: what the product page says when it cannot show the product. */
export const ProductPageMessages = {
  notFound: 'This product link does not exist or has been removed.',
  badRequest: 'Invalid request. Please check the link and try again.',
  private: 'This shop is currently private',
  failed: 'There was a problem loading this product. Please try again later.',
  network: 'Unable to connect to the server. Please check your internet connection and try again.',
  invalidParams: 'Invalid URL parameters',
  invalidFormat: 'Invalid response format from server.',
} as const;

export type ShopProblem = 'notFound' | 'gone' | 'private' | 'network' | 'failed';

/** A shop or product an admin hid, or of a disabled account (issue 21: 410 NO_LONGER_AVAILABLE). */
export function isNoLongerAvailable(error: unknown): boolean {
  return errorCodeOf(error) === ErrorCode.NO_LONGER_AVAILABLE;
}

/** Why GET /shop/{shopUrl} failed, in the terms of SPEC section 8. */
export function shopProblemOf(error: unknown): ShopProblem {
  if (isNoLongerAvailable(error)) return 'gone';
  if (/private/i.test(serverMessageOf(error) ?? '')) return 'private';
  const status = httpStatusOf(error);
  if (status === undefined) return 'network';
  if (status === 404) return 'notFound';
  return 'failed';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A success status whose body was not JSON: an HTML page where the API should answer. */
function isUnreadableSuccess(error: unknown): boolean {
  if (!isRecord(error) || error.status !== 'PARSING_ERROR') return false;
  const status = httpStatusOf(error);
  return status !== undefined && status >= 200 && status < 300;
}

/** What the product page says for a failed GET /url/shop/{shopUrl}/{shortCode}. */
export function productErrorMessage(error: unknown): string {
  if (isUnreadableSuccess(error)) return ProductPageMessages.invalidFormat;
  const status = httpStatusOf(error);
  switch (status) {
    case undefined:
      return ProductPageMessages.network;
    case 404:
      return ProductPageMessages.notFound;
    case 400:
      return ProductPageMessages.badRequest;
    case 403:
      return ProductPageMessages.private;
    default:
      return ProductPageMessages.failed;
  }
}

/**
 * A scheduled product past its end (410 PRODUCT_ENDED): the owner's message, or the shop's page
 * to send the visitor to. Null for any other failure.
 */
export function endedProductOf(error: unknown): { message: string; redirectTo?: string } | null {
  if (errorCodeOf(error) !== ErrorCode.PRODUCT_ENDED) return null;
  const redirectTo = redirectOf(error);
  return {
    message: serverMessageOf(error) ?? ProductPageMessages.notFound,
    ...(redirectTo ? { redirectTo } : {}),
  };
}
