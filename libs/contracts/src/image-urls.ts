import { PRIMARY_BOXES, type StoredImageKind, VARIANT_WIDTHS } from './media';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Our own images' addresses, by kind; each smaller variant is served under {address}/{variant}. */
const OWN_IMAGES = [
  /** Product images: .../shop/product-images/{id}. */
  { kind: 'product', path: /\/shop\/product-images\/[^/]+$/ },
  /** Shop and profile photos: /api/photos/{id}.{extension}, variants without the extension. */
  { kind: 'shop', path: /\/api\/photos\/[^/]+$/, extension: true },
  /** Banners: /api/banners/{id} (an id, not the banner list's /api/banners/shop). */
  { kind: 'banner', path: new RegExp(`/api/banners/${UUID}$`, 'i') },
] as const satisfies ReadonlyArray<{ kind: StoredImageKind; path: RegExp; extension?: true }>;

type OwnKind = (typeof OWN_IMAGES)[number]['kind'];

/** Which of our own images an address is, or undefined for any other address. */
function ownImage(address: string) {
  let url: URL;
  try {
    url = new URL(address, 'http://localhost/');
  } catch {
    return undefined;
  }
  return OWN_IMAGES.find((image) => image.path.test(url.pathname));
}

/**
 * The address of a smaller variant of one of our images of the given kinds; any other address
 * is used as it is. The address is kept as written (relative stays relative), with the
 * variant's name before any query.
 */
function variantOf(address: string, variant: string, kinds: readonly OwnKind[]): string {
  const image = ownImage(address);
  if (!image || !kinds.includes(image.kind)) return address;
  const cut = address.search(/[?#]/);
  const path = cut === -1 ? address : address.slice(0, cut);
  const rest = cut === -1 ? '' : address.slice(cut);
  const base = 'extension' in image ? path.replace(/\.[a-z]{3,4}$/i, '') : path;
  return `${base}/${variant}${rest}`;
}

/**
 * The small variant of an image for grids and thumbnails (SPEC section 7, Images): our own
 * product images and shop or profile photos get their /thumbnail address; any other image is
 * used as it is.
 */
export function thumbnailOf(address: string): string {
  return variantOf(address, 'thumbnail', ['product', 'shop']);
}

/**
 * The phone-sized variant (VARIANT_WIDTHS.medium) of our own product images, photos and
 * banners: their /medium address; any other image is used as it is.
 */
export function mediumOf(address: string): string {
  return variantOf(address, 'medium', ['product', 'shop', 'banner']);
}

/**
 * Where the public pages show a large picture: the `sizes` of its slot, as the storefront's CSS
 * lays it out (storefront.css: the page is at most 72rem wide with 1rem each side;
 * ImageGallery.css, ProductPage.css, BannerCarousel.css). Written once here, because the page
 * head's preload must ask for exactly what the page's `<img>` will (else the phone downloads
 * the picture twice).
 *
 * The product grid's cards keep their thumbnail alone: a phone's half-width card needs 322
 * pixels at 1.75 device pixels per pixel, and offered the medium variant beside the 320 px
 * thumbnail, Chromium took the medium one for every card.
 */
export const ImageSlots = {
  /** The product page's main picture: the page's width on phones, half of it from 768 px. */
  productMain:
    '(min-width: 72rem) 33.75rem, (min-width: 768px) calc(50vw - 2.25rem), calc(100vw - 2rem)',
  /** A banner: one across a phone, three side by side from 768 px. */
  banner:
    '(min-width: 72rem) calc(68.5rem / 3), (min-width: 768px) calc((100vw - 3.5rem) / 3), calc(100vw - 2rem)',
} as const;

/** An `<img>`'s address and, for our own images, its choice of sizes. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * A large picture (a product page's, a banner): the full image, or its medium variant where the
 * slot needs no more (a phone). The full image is described at the most its kind is stored at.
 */
export function largeImage(address: string, sizes: string): ResponsiveImage {
  const medium = mediumOf(address);
  if (medium === address) return { src: address };
  const full = PRIMARY_BOXES[ownImage(address)!.kind].maxWidth;
  return {
    src: address,
    srcSet: `${medium} ${VARIANT_WIDTHS.medium}w, ${address} ${full}w`,
    sizes,
  };
}
