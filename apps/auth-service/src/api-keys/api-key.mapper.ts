import type { ApiKey, ApiKeyScope } from '@kartlink/contracts';
import type { ApiKeyEntity } from './api-key.entity';

/** A key as its owner sees it: never its hash. */
export const toApiKey = (entity: ApiKeyEntity): ApiKey => ({
  id: entity.id,
  name: entity.name,
  prefix: entity.prefix,
  scopes: entity.scopes as ApiKeyScope[],
  createdAt: entity.createdAt.toISOString(),
  lastUsedAt: entity.lastUsedAt?.toISOString() ?? null,
  expiresAt: entity.expiresAt?.toISOString() ?? null,
});
