import { ImagePaths, type StoredImageKind } from './media';

/**
 * Share cards: the picture a link preview shows (og:image, twitter:image) for a public shop
 * or product page. media-service makes one of each shop photo and product image, and draws a
 * default one with the shop's name for a shop without a photo; the gateway serves them.
 */

/** Every share card's size: the 1.91:1 picture WhatsApp, Facebook, X and Telegram show large. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** The images a shared link shows, and so the ones with a card: shop photos and product images. */
export const SHARE_CARD_KINDS: readonly StoredImageKind[] = ['shop', 'product'];

/** Bumped when the default card's drawing changes, so that its address changes with it. */
const DEFAULT_CARD_DESIGN = 1;

const ID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
// Our image addresses: the primary (a photo with or without its extension) and its variants.
const PRODUCT_IMAGE = new RegExp(`^/api/shop/product-images/(${ID})(?:/(?:thumbnail|card))?/?$`);
const PHOTO = new RegExp(`^/api/photos/(${ID})(?:\\.(?:jpg|png|gif|webp)|/(?:thumbnail|card))?/?$`);

/**
 * The card of an image this product serves (`/api/photos/{id}.jpg`, `/api/photos/{id}`,
 * `/api/shop/product-images/{id}`, their variants, or an absolute URL of one on any host), as
 * a path; null for anything else, such as an image on another site.
 */
export function shareCardPath(imageUrl: string | null | undefined): string | null {
  const path = pathOf(imageUrl?.trim() ?? '');
  if (path === null) return null;
  const product = PRODUCT_IMAGE.exec(path);
  if (product) return ImagePaths.productCard(product[1]!.toLowerCase());
  const photo = PHOTO.exec(path);
  if (photo) return ImagePaths.photoCard(photo[1]!.toLowerCase());
  return null;
}

/** The path of an address: itself when it starts with one /, else an http(s) URL's path. */
function pathOf(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url.replace(/[?#].*$/s, '');
  if (!/^(?:https?:)?\/\//i.test(url)) return null;
  try {
    return new URL(url, 'https://kartlink.invalid').pathname;
  } catch {
    return null;
  }
}

/**
 * The default card of a shop without a picture. `v` changes with the name (and the card's
 * design), so a renamed shop's card has a new address that crawlers fetch anew.
 */
export function defaultShareCardPath(shop: { shopUrl: string; shopName: string }): string {
  const version = fnv1a(`${DEFAULT_CARD_DESIGN}\u0000${shop.shopName.trim()}`);
  return `/api/shop/${encodeURIComponent(shop.shopUrl)}/card?v=${version}`;
}

/** FNV-1a (32 bits) over the UTF-16 code units, in base 36: short, stable, not a secret. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
