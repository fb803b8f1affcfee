import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_DISABLED_MESSAGE,
  API_KEY_PREFIX,
  API_KEY_SECRET_BYTES,
  type ApiKey,
  type ApiKeyIdentity,
  ApiKeyMessages,
  type ApiKeyScope,
  type ApiKeysRevoked,
  API_KEY_SCOPES,
  type Caller,
  type CreateApiKeyBody,
  type CreatedApiKey,
  ErrorCode,
  Events,
  MAX_API_KEYS_PER_USER,
  visiblePrefixOf,
} from '@kartlink/contracts';
import { hashApiKey, NatsRequester, ServiceError } from '@kartlink/server-kit';
import { randomBytes } from 'node:crypto';
import { UsersRepository } from '../users/users.repository';
import { toApiKey } from './api-key.mapper';
import { ApiKeysRepository } from './api-keys.repository';

/** A new key: the prefix and 32 random bytes, base64url. */
const newApiKey = () =>
  `${API_KEY_PREFIX}${randomBytes(API_KEY_SECRET_BYTES).toString('base64url')}`;

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly services: NatsRequester,
  ) {}

  async list(caller: Caller): Promise<ApiKey[]> {
    return (await this.keys.listOf(caller.userId)).map(toApiKey);
  }

  async create(caller: Caller, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    // Keys belong to the user: an admin acting as them must not leave one behind.
    if (caller.actorId) throw new ServiceError(ErrorCode.FORBIDDEN, ApiKeyMessages.impersonating);
    if ((await this.keys.countOf(caller.userId)) >= MAX_API_KEYS_PER_USER)
      throw new ServiceError(ErrorCode.FORBIDDEN, ApiKeyMessages.tooMany);
    const scopes = API_KEY_SCOPES.filter((scope) => body.scopes.includes(scope));
    const secret = newApiKey();
    const entity = await this.keys.create({
      userId: caller.userId,
      name: body.name.trim(),
      hash: hashApiKey(secret),
      prefix: visiblePrefixOf(secret),
      scopes,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    });
    return { key: toApiKey(entity), secret };
  }

  /** Deletes the key, then tells every gateway replica before answering (see publish). */
  async revoke(caller: Caller, id: string): Promise<null> {
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await this.keys.delete(caller.userId, id)))
      throw new ServiceError(ErrorCode.NOT_FOUND, ApiKeyMessages.notFound);
    await this.announce(caller.userId);
    return null;
  }

  /** A user's keys are gone (their account was deleted): replicas drop what they hold. */
  async announce(userId: string) {
    const event: ApiKeysRevoked = { userId };
    await this.services.publish(Events.apiKeysRevoked, event);
  }

  /** Whom a key stands for, for the gateway (which caches the answer briefly). */
  async verify(hash: string): Promise<ApiKeyIdentity> {
    const key = typeof hash === 'string' ? await this.keys.findByHash(hash) : null;
    if (!key) throw new ServiceError(ErrorCode.UNAUTHORIZED, ApiKeyMessages.invalid);
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
      throw new ServiceError(ErrorCode.UNAUTHORIZED, ApiKeyMessages.expired);
    const user = await this.users.findById(key.userId);
    if (!user) throw new ServiceError(ErrorCode.UNAUTHORIZED, ApiKeyMessages.invalid);
    if (user.disabledAt)
      throw new ServiceError(ErrorCode.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE);
    await this.keys.markUsed(key.id);
    return {
      keyId: key.id,
      userId: key.userId,
      role: user.role,
      scopes: key.scopes as ApiKeyScope[],
      expiresAt: key.expiresAt?.toISOString() ?? null,
    };
  }
}
