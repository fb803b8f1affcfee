import { ImageSlots, largeImage, type ResponsiveImage, thumbnailOf } from './image-urls';
import type { PublicProduct } from './product';
import { formatRupees } from './product-rules';
import type { PublicShop } from './shop';
import { defaultShareCardPath, SHARE_CARD, shareCardPath } from './share-card';
import { visibleSocialLinks } from './social';

/**
 * What a public page says about itself to link previews (WhatsApp, Instagram, X, Telegram...)
 * and search engines. The gateway writes it into the page's HTML head; the dashboard's share
 * panel shows the same to the owner as the preview of a chat.
 */
export interface PageHead {
  title: string;
  description: string;
  keywords?: string;
  /** Absolute. */
  canonical: string;
  og: {
    type: 'website' | 'product';
    title: string;
    description: string;
    /** Absolute. */
    url: string;
    siteName: string;
    image: ShareImage;
  };
  twitter: { card: 'summary' | 'summary_large_image'; title: string; description: string };
  /** Product pages with a price: `product:price:amount` and `product:price:currency`. */
  price?: { amount: string; currency: 'INR' };
  /** schema.org objects, each written as its own `application/ld+json` script. */
  jsonLd: object[];
  /**
   * The picture the page paints largest first, preloaded with the same choice of sizes as the
   * page's `<img>` (the same `srcset` and `sizes`), addresses absolute; none when unknown.
   */
  lcpImage?: ResponsiveImage;
}

interface ShareImage {
  /** Absolute. */
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

const SITE_NAME = 'Kartlink';
/** About what search results and previews show of a description before cutting it. */
const DESCRIPTION_MAX = 160;

/** Text on one line, trimmed to `max` characters at a word where one is near, with "…". */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const firstText = (...values: Array<string | null | undefined>) =>
  values.map((value) => value?.trim()).find((value): value is string => !!value);

/** An address of this product made absolute; others (already absolute) are kept. */
function absolute(base: string, address: string): string {
  try {
    return new URL(address, `${base}/`).toString();
  } catch {
    return address;
  }
}

/** The tab title of a shop page: its SEO title, else its name, then the product's. */
export const shopPageTitle = (shop: Pick<PublicShop, 'shopName' | 'seo'>) =>
  `${firstText(shop.seo?.title) ?? shop.shopName} · ${SITE_NAME}`;

/** The tab title of a product page: the product, then its shop. */
export const productPageTitle = (productTitle: string, shopName: string) =>
  `${productTitle} · ${shopName}`;

/** Public pages live at /{shopUrl} and /{shopUrl}/{shortCode} (SPEC section 2). */
export const shopPagePath = (shopUrl: string) => `/${encodeURIComponent(shopUrl)}`;
export const productPagePath = (shopUrl: string, shortCode: string) =>
  `${shopPagePath(shopUrl)}/${encodeURIComponent(shortCode)}`;

/**
 * A shop page's address: at the shop's verified custom domain when it has one
 * (`https://shop.example.com/`, with the protocol of `base`), else `{base}/{shopUrl}`.
 */
export function shopPageUrl(shop: Pick<PublicShop, 'shopUrl' | 'customDomain'>, base: string) {
  if (shop.customDomain) return `${protocolOf(base)}//${shop.customDomain}/`;
  return `${base}${shopPagePath(shop.shopUrl)}`;
}

/** A product page's address: `https://shop.example.com/{shortCode}` on a custom domain. */
export function productPageUrl(
  shop: Pick<PublicShop, 'shopUrl' | 'customDomain'>,
  shortCode: string,
  base: string,
) {
  if (shop.customDomain)
    return `${protocolOf(base)}//${shop.customDomain}/${encodeURIComponent(shortCode)}`;
  return `${base}${productPagePath(shop.shopUrl, shortCode)}`;
}

function protocolOf(base: string): string {
  try {
    return new URL(base).protocol;
  } catch {
    return 'https:';
  }
}

function shareImage(
  base: string,
  shop: PublicShop,
  picture: string | null | undefined,
  alt: string,
): ShareImage {
  const card = shareCardPath(picture);
  if (card) return { url: absolute(base, card), ...SHARE_CARD, alt };
  return {
    url: absolute(base, defaultShareCardPath(shop)),
    ...SHARE_CARD,
    alt: shop.shopName,
  };
}

/** A price as schema.org and Open Graph want it: ASCII digits and a "." decimal point. */
const priceText = (price: number) => (Number.isInteger(price) ? String(price) : price.toFixed(2));

function productImages(product: PublicProduct): string[] {
  const images = product.productDetails.images.length
    ? product.productDetails.images
    : [product.productDetails.image ?? product.imageUrl].filter((x): x is string => !!x);
  return [...new Set(images)];
}

/** The head of a public shop page, `base` being the public address (no trailing slash). */
export function shopPageHead(
  shop: PublicShop,
  products: readonly PublicProduct[],
  base: string,
  /** How many products the shop shows, when `products` is only the first page of them. */
  productCount?: number,
): PageHead {
  const url = shopPageUrl(shop, base);
  const name = shop.shopName;
  const visible = products.filter((product) => product.showOnShop);
  const count = productCount ?? visible.length;
  const description = clip(
    firstText(shop.seo?.description, shop.shopDescription) ??
      `${name} on ${SITE_NAME}: ${count} ${count === 1 ? 'product' : 'products'}, each one tap from the store.`,
  );
  const image = shareImage(base, shop, shop.shopPhotoURL, name);
  const banner = shop.banners?.enabled ? shop.banners.images[0]?.url : undefined;
  const firstProductImage = visible.map((p) => productImages(p)[0]).find(Boolean);
  // Without a banner, the first product card's picture (its thumbnail) paints largest.
  const lcp = banner
    ? largeImage(absolute(base, banner), ImageSlots.banner)
    : firstProductImage
      ? { src: absolute(base, thumbnailOf(firstProductImage)) }
      : undefined;
  const sameAs = visibleSocialLinks(shop.socialMedia ?? {})
    .map((link) => link.url)
    .filter((link) => /^https?:\/\//.test(link));
  return {
    title: shopPageTitle(shop),
    description,
    keywords: firstText(shop.seo?.keywords),
    canonical: url,
    og: {
      type: 'website',
      title: firstText(shop.seo?.ogTitle, shop.seo?.title) ?? name,
      description: clip(firstText(shop.seo?.ogDescription) ?? description),
      url,
      siteName: SITE_NAME,
      image,
    },
    twitter: {
      card: 'summary_large_image',
      title: firstText(shop.seo?.twitterTitle, shop.seo?.ogTitle, shop.seo?.title) ?? name,
      description: clip(firstText(shop.seo?.twitterDescription) ?? description),
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name,
        url,
        ...(shop.shopDescription ? { description: shop.shopDescription } : {}),
        ...(shop.shopPhotoURL ? { image: absolute(base, shop.shopPhotoURL) } : {}),
        ...(sameAs.length ? { sameAs } : {}),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name,
        numberOfItems: visible.length,
        itemListElement: visible.map((product, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: productPageUrl(shop, product.shortCode, base),
          name: product.title,
        })),
      },
    ],
    ...(lcp ? { lcpImage: lcp } : {}),
  };
}

