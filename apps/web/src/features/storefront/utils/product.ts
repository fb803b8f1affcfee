import type { PublicProduct, StoreLink } from '@kartlink/contracts';
import { shopPath } from '../../../lib/shop-host';

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
  /**
   * The store's segment of its `/go` route: its vendor key (`amazon`), or its 1-based position
   * among the product's stores when another store of the product has the same key.
   */
  goKey: string;
}

/** What, besides the owner's order, decides the order of the sheet. */
interface StoreOrder {
  /** The product's `defaultStore`: the vendor key the owner pinned, shown first. */
  pinned?: string | null;
  /** The vendor key this visitor chose last time (remembered-store.ts), shown next. */
  remembered?: string | null;
}

const isWhatsApp = (store: StoreLink) => store.key === 'whatsapp';

/**
 * SPEC section 2: the sheet lists 'Buy on {vendor}', WhatsApp last as 'Buy on WhatsApp'. Before
 * the owner's order come the store the owner pinned, then the one this visitor chose last; WhatsApp
 * stays last whatever is pinned or remembered, as SPEC says. Only http(s) addresses are offered.
 */
export function storeOptions(
  stores: readonly StoreLink[],
  { pinned = null, remembered = null }: StoreOrder = {},
): StoreOption[] {
  const keyCounts = new Map<string, number>();
  for (const store of stores) {
    if (isRecord(store)) keyCounts.set(store.key, (keyCounts.get(store.key) ?? 0) + 1);
  }
  // A key stands for the first store of that key, as the redirect reads it.
  const firstOf = (key: string | null) =>
    key === null ? -1 : stores.findIndex((store) => isRecord(store) && store.key === key);
  const pinnedAt = firstOf(pinned);
  const rememberedAt = firstOf(remembered);
  const rank = ({ store, index }: { store: StoreLink; index: number }) =>
    isWhatsApp(store) ? 3 : index === pinnedAt ? 0 : index === rememberedAt ? 1 : 2;
  return stores
    .map((store, index) => ({ store, index }))
    .filter(({ store }) => isRecord(store) && isWebAddress(store.url))
    .sort((a, b) => rank(a) - rank(b))
    .map(({ store, index }) => ({
      ...store,
      label: isWhatsApp(store) ? 'Buy on WhatsApp' : `Buy on ${store.vendor}`,
      goKey: keyCounts.get(store.key) === 1 ? store.key : String(index + 1),
    }));
}

/**
 * The address of a store's tracked redirect (`GET /{shopUrl}/{shortCode}/go/{store}`), with the
 * proof that the visitor tapped it on the product page when the page has one.
 */
export function storeGoPath(
  shopUrl: string,
  shortCode: string,
  option: Pick<StoreOption, 'goKey'>,
  tapToken?: string | null,
): string {
  const path = shopPath(shopUrl, `${shortCode}/go/${encodeURIComponent(option.goKey)}`);
  return tapToken ? `${path}?t=${encodeURIComponent(tapToken)}` : path;
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
