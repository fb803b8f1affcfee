import { databaseOptionsFor } from '@kartlink/server-kit';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { AuditEventEntity } from './admin/audit-event.entity';
import { EmailCodeEntity } from './codes/email-code.entity';
import type { AuthConfig } from './config';
import { SigningKeyEntity } from './keys/signing-key.entity';
import { CreateAccounts1795315727847 } from './migrations/1795315727847-CreateAccounts';
import { EncryptSigningKeys1795684761697 } from './migrations/1795684761697-EncryptSigningKeys';
import { SessionDevices1795684783753 } from './migrations/1795684783753-SessionDevices';
import { ApiKeys1795700000000 } from './migrations/1795700000000-ApiKeys';
import { Moderation1796000000000 } from './migrations/1796000000000-Moderation';
import { RefreshTokenEntity } from './sessions/refresh-token.entity';
import { SessionEntity } from './sessions/session.entity';
import { SignInTokenEntity } from './sessions/sign-in-token.entity';
import { UserEntity } from './users/user.entity';

export const entities = [
  UserEntity,
  EmailCodeEntity,
  SessionEntity,
  RefreshTokenEntity,
  SignInTokenEntity,
  SigningKeyEntity,
  AuditEventEntity,
  ApiKeyEntity,
];

/** Entities and migrations of the `auth` schema; migrations are generated, never synchronised. */
export const database = {
  entities,
  migrations: [
    CreateAccounts1795315727847,
    EncryptSigningKeys1795684761697,
    SessionDevices1795684783753,
    ApiKeys1795700000000,
    Moderation1796000000000,
  ],
};

export const dataSourceOptions = (config: AuthConfig) =>
  databaseOptionsFor('auth', config, database);
