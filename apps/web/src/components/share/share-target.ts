import {
  type PageHead,
  type Product,
  productPageHead,
  type PublicProduct,
  type Shop,
  shopPageHead,
  toPublicShop,
} from '@kartlink/contracts';
import { publicOrigin } from '../../lib/public-address';

/** What is shared: the owner's shop, or one of its products. */
export type ShareTarget =
  | {
      kind: 'shop';
      shop: Shop;
      /** The shop's products as far as known (the head counts the visible ones). */
      products?: readonly PublicProduct[];
    }
  | { kind: 'product'; shop: Shop; product: Product };

export interface Shareable {
  /** The public address shared. */
  address: string;
  /** What a chat shows of the link: the head the gateway writes into the page. */
  head: PageHead;
  /** The page's QR code under /api, without the extension. */
  qrPath: string;
  /** "your shop" / the product's title, for the dialog's words. */
  name: string;
}

/**
 * The head the server writes for the page, made from the owner's own data (the same shape a
 * visitor gets) and the public address; null while the shop has no name or URL yet.
 */
export function shareableOf(target: ShareTarget): Shareable | null {
  const { shopUrl, shopName } = target.shop;
  if (!shopUrl || !shopName) return null;
  const shop = toPublicShop({ ...target.shop, shopUrl, shopName });
  const base = publicOrigin();
  const shopPath = `/shop/${encodeURIComponent(shopUrl)}`;
  if (target.kind === 'shop') {
    const head = shopPageHead(shop, target.products ?? [], base);
    return { address: head.canonical, head, qrPath: `${shopPath}/qr`, name: shopName };
  }
  const { product } = target;
  const head = productPageHead(shop, product, base);
  return {
    address: head.canonical,
    head,
    qrPath: `/url${shopPath}/${encodeURIComponent(product.shortCode)}/qr`,
    name: product.title,
  };
}

/** The apps' own share pages, opened in a new tab with the link and its words filled in. */
export function shareLinks(address: string, text: string) {
  const url = encodeURIComponent(address);
  const words = encodeURIComponent(text);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${address}`)}`,
    x: `https://x.com/intent/post?url=${url}&text=${words}`,
    telegram: `https://t.me/share/url?url=${url}&text=${words}`,
  };
}
