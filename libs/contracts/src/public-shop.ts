import type { BannerList } from './media';
import type { PublicShop, Shop } from './shop';
import type { ShopEarnings } from './store-routing';

/** The fields of a shop a visitor's copy is made of, with its name and URL set. */
type ShownShop = Pick<
  Shop,
  'shopDescription' | 'shopPhotoURL' | 'socialMedia' | 'seo' | 'banners'
> & {
  shopUrl: string;
  shopName: string;
  earnings?: Partial<ShopEarnings>;
  customDomain?: string | null;
};

/**
 * What a visitor may see of a shop: no owner id, no setup state. shop-service answers it to
 * visitors; the dashboard makes the same of the owner's shop for its share preview.
 */
export function toPublicShop(shop: ShownShop): PublicShop {
  return {
    shopName: shop.shopName,
    shopDescription: shop.shopDescription,
    shopUrl: shop.shopUrl,
    shopPhotoURL: shop.shopPhotoURL,
    socialMedia: shop.socialMedia,
    seo: shop.seo,
    banners: visibleBanners(shop.banners),
    amazonDisclosure: (shop.earnings?.amazonTags?.length ?? 0) > 0,
    ...(shop.customDomain ? { customDomain: shop.customDomain } : {}),
  };
}

/** A visitor sees the banners in the owner's order while the set is enabled, else none. */
function visibleBanners(banners: BannerList | null | undefined): BannerList {
  if (!banners?.enabled || !Array.isArray(banners.images)) return { enabled: false, images: [] };
  return {
    enabled: true,
    images: [...banners.images]
      .sort((a, b) => a.order - b.order)
      .map(({ id, url, alt, link, order }) => ({ id, url, alt, link, order })),
  };
}
