import type { PublicProduct, StoreLink } from '@kartlink/contracts';

/** SPEC section 9, Card: cut lengths and the number of platform chips. */
export const CARD_TITLE_LIMIT = 60;
export const CARD_DESCRIPTION_LIMIT = 80;
const CARD_MAX_CHIPS = 2;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Whether an answer has what the product page cannot do without: an id to track, a short code,
 * a title and a list of stores. Everything else is optional when shown.
 */
export function isPublicProduct(value: unknown): value is PublicProduct {
  return (
    isRecord(value) &&
    nonEmpty(value.id) &&
    nonEmpty(value.shortCode) &&
    typeof value.title === 'string' &&
    Array.isArray(value.stores)
  );
}

/** Every picture of a product, main one first, each once. */
export function productImages(product: PublicProduct): string[] {
  const details = product.productDetails;
  const all = [product.imageUrl, details?.image, ...(details?.images ?? [])];
  return [...new Set(all.filter(nonEmpty))];
}

export const productPrice = (product: PublicProduct): number | null =>
  product.price ?? product.productDetails?.price ?? null;

export const productBrand = (product: PublicProduct): string | null =>
  product.brand || product.productDetails?.brand || null;

export const productDescription = (product: PublicProduct): string | null =>
  product.description || product.productDetails?.description || null;

/**
 * The card's store chips: the first two stores by name (a store listed twice counts once) and
 * how many more there are.
 */
export function platformChips(platforms: readonly string[] | undefined): {
  shown: string[];
  more: number;
} {
  const unique = [...new Set((platforms ?? []).filter(nonEmpty))];
  return {
    shown: unique.slice(0, CARD_MAX_CHIPS),
    more: Math.max(0, unique.length - CARD_MAX_CHIPS),
  };
}

export interface StoreOption extends StoreLink {
  label: string;
}

const isWhatsApp = (store: StoreLink) => store.key === 'whatsapp';

/**
 * SPEC section 2: the sheet lists 'Buy on {vendor}', WhatsApp last as 'Buy on WhatsApp'.
 * Only http(s) addresses are offered: a store link is followed without asking.
 */
export function storeOptions(stores: readonly StoreLink[]): StoreOption[] {
  return stores
    .filter((store) => isRecord(store) && isWebAddress(store.url))
    .map((store) => ({
      ...store,
      label: isWhatsApp(store) ? 'Buy on WhatsApp' : `Buy on ${store.vendor}`,
    }))
    .sort((a, b) => Number(isWhatsApp(a)) - Number(isWhatsApp(b)));
}

function isWebAddress(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
