import { createServiceModule, type Logger } from '@kartlink/server-kit';
import type { AnalyticsConfig } from './config';
import { database } from './database';

export const appModule = (config: AnalyticsConfig, logger: Logger) =>
  createServiceModule({ service: 'analytics', config, logger, database });
