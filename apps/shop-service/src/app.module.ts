import { createServiceModule, type Logger } from '@kartlink/server-kit';
import type { ShopConfig } from './config';
import { database } from './database';

export const appModule = (config: ShopConfig, logger: Logger) =>
  createServiceModule({ service: 'shop', config, logger, database });
