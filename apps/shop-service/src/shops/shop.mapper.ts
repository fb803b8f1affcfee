import type { BannerList, PublicShop, SetupSteps, Shop, ShopStatus } from '@kartlink/contracts';
import type { ShopEntity } from './shop.entity';

export const NO_STEPS_DONE: SetupSteps = { shopUrl: false, basicInfo: false, profilePhoto: false };

/** SPEC section 4: setup is needed while the name, URL or completed setup is missing. */
const requiresSetup = (shop: ShopEntity | null) =>
  !shop || !shop.shopName || !shop.shopUrl || !shop.setupCompleted;

export function toShop(shop: ShopEntity): Shop {
  return {
    userId: shop.userId,
    shopName: shop.shopName,
    shopDescription: shop.shopDescription,
    shopUrl: shop.shopUrl,
    isShopPublic: shop.isShopPublic,
    shopPhotoURL: shop.shopPhotoURL,
    setupCompleted: shop.setupCompleted,
    setupSteps: shop.setupSteps,
    socialMedia: shop.socialMedia,
    seo: shop.seo,
    banners: shop.banners,
    requiresSetup: requiresSetup(shop),
    createdAt: shop.createdAt.toISOString(),
    updatedAt: shop.updatedAt.toISOString(),
  };
}

/** What a visitor may see: no owner id, no setup state. */
export function toPublicShop(shop: ShopEntity & { shopUrl: string; shopName: string }): PublicShop {
  return {
    shopName: shop.shopName,
    shopDescription: shop.shopDescription,
    shopUrl: shop.shopUrl,
    shopPhotoURL: shop.shopPhotoURL,
    socialMedia: shop.socialMedia,
    seo: shop.seo,
    banners: visibleBanners(shop.banners),
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

export function toStatus(shop: ShopEntity | null): ShopStatus {
  return {
    hasShop: shop !== null,
    requiresSetup: requiresSetup(shop),
    setupCompleted: shop?.setupCompleted ?? false,
    setupSteps: shop?.setupSteps ?? NO_STEPS_DONE,
    shopUrl: shop?.shopUrl ?? null,
  };
}