/** The head of a public product page. */
export function productPageHead(shop: PublicShop, product: PublicProduct, base: string): PageHead {
  const url = productPageUrl(shop, product.shortCode, base);
  const images = productImages(product);
  const price = product.price ?? product.productDetails.price;
  const brand = firstText(product.brand, product.productDetails.brand);
  const stores = product.stores.map((store) => store.vendor);
  const summary = [
    price !== null ? formatRupees(price) : undefined,
    brand,
    stores.length ? `Buy on ${stores.join(', ')}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const description = clip(
    firstText(product.description, product.productDetails.description) ??
      (summary ? `${summary}. From ${shop.shopName}.` : `From ${shop.shopName} on ${SITE_NAME}.`),
  );
  const image = shareImage(base, shop, images[0], product.title);
  const offers =
    price !== null && product.stores.length
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: 'INR',
          lowPrice: priceText(price),
          highPrice: priceText(price),
          offerCount: product.stores.length,
          offers: product.stores.map((store) => ({
            '@type': 'Offer',
            url: store.url,
            price: priceText(price),
            priceCurrency: 'INR',
            seller: { '@type': 'Organization', name: store.vendor },
          })),
        }
      : undefined;
  return {
    title: productPageTitle(product.title, shop.shopName),
    description,
    canonical: url,
    og: {
      type: 'product',
      title: product.title,
      description,
      url,
      siteName: SITE_NAME,
      image,
    },
    twitter: { card: 'summary_large_image', title: product.title, description },
    ...(price !== null ? { price: { amount: priceText(price), currency: 'INR' as const } } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        url,
        ...(images.length ? { image: images.map((src) => absolute(base, src)) } : {}),
        description,
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        ...(offers ? { offers } : {}),
      },
    ],
    ...(images[0]
      ? { lcpImage: largeImage(absolute(base, images[0]), ImageSlots.productMain) }
      : {}),
  };
}
