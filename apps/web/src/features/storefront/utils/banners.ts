import type { PublicShop } from '@kartlink/contracts';

/** One slide of the shop's banner carousel (SPEC section 3, Banner). */
export interface Banner {
  id: string;
  url: string;
  alt: string;
  link: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The banners a visitor sees, in the owner's order: none unless the shop carries an enabled
 * banner set (SPEC section 3: `banners {enabled, images[]}`, each with id, url, alt, link and
 * order).
 */
export function shopBanners(shop: PublicShop): Banner[] {
  // Read defensively: an older server sends none, and a bad entry must not break the page.
  const set: unknown = shop.banners;
  if (!isRecord(set) || set.enabled !== true || !Array.isArray(set.images)) return [];
  const images: unknown[] = set.images;
  return images
    .filter(
      (image): image is Record<string, unknown> =>
        isRecord(image) && text(image.id) !== '' && text(image.url) !== '',
    )
    .map((image, index) => ({
      order: typeof image.order === 'number' ? image.order : index,
      banner: {
        id: text(image.id),
        url: text(image.url),
        alt: text(image.alt),
        link: text(image.link),
      },
    }))
    .sort((a, b) => a.order - b.order)
    .map(({ banner }) => banner);
}

/** Where a banner leads, if anywhere: an in-app path or a web address (SPEC section 5). */
export function bannerTarget(link: string): { to: string } | { href: string } | null {
  const value = link.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return { to: value };
  if (/^https?:\/\//i.test(value)) return { href: value };
  return null;
}
