import { Inject, Injectable } from '@nestjs/common';
import type {
  AccountShopRef,
  Caller,
  RemovedCounts,
  ShopExport,
  UserDeleted,
} from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import type { ShopConfig } from '../config';
import { toProduct } from '../products/product.mapper';
import { OwnerPages } from '../products/owner-pages';
import { ShopCache } from '../shops/shop-cache';
import { toShop } from '../shops/shop.mapper';
import { AccountsRepository } from './accounts.repository';

/** The owner's shop and products as a whole: exported, or deleted with their account. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly cache: ShopCache,
    private readonly ownerPages: OwnerPages,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Which shop a deletion takes with it (named in the event, for analytics and media). */
  async shopOf(userId: string): Promise<AccountShopRef | null> {
    const shop = await this.accounts.findShop(userId);
    return (
      shop && {
        shopId: shop.id,
        shopUrl: shop.shopUrl,
        shopName: shop.shopName,
        products: shop.productCount,
      }
    );
  }

  async export(caller: Caller): Promise<ShopExport> {
    const shop = await this.accounts.findShop(caller.userId);
    if (!shop) return { shop: null, products: [] };
    const products = await this.accounts.products(shop.id);
    return {
      shop: toShop(shop),
      products: products.map((p) => toProduct(p, shop.shopUrl ?? '', this.config.PUBLIC_URL)),
    };
  }

  /**
   * Deletes the owner's shop and products, then clears their cached reads here and in every
   * gateway replica (the shop answers 404 from then on). Applied twice, the second finds
   * nothing and changes nothing, but still clears the caches of the shop the event names.
   */
  async applyUserDeleted(
    event: UserDeleted,
  ): Promise<{ changedShopUrls: string[]; removed: RemovedCounts }> {
    const deleted = await this.accounts.deleteOwner(event.userId);
    await this.ownerPages.forget(event.userId);
    const changedShopUrls = await this.cache.invalidateShop(deleted?.shopUrl, event.shop?.shopUrl);
    const removed = { shops: deleted?.shops ?? 0, products: deleted?.products ?? 0 };
    this.logger.info({ eventId: event.id, removed }, 'deleted account: shop data removed');
    return { changedShopUrls, removed };
  }
}
