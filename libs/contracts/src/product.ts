import type { ModerationHold } from './moderation';
import type { AfterEndAction } from './schedule';
import type { StoreLinkWarning } from './store-routing';

/** One store a product is sold on: the address and the vendor named from its host. */
export interface StoreLink {
  url: string;
  vendor: string;
  /** Icon key: amazon, flipkart, myntra, ajio, meesho, whatsapp, or web. */
  key: string;
}

/** A product and its short link (SPEC section 3, "Short URL / product"). */
/**
 * What a visitor gets of a product, field by field: a field added to products stays the
 * owner's until it is listed here (and in shop-service's toPublicProduct).
 */
export interface PublicProduct {
  id: string;
  shortCode: string;
  shortUrl: string;
  title: string;
  description: string | null;
  /** Rupees. */
  price: number | null;
  /**
   * When the price was read from a store page (ISO 8601), or null for a price the owner typed:
   * shown beside it as "₹799 as of 24 Nov", to visitors too (an affiliate price is a snapshot).
   * Always sent by the server (optional for objects made elsewhere, such as tests).
   */
  priceReadAt?: string | null;
  brand: string | null;
  createdAt: string;
  imageUrl: string | null;
  /** Vendor names, in the owner's order. */
  platforms: string[];
  originalURLs: string[];
  stores: StoreLink[];
  showOnShop: boolean;
  /**
   * The vendor key (`StoreLink.key`) of the owner's pinned store: shown first on the store
   * sheet and the target of `/{shopUrl}/{shortCode}/go`. Null when none is pinned.
   */
  defaultStore: string | null;
  /**
   * Set by the gateway on public product answers (not by shop-service): the tap proof the
   * store sheet adds to its `/go` links as `?t=` (see store-routing.ts). Valid about 30 minutes.
   */
  tapToken?: string;
  /**
   * Set by the gateway with `tapToken`: ids of IN_APP_ESCAPES switched off in its
   * configuration (IN_APP_ESCAPES_OFF); pass it to `inAppEscape`.
   */
  inAppEscapesOff?: string[];
  productDetails: {
    title: string;
    description: string | null;
    images: string[];
    image: string | null;
    price: number | null;
    brand: string | null;
  };
}

/** What the owner gets: the public fields and the click count. */
export interface Product extends PublicProduct {
  clicks: number;
  /*
   * The product's window on the shop (issue 19). Always sent by the server; optional for
   * objects made elsewhere (tests, older answers).
   */
  /** On the shop from this instant (ISO 8601, UTC); null: from when it is saved. */
  startsAt?: string | null;
  /** Off the shop from this instant; null: no end. */
  endsAt?: string | null;
  /** Past its end, its page shows `endedMessage` ('message') or sends visitors to the shop. */
  afterEnd?: AfterEndAction;
  /** The owner's words past the end; null: DEFAULT_ENDED_MESSAGE. */
  endedMessage?: string | null;
  /** Off: this product's redirects get no affiliate tags or UTM parameters. Default true. */
  affiliateTags: boolean;
  /** Set while an admin has hidden the product (issue 21): visitors get 410; the owner sees why. */
  hidden?: ModerationHold | null;
  /**
   * Only on the answer of a save (POST /api/urls, PUT /api/urls/{id}): shortened store links
   * that could not be resolved and were saved as given. Absent when every link resolved.
   */
  warnings?: StoreLinkWarning[];
}

export interface ProductBody {
  title: string;
  description?: string;
  price?: number | null;
  brand?: string;
  imageUrl?: string | null;
  images?: string[];
  originalURLs: string[];
  /** Chosen by the owner; generated when absent. */
  shortCode?: string;
  showOnShop?: boolean;
  /** Default true. */
  affiliateTags?: boolean;
  /** A vendor key of one of the product's stores, or null for none. */
  defaultStore?: string | null;
  /**
   * With `price`: when it was read from a store page (StorePage.priceReadAt). A price saved
   * without it is the owner's own, and clears the read date.
   */
  priceReadAt?: string | null;
  /** ISO 8601 instants (any offset; kept in UTC), or null to clear. End after start. */
  startsAt?: string | null;
  endsAt?: string | null;
  afterEnd?: AfterEndAction;
  endedMessage?: string | null;
}

export type ProductUpdateBody = Partial<ProductBody>;

export interface ProductListQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export interface ProductPage {
  items: Product[];
  total: number;
  page: number;
  limit: number;
}

/**
 * GET /api/urls/quota: how many products the owner's shop lists and how many their plan allows
 * (`limit` is null on Premium, which has none). Shown before a form is filled, not after.
 */
export interface ProductQuota {
  used: number;
  limit: number | null;
}
