import { Injectable } from '@nestjs/common';
import {
  DEFAULT_EARNINGS,
  mergeEarnings,
  NO_LONGER_AVAILABLE_MESSAGE,
  cleanSocialValue,
  ErrorCode,
  isSocialPlatform,
  normalizeShopUrl,
  type PublicShop,
  type Shop,
  type ShopSettingsBody,
  ShopMessages,
  type ShopStatus,
  type ShopWrite,
  shopUrlProblem,
  toPublicShop,
  type SocialMedia,
  type UrlAvailability,
  SITEMAP_MAX_URLS,
  type SitemapShop,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { QueryFailedError } from 'typeorm';
import { OwnerPages } from '../products/owner-pages';
import { type CachedShop, ShopCache } from './shop-cache';
import type { ShopEntity } from './shop.entity';
import { toShop, toStatus } from './shop.mapper';
import { ShopsRepository } from './shops.repository';
import { WebhooksService } from '../webhooks/webhooks.service';

@Injectable()
export class ShopsService {
  constructor(
    private readonly shops: ShopsRepository,
    private readonly cache: ShopCache,
    private readonly ownerPages: OwnerPages,
    private readonly webhooks: WebhooksService,
  ) {}

  /** The owner's shop as stored (products reach shops only through here). */
  findByOwner(userId: string): Promise<ShopEntity | null> {
    return this.shops.findByOwner(userId);
  }

  /** A shop by its URL as stored, public or not. */
  findByUrl(shopUrl: string): Promise<ShopEntity | null> {
    return this.shops.findByUrl(shopUrl);
  }

  async status(userId: string): Promise<ShopStatus> {
    return toStatus(await this.shops.findByOwner(userId));
  }

  async profile(userId: string): Promise<Shop> {
    const shop = await this.shops.findByOwner(userId);
    if (!shop) throw ServiceError.notFound(ShopMessages.notFound);
    return toShop(shop);
  }

  /** A partial update of the owner's shop; the first save creates it. */
  async updateSettings(userId: string, body: ShopSettingsBody): Promise<ShopWrite<Shop>> {
    const shop = (await this.shops.findByOwner(userId)) ?? this.shops.create(userId);
    const previousUrl = shop.shopUrl;
    apply(shop, body);
    let saved: ShopEntity;
    try {
      saved = await this.shops.save(shop);
    } catch (err) {
      // Two owners claiming one URL at the same moment: the unique index lets exactly one win.
      if (
        err instanceof QueryFailedError &&
        (err as { constraint?: string }).constraint === 'shops_shop_url_key'
      ) {
        throw ServiceError.validation(
          [{ path: 'shopUrl', msg: ShopMessages.urlTaken }],
          ShopMessages.urlTaken,
        );
      }
      throw err;
    }
    // Every short link of the owner's product list holds the shop's URL.
    await this.ownerPages.forget(saved.userId);
    const result = toShop(saved);
    await this.webhooks.emit(userId, 'shop.updated', 'shop', { shop: result });
    return {
      result,
      changedShopUrls: await this.cache.invalidateShop(previousUrl, saved.shopUrl),
    };
  }

  /** Free for this caller? Their own URL counts as free (no token: any claimed URL is taken). */
  async availability(shopUrl: string, userId?: string): Promise<UrlAvailability> {
    const problem = shopUrlProblem(shopUrl);
    if (problem) return { isAvailable: false, message: problem };
    const owner = await this.shops.findByUrl(normalizeShopUrl(shopUrl));
    if (owner && owner.userId !== userId)
      return { isAvailable: false, message: ShopMessages.urlTaken };
    return { isAvailable: true };
  }

  /** The sitemap index: every public shop and when it last changed. */
  async sitemapShops(): Promise<SitemapShop[]> {
    const shops = await this.shops.sitemap(SITEMAP_MAX_URLS);
    return shops.map(({ shopUrl, updatedAt }) => ({
      shopUrl,
      updatedAt: updatedAt.toISOString(),
    }));
  }

  /**
   * GET /shop/{shopUrl}: from the cache when it can; private and missing shops are cached too.
   * `cached`: the shop's cache entry when the caller has already read it.
   */
  async publicShop(shopUrl: string, cached?: CachedShop): Promise<PublicShop> {
    const url = normalizeShopUrl(shopUrl);
    let entry = cached ?? (await this.cache.shop(url));
    if (!entry) {
      entry = toCached(shopUrlProblem(url) ? null : await this.shops.findByUrl(url));
      await this.cache.setShop(url, entry);
    }
    if (entry.kind === 'gone') throw noLongerAvailable();
    if (entry.kind === 'private') throw new ServiceError(ErrorCode.FORBIDDEN, ShopMessages.private);
    if (entry.kind === 'missing') throw ServiceError.notFound(ShopMessages.notFound);
    return entry.shop;
  }
}

/** What visitors are told of a page hidden by an admin or of a disabled account (410). */
export const noLongerAvailable = () =>
  new ServiceError(ErrorCode.NO_LONGER_AVAILABLE, NO_LONGER_AVAILABLE_MESSAGE);

function toCached(shop: ShopEntity | null): CachedShop {
  if (!shop?.shopUrl || !shop.shopName) return { kind: 'missing' };
  if (shop.hiddenAt || shop.ownerDisabledAt) return { kind: 'gone' };
  if (!shop.isShopPublic) return { kind: 'private' };
  return {
    kind: 'public',
    shop: toPublicShop({ ...shop, shopUrl: shop.shopUrl, shopName: shop.shopName }),
  };
}

function apply(shop: ShopEntity, body: ShopSettingsBody) {
  if (body.shopName !== undefined) shop.shopName = body.shopName.trim();
  if (body.shopDescription !== undefined) shop.shopDescription = body.shopDescription.trim();
  if (body.shopUrl !== undefined) shop.shopUrl = normalizeShopUrl(body.shopUrl);
  if (body.shopPhotoURL !== undefined) shop.shopPhotoURL = body.shopPhotoURL || null;
  if (body.isShopPublic !== undefined) shop.isShopPublic = body.isShopPublic;
  if (body.setupCompleted !== undefined) shop.setupCompleted = body.setupCompleted;
  if (body.setupSteps) shop.setupSteps = { ...shop.setupSteps, ...body.setupSteps };
  if (body.socialMedia)
    shop.socialMedia = cleanSocial({ ...shop.socialMedia, ...body.socialMedia });
  if (body.seo) shop.seo = { ...shop.seo, ...trimmed(body.seo) };
  if (body.earnings)
    shop.earnings = mergeEarnings({ ...DEFAULT_EARNINGS, ...shop.earnings }, body.earnings);
  if (body.timeZone !== undefined) shop.timeZone = body.timeZone;
}

/** Handles cleaned per platform; a platform left empty is removed. */
function cleanSocial(social: SocialMedia): SocialMedia {
  const cleaned: SocialMedia = {};
  for (const [platform, value] of Object.entries(social)) {
    if (!isSocialPlatform(platform) || typeof value !== 'string') continue;
    const kept = cleanSocialValue(platform, value);
    if (kept) cleaned[platform] = kept;
  }
  return cleaned;
}

function trimmed<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as T;
}
