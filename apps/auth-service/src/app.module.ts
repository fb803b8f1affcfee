import { createServiceModule, type Logger } from '@kartlink/server-kit';
import type { AuthConfig } from './config';
import { database } from './database';
import { MailerService } from './mail/mailer.service';

export const appModule = (config: AuthConfig, logger: Logger) =>
  createServiceModule({ service: 'auth', config, logger, database, providers: [MailerService] });
