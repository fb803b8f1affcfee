import { SHOP_URL_MIN, ShopMessages } from '@kartlink/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useShopUrlAvailabilityQuery } from '../lib/shop-api';
import { useDebouncedValue } from './use-debounced-value';

/** SPEC sections 5 and 9: availability is asked after a 500 ms pause in typing. */
const AVAILABILITY_DEBOUNCE_MS = 500;

/** What a shop URL field says while the answer comes and when the URL is free. */
export const AvailabilityMessages = {
  checking: 'Checking availability…',
  available: 'This shop URL is available!',
} as const;

export type Availability =
  /** Too short to ask about, or the owner's own URL. */
  | { kind: 'idle' }
  /** Typing, or the question is on its way. */
  | { kind: 'checking' }
  | { kind: 'available' }
  | { kind: 'unavailable'; message: string }
  /** No answer (offline...): saving will tell. */
  | { kind: 'unknown' };

/**
 * Whether a shop URL can be taken, asked of the server once it has 3 or more characters and
 * typing paused for 500 ms: as the signed-in owner (POST /shop/validate-url), whose saved URL
 * `ownUrl` is free without asking, or signed out, before sign-up (POST
 * /shop/check-url-available).
 */
export function useShopUrlAvailability(
  shopUrl: string,
  { ownUrl, signedIn = true }: { ownUrl?: string | null; signedIn?: boolean } = {},
): Availability {
  const settled = useDebouncedValue(shopUrl, AVAILABILITY_DEBOUNCE_MS);
  const worthAsking = (url: string) => url.length >= SHOP_URL_MIN && url !== ownUrl;
  const { data, isFetching, isError } = useShopUrlAvailabilityQuery(
    worthAsking(settled) ? { shopUrl: settled, signedIn } : skipToken,
  );

  if (!worthAsking(shopUrl)) return { kind: 'idle' };
  if (settled !== shopUrl || isFetching) return { kind: 'checking' };
  if (isError || !data) return { kind: 'unknown' };
  return data.isAvailable
    ? { kind: 'available' }
    : { kind: 'unavailable', message: data.message ?? ShopMessages.urlTaken };
}
