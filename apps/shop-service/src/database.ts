import { databaseOptionsFor } from '@kartlink/server-kit';
import type { ShopConfig } from './config';
import { CreateShops1795318856162 } from './migrations/1795318856162-CreateShops';
import { CreateProducts1795319249576 } from './migrations/1795319249576-CreateProducts';
import { AddShopBanners1795496135065 } from './migrations/1795496135065-AddShopBanners';
import { AddStoreRouting1795671896650 } from './migrations/1795671896650-AddStoreRouting';
import { LargeShopProducts1795689546767 } from './migrations/1795689546767-LargeShopProducts';
import { ShopProductCount1795700000000 } from './migrations/1795700000000-ShopProductCount';
import { ProductScheduleAndPriceDate1795902686241 } from './migrations/1795902686241-ProductScheduleAndPriceDate';
import { Webhooks1795904665547 } from './migrations/1795904665547-Webhooks';
import { Moderation1796000000000 } from './migrations/1796000000000-Moderation';
import { CustomDomains1795912689458 } from './migrations/1795912689458-CustomDomains';
import { ShopDomainEntity } from './domains/shop-domain.entity';
import { ProductEntity } from './products/product.entity';
import { ShopEntity } from './shops/shop.entity';
import { WebhookDeliveryEntity } from './webhooks/webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhooks/webhook-endpoint.entity';
import { WebhookPendingClickEntity } from './webhooks/webhook-pending-click.entity';

export const entities = [
  ShopEntity,
  ProductEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  WebhookPendingClickEntity,
  ShopDomainEntity,
];

/** Entities and migrations of the `shop` schema; migrations are generated, never synchronised. */
export const database = {
  entities,
  migrations: [
    CreateShops1795318856162,
    CreateProducts1795319249576,
    AddShopBanners1795496135065,
    AddStoreRouting1795671896650,
    LargeShopProducts1795689546767,
    ShopProductCount1795700000000,
    ProductScheduleAndPriceDate1795902686241,
    Webhooks1795904665547,
    Moderation1796000000000,
    CustomDomains1795912689458,
  ],
};

export const dataSourceOptions = (config: ShopConfig) =>
  databaseOptionsFor('shop', config, database);
