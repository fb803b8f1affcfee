import { databaseOptionsFor } from '@kartlink/server-kit';
import type { AuthConfig } from './config';

/** Entities and migrations of the `auth` schema; migrations are generated, never synchronised. */
export const database = {
  entities: [],
  migrations: [],
};

export const dataSourceOptions = (config: AuthConfig) =>
  databaseOptionsFor('auth', config, database);
