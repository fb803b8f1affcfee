import { TypeOrmModule } from '@nestjs/typeorm';
import { createServiceModule, type Logger } from '@kartlink/server-kit';
import type { ShopConfig } from './config';
import { database, entities } from './database';
import { shopRedisProviders } from './redis.provider';
import { ShopCache } from './shops/shop-cache';
import { ShopsController } from './shops/shops.controller';
import { ShopsRepository } from './shops/shops.repository';
import { ShopsService } from './shops/shops.service';

export const appModule = (config: ShopConfig, logger: Logger) =>
  createServiceModule({
    service: 'shop',
    config,
    logger,
    database,
    imports: [TypeOrmModule.forFeature(entities)],
    controllers: [ShopsController],
    providers: [...shopRedisProviders, ShopsRepository, ShopCache, ShopsService],
  });
