/** Our product images are served at .../shop/product-images/{id}; /thumbnail is their small one. */
const PRODUCT_IMAGE_PATH = /\/shop\/product-images\/[^/]+$/;

/**
 * The small variant of an image for grids and thumbnails (SPEC section 7, Images): our own
 * product images get their /thumbnail address; any other image is used as it is.
 */
export function thumbnailOf(address: string): string {
  let url: URL;
  try {
    url = new URL(address, 'http://localhost/');
  } catch {
    return address;
  }
  if (!PRODUCT_IMAGE_PATH.test(url.pathname)) return address;
  // Keep the address as written (relative stays relative), with /thumbnail before any query.
  const cut = address.search(/[?#]/);
  return cut === -1
    ? `${address}/thumbnail`
    : `${address.slice(0, cut)}/thumbnail${address.slice(cut)}`;
}
