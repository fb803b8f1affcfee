import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis.provider';

/** What a sign-in in progress needs back when Google returns: PKCE, nonce and where to land. */
export interface PendingGoogleSignIn {
  codeVerifier: string;
  nonce: string;
  redirect: string;
}

const key = (state: string) => `google-state:${state}`;
// openid-client's randomState() gives 43 base64url characters; anything else was never ours.
const STATE_FORMAT = /^[\w-]{16,128}$/;

/** Sign-ins in progress, in Redis under their `state`, each usable once. */
@Injectable()
export class GoogleStateRepository {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async save(state: string, pending: PendingGoogleSignIn, ttlSeconds: number): Promise<void> {
    await this.redis.set(key(state), JSON.stringify(pending), 'EX', ttlSeconds);
  }

  /** Reads and deletes in one step, so that a replayed callback finds nothing. */
  async take(state: string): Promise<PendingGoogleSignIn | null> {
    if (!STATE_FORMAT.test(state)) return null;
    const results = await this.redis.multi().get(key(state)).del(key(state)).exec();
    const [error, value] = results?.[0] ?? [];
    if (error) throw error;
    return typeof value === 'string' ? (JSON.parse(value) as PendingGoogleSignIn) : null;
  }
}
