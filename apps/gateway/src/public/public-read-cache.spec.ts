import { composeProductListText, type PublicProduct } from '@kartlink/contracts';
import { JSONCodec, type Msg, type NatsError } from 'nats';
import type { GatewayConfig } from '../config';
import type { ServiceClient } from '../services/service-client';
import { signTap, type TapTokens } from '../store-routing/tap-tokens';
import { PublicReadCache } from './public-read-cache';

type Callback = (err: NatsError | null, message: Msg) => void;

/** The cache with a stand-in for its NATS connection, and the shop reads it answers. */
async function cacheListening(
  answer: (reads: number) => Promise<unknown> = async (reads) => ({
    shopUrl: 'asha-styles',
    shopName: `read ${reads}`,
  }),
) {
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
    request: () => answer((reads += 1)),
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
  return { cache, send, shopName, warnings };
}

/** A shop answer that comes when the test says. */
function deferred() {
  let release!: (value: unknown) => void;
  let fail!: (err: unknown) => void;
  const promise = new Promise((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
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

describe("PublicReadCache, past its entries' time to live", () => {
  let now = 1_000_000;
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers the old entry while one load refreshes it, then the new one', async () => {
    const answers = [deferred(), deferred()];
    const { cache } = await cacheListening((reads) => answers[reads - 1]!.promise);
    const name = async () =>
      ((await cache.shop('asha-styles')).data as { shopName: string }).shopName;

    const first = name();
    answers[0]!.release({ shopName: 'Asha Styles' });
    expect(await first).toBe('Asha Styles');

    now += 6000;
    expect(await name()).toBe('Asha Styles');
    expect(await name()).toBe('Asha Styles');
    answers[1]!.release({ shopName: 'Asha Styles & Co' });
    await answers[1]!.promise;
    await new Promise((done) => setImmediate(done));
    expect(await name()).toBe('Asha Styles & Co');
  });

  it('waits for the new answer once a change event dropped the entry', async () => {
    const { send, shopName } = await cacheListening();
    expect(await shopName()).toBe('read 1');
    now += 6000;
    send(JSONCodec().encode({ data: { shopUrl: 'asha-styles' } }));
    expect(await shopName()).toBe('read 2');
  });

  it('drops an entry whose refresh failed, so the next read gets the error', async () => {
    const { cache } = await cacheListening(async (reads) => {
      if (reads === 1) return { shopName: 'Asha Styles' };
      throw new Error('This shop is private');
    });
    await cache.shop('asha-styles');
    now += 6000;
    expect(((await cache.shop('asha-styles')).data as { shopName: string }).shopName).toBe(
      'Asha Styles',
    );
    await new Promise((done) => setImmediate(done));
    await expect(cache.shop('asha-styles')).rejects.toThrow('This shop is private');
  });
});

describe("PublicReadCache, a shop's whole list", () => {
  const product = (i: number) =>
    ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      shortCode: `kurta-${i}`,
      title: i === 2 ? 'Quotes " and braces }{ and “curly” 👗' : `Kurta ${i}`,
      description: i === 1 ? 'Line one\nline two' : null,
      price: 499,
    }) as unknown as PublicProduct;

  async function wholeList(products: PublicProduct[], key?: Buffer) {
    const services = {
      prefix: 'test.',
      connection: async () => ({ subscribe: () => ({ unsubscribe: () => undefined }) }),
      requestText: async () => composeProductListText(products),
    } as unknown as ServiceClient;
    const taps = {
      issuer: async () => {
        if (!key) throw new Error('no Redis');
        return (shopUrl: string, code: string) => signTap(key, shopUrl, code, 7);
      },
    } as unknown as TapTokens;
    const cache = new PublicReadCache(
      services,
      taps,
      { IN_APP_ESCAPES_OFF: 'instagram-ios', PUBLIC_READ_CACHE_MS: 5000 } as GatewayConfig,
      { warn: () => undefined } as never,
    );
    return cache.products('asha-styles');
  }

  it('gives each product its tap proof and the escapes switched off, as a single read does', async () => {
    const key = Buffer.from('a key of the test');
    const products = [product(1), product(2), product(3)];
    const answer = await wholeList(products, key);
    expect(JSON.parse(answer.body.toString())).toEqual({
      success: true,
      data: products.map((p) => ({
        ...p,
        tapToken: signTap(key, 'asha-styles', p.shortCode, 7),
        inAppEscapesOff: ['instagram-ios'],
      })),
    });
    expect(answer.data[1]!.title).toBe('Quotes " and braces }{ and “curly” 👗');
  });

  it('leaves the proof out when no key is at hand, and answers an empty list', async () => {
    const answer = await wholeList([product(1)]);
    expect(answer.data).toEqual([{ ...product(1), inAppEscapesOff: ['instagram-ios'] }]);
    expect(JSON.parse((await wholeList([], Buffer.from('k'))).body.toString())).toEqual({
      success: true,
      data: [],
    });
  });
});
