/**
 * Store routing that earns (issue 15): the owner's earnings settings, and the shapes of the
 * tracked redirect routes.
 *
 * Routes (gateway, public, no body):
 * - `GET|HEAD /{shopUrl}/{shortCode}/go/{store}`: `store` is a vendor key of one of the
 *   product's stores (`amazon`, `flipkart`, ..., or `web` for others; the first store of that
 *   key) or the store's 1-based position. Answers `302` to that stored URL rewritten by
 *   `affiliateUrl` (an `intent://` URL on Android when the shop's `openInApp` is on and the
 *   store has an app), counted as a click unless HEAD, a bot, a prefetch or the owner.
 * - `GET|HEAD /{shopUrl}/{shortCode}/go`: the product's `defaultStore`, else `302` to the
 *   product page `/{shopUrl}/{shortCode}`.
 *
 * Tap proof: the product page's store sheet adds `?t={tapToken}` to these links. `tapToken`
 * is carried by the public product answers (`PublicProduct.tapToken`, set by the gateway on
 * `GET /api/url/shop/{shopUrl}/{shortCode}`, on each product of `GET /api/shop/{shopUrl}/urls`
 * and so in the public pages' embedded data); it is valid for 30 minutes and only for that
 * shop and product. A redirect with a valid token is "tapped": the Amazon tag is added.
 * Without it, only when the owner turned `amazonOnSharedLinks` on. The same answers carry
 * `inAppEscapesOff` for `inAppEscape`.
 *
 * Country (Amazon localization): the gateway reads the visitor's ISO country from the header
 * its VISITOR_COUNTRY_HEADER names (`cf-ipcountry` by default; `x-country` or another behind
 * other edges, which must overwrite what clients send).
 *
 * Counting: HEAD requests and bots are recorded apart; prefetches and the shop's owner (a
 * bearer token, or the `kartlink_viewer` cookie the gateway sets at sign-in) are not recorded.
 * The redirect records a click with `platform` = the store's lower-case vendor (its
 * key for the known vendors) and `opensIn` ('app' for an intent:// answer, else 'web').
 */

import type { StoreLink } from './product';

/** An Amazon Associates tag for one marketplace host, e.g. { marketplace: 'amazon.in', tag: 'shop-21' }. */
export interface AmazonTag {
  marketplace: string;
  tag: string;
}

/** An affiliate network's link template for store hosts; '{url}' (encoded target) and '{shortCode}' are filled in. */
export interface NetworkTemplate {
  hosts: string[];
  template: string;
  network: 'cuelinks' | 'inrdeals' | 'custom';
}

/** The shop's "Earnings" settings (owner only; visitors see `PublicShop.amazonDisclosure`). */
export interface ShopEarnings {
  /** [] = none. */
  amazonTags: AmazonTag[];
  /** Flipkart `affid`; `affExtParam1` is set to the short code. */
  flipkartAffiliateId: string | null;
  /** [] = none. */
  networks: NetworkTemplate[];
  /** utm_source=kartlink, utm_medium=shop, utm_campaign={shopUrl}, utm_content={shortCode}. */
  utm: boolean;
  /** What to do with a tag already in the stored URL. */
  existingTags: 'keep' | 'replace';
  /** Add the Amazon tag on /go links not tapped on the product page (risky, off by default). */
  amazonOnSharedLinks: boolean;
  /** Send visitors to their country's marketplace when the owner set a tag for it. */
  localizeAmazon: boolean;
  /** Android intent:// answers; on by default. */
  openInApp: boolean;
}

export const DEFAULT_EARNINGS: ShopEarnings = {
  amazonTags: [],
  flipkartAffiliateId: null,
  networks: [],
  utm: false,
  existingTags: 'keep',
  amazonOnSharedLinks: false,
  localizeAmazon: false,
  openInApp: true,
};

/**
 * Subjects.shop.storeRoute's answer: what the gateway's `/go` redirect needs of a product of a
 * public shop. Server to server only: the earnings and owner id never reach a visitor.
 */
export interface StoreRoute {
  productId: string;
  shopUrl: string;
  shortCode: string;
  ownerUserId: string;
  stores: StoreLink[];
  defaultStore: string | null;
  affiliateTags: boolean;
  earnings: ShopEarnings;
}

/**
 * A store link of a saved product that could not be resolved (a shortened link such as
 * amzn.to the server could not reach): the product is saved with the link as given, and the
 * form shows `message`. Carried as `Product.warnings` on the answer of POST /api/urls and
 * PUT /api/urls/{id} only.
 */
export interface StoreLinkWarning {
  /** 1-based position of the link in `originalURLs`. */
  position: number;
  url: string;
  message: string;
}
