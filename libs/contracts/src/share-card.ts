/** The picture a shared link previews with: the size WhatsApp, Facebook and X show largest. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

const OWN_IMAGE =
  /^(?:https?:\/\/[^/]+)?(\/api\/(?:photos|shop\/product-images)\/[^/?#.]+)(?:\.[a-z]{3,4})?$/i;

/** The share card of an image this product serves, or null (an image from elsewhere). */
export function shareCardPath(imageUrl: string | null | undefined): string | null {
  const match = imageUrl ? OWN_IMAGE.exec(imageUrl.trim()) : null;
  return match ? `${match[1]}/card` : null;
}

/** The generated card of a shop with no picture: its name; a new name is a new address. */
export function defaultShareCardPath(shop: { shopUrl: string; shopName: string }): string {
  let hash = 0;
  for (const char of shop.shopName) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) | 0;
  return `/api/shop/${encodeURIComponent(shop.shopUrl)}/card?v=${(hash >>> 0).toString(36)}`;
}
