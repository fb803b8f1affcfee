import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  type ApiKeyIdentity,
  ApiKeyMessages,
  type ApiKeysRevoked,
  ErrorCode,
  Events,
  Subjects,
} from '@kartlink/contracts';
import { hashApiKey, LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import { JSONCodec, type Subscription } from 'nats';
import { ServiceClient } from '../services/service-client';

/** How long a replica trusts a key lookup; revocations drop entries at once (the event). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  identity: ApiKeyIdentity;
  expires: number;
}

/**
 * The API keys this replica has seen lately, by the SHA-256 of the key (the key itself is
 * never kept), so that a script's requests cost no round trip to auth-service. Every replica
 * listens to Events.apiKeysRevoked and drops the user's keys the moment one is revoked; the
 * TTL is only a safety net for an event missed. Unknown keys are not remembered.
 */
@Injectable()
export class ApiKeyCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by each revocation, so that a lookup begun before it is not stored after it. */
  private readonly generations = new Map<string, number>();
  private generation = 0;
  private subscription?: Subscription;

  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    // Nest's emit wraps the event: { pattern, data }.
    const codec = JSONCodec<{ data?: Partial<ApiKeysRevoked> }>();
    this.subscription = connection.subscribe(`${this.services.prefix}${Events.apiKeysRevoked}`, {
      callback: (err, message) => {
        if (err) return this.logger.warn({ err }, 'API key revocations interrupted');
        let userId: unknown;
        try {
          userId = codec.decode(message.data).data?.userId;
        } catch (decodeErr) {
          return this.logger.warn({ err: decodeErr }, 'skipped an API key event that is not JSON');
        }
        if (typeof userId === 'string') this.forgetUser(userId);
      },
    });
  }

  onApplicationShutdown() {
    this.subscription?.unsubscribe();
  }

  /** Whom a key stands for, or a 401 (unknown, revoked or expired). */
  async identify(key: string): Promise<ApiKeyIdentity> {
    const hash = hashApiKey(key);
    const hit = this.entries.get(hash);
    const now = Date.now();
    let identity: ApiKeyIdentity;
    if (hit && hit.expires > now) identity = hit.identity;
    else {
      this.entries.delete(hash);
      const generation = this.generation;
      identity = await this.services.request<ApiKeyIdentity>(Subjects.auth.verifyApiKey, { hash });
      const revokedSince = (this.generations.get(identity.userId) ?? -1) >= generation;
      if (!revokedSince) {
        this.entries.set(hash, { identity, expires: now + TTL_MS });
        if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      }
    }
    if (identity.expiresAt && Date.parse(identity.expiresAt) <= Date.now()) {
      this.entries.delete(hash);
      throw new ServiceError(ErrorCode.UNAUTHORIZED, ApiKeyMessages.expired);
    }
    return identity;
  }

  /** Drops every key of the user this replica holds (a revocation, the account deleted). */
  forgetUser(userId: string) {
    this.generations.set(userId, this.generation);
    this.generation += 1;
    for (const [hash, entry] of this.entries)
      if (entry.identity.userId === userId) this.entries.delete(hash);
  }
}
