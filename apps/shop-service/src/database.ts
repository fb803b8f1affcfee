import { databaseOptionsFor } from '@kartlink/server-kit';
import type { ShopConfig } from './config';

/** Entities and migrations of the `shop` schema; migrations are generated, never synchronised. */
export const database = {
  entities: [],
  migrations: [],
};

export const dataSourceOptions = (config: ShopConfig) =>
  databaseOptionsFor('shop', config, database);
