import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passTime } from '../../../test/clock';
import { fail, mockApi, networkDown, ok, type Reply } from '../../../test/mock-api';
import { createTestStore } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';
import { storefrontApi } from './storefront-api';

const SHOP = 'GET /shop/meera-finds';
const PRODUCTS = 'GET /shop/meera-finds/urls';
const PRODUCT = 'GET /url/shop/meera-finds/k3x9pqr';

/** A route that gives these replies in turn, then the last one for ever. */
function inTurn(...replies: Reply[]) {
  let call = 0;
  return () => replies[Math.min(call++, replies.length - 1)];
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SPEC section 9 retries of the public queries', () => {
  it('load the shop again 3 times after network failures, 1 s, 2 s and 4 s apart', async () => {
    const api = mockApi({ [SHOP]: inTurn(networkDown, networkDown, networkDown, ok(testShop())) });
    const store = createTestStore();
    const query = store.dispatch(storefrontApi.endpoints.publicShop.initiate('meera-finds'));
    const calls = () => api.callsTo(SHOP).length;

    await passTime(900);
    expect(calls()).toBe(1);
    await passTime(200); // 1.1 s
    expect(calls()).toBe(2);
    await passTime(1800); // 2.9 s
    expect(calls()).toBe(2);
    await passTime(200); // 3.1 s
    expect(calls()).toBe(3);
    await passTime(3800); // 6.9 s
    expect(calls()).toBe(3);
    await passTime(200); // 7.1 s
    expect(calls()).toBe(4);

    const result = await query;
    expect(result.data).toMatchObject({ shopName: 'Meera Finds' });
    query.unsubscribe();
  });

  it('give up on the shop after its 3 retries, with the last failure', async () => {
    const api = mockApi({ [SHOP]: fail(502, 'Bad gateway', 'SERVICE_UNAVAILABLE') });
    const store = createTestStore();
    const query = store.dispatch(storefrontApi.endpoints.publicShop.initiate('meera-finds'));
    await passTime(60_000);
    expect(api.callsTo(SHOP)).toHaveLength(4);
    expect((await query).error).toMatchObject({ status: 502 });
    query.unsubscribe();
  });

  it.each([
    [
      'the shop’s products',
      PRODUCTS,
      (store: ReturnType<typeof createTestStore>) =>
        store.dispatch(storefrontApi.endpoints.publicShopProducts.initiate('meera-finds')),
    ],
    [
      'a product',
      PRODUCT,
      (store: ReturnType<typeof createTestStore>) =>
        store.dispatch(
          storefrontApi.endpoints.publicProduct.initiate({
            shopUrl: 'meera-finds',
            shortCode: 'k3x9pqr',
          }),
        ),
    ],
  ])('retry %s at most twice on server errors, then fail', async (_name, route, start) => {
    const api = mockApi({ [route]: fail(503, 'Service unavailable', 'SERVICE_UNAVAILABLE') });
    const query = start(createTestStore());
    await passTime(900);
    expect(api.callsTo(route)).toHaveLength(1);
    await passTime(200);
    expect(api.callsTo(route)).toHaveLength(2);
    await passTime(2000);
    expect(api.callsTo(route)).toHaveLength(3);
    await passTime(60_000);
    expect(api.callsTo(route)).toHaveLength(3);
    expect((await query).error).toMatchObject({ status: 503 });
    query.unsubscribe();
  });

  it('show the products once a retry gets them', async () => {
    mockApi({
      [PRODUCTS]: inTurn(fail(500, 'Internal server error', 'INTERNAL_ERROR'), ok([testProduct()])),
    });
    const store = createTestStore();
    const query = store.dispatch(
      storefrontApi.endpoints.publicShopProducts.initiate('meera-finds'),
    );
    await passTime(1100);
    expect((await query).data).toEqual([testProduct()]);
    query.unsubscribe();
  });

  it.each([
    [404, 'NOT_FOUND'],
    [403, 'FORBIDDEN'],
    [429, 'RATE_LIMITED'],
  ] as const)('never retry a %i answer', async (status, code) => {
    const api = mockApi({ [SHOP]: fail(status, 'Refused', code) });
    const store = createTestStore();
    const query = store.dispatch(storefrontApi.endpoints.publicShop.initiate('meera-finds'));
    await passTime(60_000);
    expect(api.callsTo(SHOP)).toHaveLength(1);
    expect((await query).error).toMatchObject({ status });
    query.unsubscribe();
  });
});
