import { TypeOrmModule } from '@nestjs/typeorm';
import { readPayload, UserDeletedPayload } from '@kartlink/contracts/dto';
import {
  createServiceModule,
  type Logger,
  natsRequesterProvider,
  userDeletedConsumer,
} from '@kartlink/server-kit';
import { MediaAccountsController } from './accounts/media-accounts.controller';
import { MediaAccountsService } from './accounts/media-accounts.service';
import { BannerEvents } from './banners/banner-events';
import { BannersController } from './banners/banners.controller';
import { BannersRepository } from './banners/banners.repository';
import { BannersService } from './banners/banners.service';
import { blobStoreProviders, MEDIA_NATS } from './blobs/blob-store.provider';
import { DefaultCards, DefaultCardsController } from './cards/default-cards';
import type { MediaConfig } from './config';
import { database, entities } from './database';
import { ImagesController } from './images/images.controller';
import { ImagesRepository } from './images/images.repository';
import { ImagesService } from './images/images.service';
import { ImageJobs } from './processing/image-jobs';
import { ImageQueue } from './processing/image-queue';
import { mediaRedisProviders } from './redis.provider';
import { ShopLookup } from './shops/shop-lookup';
import { ImageSweepJobs } from './sweep/image-sweep.jobs';
import { ImageSweepRepository } from './sweep/image-sweep.repository';
import { ImageSweepService } from './sweep/image-sweep.service';
import { StorePagesController } from './store-pages/store-pages.controller';
import { StorePagesService } from './store-pages/store-pages.service';

export const appModule = (config: MediaConfig, logger: Logger) =>
  createServiceModule({
    service: 'media',
    config,
    logger,
    database,
    imports: [TypeOrmModule.forFeature(entities)],
    controllers: [
      ImagesController,
      BannersController,
      DefaultCardsController,
      StorePagesController,
      MediaAccountsController,
    ],
    providers: [
      ...blobStoreProviders,
      // Requests to other services (shop-service: does the owner have a shop; shop- and
      // auth-service: which images they name, for the sweep).
      natsRequesterProvider('media-service-requests'),
      ShopLookup,
      ImagesRepository,
      BannersRepository,
      BannerEvents,
      ImageJobs,
      ImageQueue,
      ImagesService,
      BannersService,
      DefaultCards,
      ImageSweepRepository,
      ImageSweepService,
      ImageSweepJobs,
      ...mediaRedisProviders,
      StorePagesService,
      MediaAccountsService,
      userDeletedConsumer({
        durable: 'media-user-deleted',
        applier: MediaAccountsService,
        read: (payload) => readPayload(UserDeletedPayload, payload),
        connection: MEDIA_NATS,
      }),
    ],
  });
