import { TypeOrmModule } from '@nestjs/typeorm';
import {
  CONFIG,
  createServiceModule,
  LOGGER,
  type Logger,
  NatsRequester,
} from '@kartlink/server-kit';
import { BannerEvents } from './banners/banner-events';
import { BannersController } from './banners/banners.controller';
import { BannersRepository } from './banners/banners.repository';
import { BannersService } from './banners/banners.service';
import { blobStoreProviders } from './blobs/blob-store.provider';
import type { MediaConfig } from './config';
import { database, entities } from './database';
import { ImagesController } from './images/images.controller';
import { ImagesRepository } from './images/images.repository';
import { ImagesService } from './images/images.service';
import { ImageJobs } from './processing/image-jobs';
import { ImageQueue } from './processing/image-queue';
import { ShopLookup } from './shops/shop-lookup';

export const appModule = (config: MediaConfig, logger: Logger) =>
  createServiceModule({
    service: 'media',
    config,
    logger,
    database,
    imports: [TypeOrmModule.forFeature(entities)],
    controllers: [ImagesController, BannersController],
    providers: [
      ...blobStoreProviders,
      {
        // Requests to other services (shop-service: does the owner have a shop).
        provide: NatsRequester,
        inject: [CONFIG, LOGGER],
        useFactory: (c: MediaConfig, l: Logger) =>
          NatsRequester.connect({
            url: c.NATS_URL,
            name: 'media-service-requests',
            subjectPrefix: c.NATS_SUBJECT_PREFIX,
            timeoutMs: c.SERVICE_TIMEOUT_MS,
            logger: l,
          }),
      },
      ShopLookup,
      ImagesRepository,
      BannersRepository,
      BannerEvents,
      ImageJobs,
      ImageQueue,
      ImagesService,
      BannersService,
    ],
  });
