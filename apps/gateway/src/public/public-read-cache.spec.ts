import { JSONCodec, type Msg, type NatsError } from 'nats';
import type { GatewayConfig } from '../config';
import type { ServiceClient } from '../services/service-client';
import type { TapTokens } from '../store-routing/tap-tokens';
import { PublicReadCache } from './public-read-cache';

type Callback = (err: NatsError | null, message: Msg) => void;

/** The cache with a stand-in for its NATS connection, and the shop reads it answers. */
async function cacheListening() {
  let onEvent: Callback | undefined;
  let reads = 0;
  const services = {
    prefix: 'test.',
    connection: async () => ({
      subscribe: (_subject: string, { callback }: { callback: Callback }) => {
        onEvent = callback;
        return { unsubscribe: () => undefined };
      },
    }),
    request: async () => ({ shopUrl: 'asha-styles', shopName: `read ${(reads += 1)}` }),
  } as unknown as ServiceClient;
  const warnings: string[] = [];
  const logger = { warn: (_fields: unknown, message: string) => warnings.push(message) };
  const cache = new PublicReadCache(
    services,
    {} as TapTokens,
    { IN_APP_ESCAPES_OFF: '', PUBLIC_READ_CACHE_MS: 5000 } as GatewayConfig,
    logger as never,
  );
  await cache.onApplicationBootstrap();
  const send = (data: Uint8Array) => onEvent!(null, { data } as Msg);
  const shopName = async () =>
    ((await cache.shop('asha-styles')).data as { shopName: string }).shopName;
  return { send, shopName, warnings };
}

describe('PublicReadCache, listening to shop change events', () => {
  it('skips a message that is not JSON and still hears the next event', async () => {
    const { send, shopName, warnings } = await cacheListening();
    expect(await shopName()).toBe('read 1');
    expect(await shopName()).toBe('read 1');

    expect(() => send(new TextEncoder().encode('{not json'))).not.toThrow();
    expect(warnings).toEqual(['skipped a shop change event that is not JSON']);
    expect(await shopName()).toBe('read 1');

    send(JSONCodec().encode({ data: { shopUrl: 'asha-styles' } }));
    expect(await shopName()).toBe('read 2');
  });
});
