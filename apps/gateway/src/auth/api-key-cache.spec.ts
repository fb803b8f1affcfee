import type { ApiKeyIdentity } from '@kartlink/contracts';
import { JSONCodec, type Msg, type NatsError } from 'nats';
import type { ServiceClient } from '../services/service-client';
import { ApiKeyCache } from './api-key-cache';

type Callback = (err: NatsError | null, message: Msg) => void;

const KEY = `kl_live_${'A'.repeat(43)}`;
const identity = (overrides: Partial<ApiKeyIdentity> = {}): ApiKeyIdentity => ({
  keyId: 'k1',
  userId: 'u1',
  role: 'user',
  scopes: ['products:read'],
  expiresAt: null,
  ...overrides,
});

/** The cache with a stand-in for NATS: `answer` is auth-service's reply to each lookup. */
async function cacheListening(answer: () => Promise<ApiKeyIdentity>) {
  let onEvent: Callback | undefined;
  const asked: unknown[] = [];
  const services = {
    prefix: 'test.',
    connection: async () => ({
      subscribe: (_subject: string, { callback }: { callback: Callback }) => {
        onEvent = callback;
        return { unsubscribe: () => undefined };
      },
    }),
    request: (_subject: string, payload: unknown) => {
      asked.push(payload);
      return answer();
    },
  } as unknown as ServiceClient;
  const cache = new ApiKeyCache(services, { warn: () => undefined } as never);
  await cache.onApplicationBootstrap();
  // As Nest's emit sends it: { pattern, data }.
  const revoked = (userId: string) =>
    onEvent!(null, {
      data: JSONCodec().encode({ pattern: 'events.auth.api-keys-revoked', data: { userId } }),
    } as Msg);
  return {
    cache,
    asked,
    revoked,
    garbage: () => onEvent!(null, { data: new Uint8Array([1]) } as Msg),
  };
}

describe('ApiKeyCache', () => {
  it('asks auth-service once by the key’s SHA-256, never the key itself', async () => {
    const { cache, asked } = await cacheListening(async () => identity());
    await cache.identify(KEY);
    await cache.identify(KEY);
    expect(asked).toEqual([{ hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(asked)).not.toContain(KEY.slice(8));
  });

  it('drops a user’s keys when a revocation is announced, and skips events it cannot read', async () => {
    const { cache, asked, revoked, garbage } = await cacheListening(async () => identity());
    await cache.identify(KEY);
    garbage();
    revoked('someone-else');
    await cache.identify(KEY);
    expect(asked).toHaveLength(1);
    revoked('u1');
    await cache.identify(KEY);
    expect(asked).toHaveLength(2);
  });

  it('does not keep a lookup that a revocation overtook', async () => {
    let release!: () => void;
    const { cache, asked, revoked } = await cacheListening(
      () => new Promise((resolve) => (release = () => resolve(identity()))),
    );
    const first = cache.identify(KEY);
    revoked('u1');
    release();
    await first;
    const second = cache.identify(KEY);
    release();
    await second;
    expect(asked).toHaveLength(2);
  });

  it('refuses a kept key once it expires', async () => {
    const { cache } = await cacheListening(async () =>
      identity({ expiresAt: new Date(Date.now() + 50).toISOString() }),
    );
    await cache.identify(KEY);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await expect(cache.identify(KEY)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'This API key has expired.',
    });
  });
});
