import { databaseOptionsFor } from '@kartlink/server-kit';
import type { MediaConfig } from './config';

/** Entities and migrations of the `media` schema; migrations are generated, never synchronised. */
export const database = {
  entities: [],
  migrations: [],
};

export const dataSourceOptions = (config: MediaConfig) =>
  databaseOptionsFor('media', config, database);
