import { createServiceModule, type Logger } from '@kartlink/server-kit';
import type { MediaConfig } from './config';
import { database } from './database';

export const appModule = (config: MediaConfig, logger: Logger) =>
  createServiceModule({ service: 'media', config, logger, database });
