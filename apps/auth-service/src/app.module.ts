import { TypeOrmModule } from '@nestjs/typeorm';
import { readPayload, UserDeletedPayload } from '@kartlink/contracts/dto';
import {
  createServiceModule,
  type Logger,
  natsRequesterProvider,
  userDeletedConsumer,
} from '@kartlink/server-kit';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsRepository } from './accounts/accounts.repository';
import { AccountsService } from './accounts/accounts.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { AdminController } from './admin/admin.controller';
import { AdminReads } from './admin/admin-reads';
import { AdminService } from './admin/admin.service';
import { AuditRepository } from './admin/audit.repository';
import { CodesRepository } from './codes/codes.repository';
import { CodesService } from './codes/codes.service';
import type { AuthConfig } from './config';
import { database, entities } from './database';
import { GoogleOidcClient } from './google/google-oidc.client';
import { GoogleStateRepository } from './google/google-state.repository';
import { GoogleController } from './google/google.controller';
import { GoogleService } from './google/google.service';
import { ProvidersController } from './google/providers.controller';
import { KeysController } from './keys/keys.controller';
import { KeysService } from './keys/keys.service';
import { MailerService } from './mail/mailer.service';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { authRedisProviders } from './redis.provider';
import { RegistrationController } from './registration/registration.controller';
import { RegistrationService } from './registration/registration.service';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

export const appModule = (config: AuthConfig, logger: Logger) =>
  createServiceModule({
    service: 'auth',
    config,
    logger,
    database,
    imports: [TypeOrmModule.forFeature(entities)],
    controllers: [
      RegistrationController,
      PasswordResetController,
      SessionsController,
      UsersController,
      KeysController,
      AdminController,
      ProvidersController,
      GoogleController,
      AccountsController,
      ApiKeysController,
    ],
    providers: [
      ...authRedisProviders,
      // Requests to shop-service (a deleted account's shop) and the ACCOUNTS stream.
      natsRequesterProvider('auth-service-requests'),
      MailerService,
      KeysService,
      UsersRepository,
      UsersService,
      CodesRepository,
      CodesService,
      SessionsRepository,
      SessionsService,
      RegistrationService,
      PasswordResetService,
      AuditRepository,
      AdminReads,
      AdminService,
      GoogleOidcClient,
      GoogleStateRepository,
      GoogleService,
      AccountsRepository,
      AccountsService,
      ApiKeysRepository,
      ApiKeysService,
      userDeletedConsumer({
        durable: 'auth-user-deleted',
        applier: AccountsService,
        read: (payload) => readPayload(UserDeletedPayload, payload),
      }),
    ],
  });
