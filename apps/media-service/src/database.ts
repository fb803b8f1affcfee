import { databaseOptionsFor } from '@kartlink/server-kit';
import { BannerEntity, BannerSettingsEntity } from './banners/banner.entity';
import type { MediaConfig } from './config';
import { ImageEntity } from './images/image.entity';
import { CreateMedia1795334336890 } from './migrations/1795334336890-CreateMedia';
import { ImageSweep1795710000000 } from './migrations/1795710000000-ImageSweep';

export const entities = [ImageEntity, BannerEntity, BannerSettingsEntity];

/** Entities and migrations of the `media` schema; migrations are generated, never synchronised. */
export const database = {
  entities,
  migrations: [CreateMedia1795334336890, ImageSweep1795710000000],
};

export const dataSourceOptions = (config: MediaConfig) =>
  databaseOptionsFor('media', config, database);
