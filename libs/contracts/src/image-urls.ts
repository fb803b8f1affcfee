/** Our product images are served at .../shop/product-images/{id}; /thumbnail is their small one. */
const PRODUCT_IMAGE_PATH = /\/shop\/product-images\/[^/]+$/;
/** Shop and profile photos: /api/photos/{id}.{extension}, small one at /api/photos/{id}/thumbnail. */
const PHOTO_PATH = /\/api\/photos\/[^/]+$/;

/**
 * The small variant of an image for grids and thumbnails (SPEC section 7, Images): our own
 * product images and shop or profile photos get their /thumbnail address; any other image is
 * used as it is.
 */
export function thumbnailOf(address: string): string {
  let url: URL;
  try {
    url = new URL(address, 'http://localhost/');
  } catch {
    return address;
  }
  const photo = PHOTO_PATH.test(url.pathname);
  if (!photo && !PRODUCT_IMAGE_PATH.test(url.pathname)) return address;
  // Keep the address as written (relative stays relative), with /thumbnail before any query.
  const cut = address.search(/[?#]/);
  const path = cut === -1 ? address : address.slice(0, cut);
  const rest = cut === -1 ? '' : address.slice(cut);
  return `${photo ? path.replace(/\.[a-z]{3,4}$/i, '') : path}/thumbnail${rest}`;
}
