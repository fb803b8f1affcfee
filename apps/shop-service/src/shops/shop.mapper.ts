import { DEFAULT_EARNINGS, type SetupSteps, type Shop, type ShopStatus } from '@kartlink/contracts';
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
    earnings: { ...DEFAULT_EARNINGS, ...shop.earnings },
    timeZone: shop.timeZone,
    requiresSetup: requiresSetup(shop),
    hidden: holdOf(shop),
    customDomain: shop.customDomain,
    createdAt: shop.createdAt.toISOString(),
    updatedAt: shop.updatedAt.toISOString(),
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

/** An admin's hold as the owner sees it, or null. */
export function holdOf(row: {
  hiddenAt?: Date | null;
  hiddenReason?: string | null;
}): { reason: string; at: string } | null {
  return row.hiddenAt
    ? { reason: row.hiddenReason ?? '', at: new Date(row.hiddenAt).toISOString() }
    : null;
}
