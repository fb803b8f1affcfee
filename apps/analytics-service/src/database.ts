import { databaseOptionsFor } from '@kartlink/server-kit';
import type { AnalyticsConfig } from './config';

/** Entities and migrations of the `analytics` schema; migrations are generated, never synchronised. */
export const database = {
  entities: [],
  migrations: [],
};

export const dataSourceOptions = (config: AnalyticsConfig) =>
  databaseOptionsFor('analytics', config, database);
