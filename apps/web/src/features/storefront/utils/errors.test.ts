import { describe, expect, it } from 'vitest';
import { ProductPageMessages, productErrorMessage, shopProblemOf } from './errors';

const failed = (status: number, error?: string) => ({
  status,
  data: { success: false, error, errorCode: 'X' },
});

describe('why a shop did not load', () => {
  it.each([
    [failed(403, 'This shop is private.'), 'private'],
    [failed(400, 'Private shop'), 'private'],
    [failed(404, 'Shop not found'), 'notFound'],
    [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'network'],
    [{ status: 'TIMEOUT_ERROR', error: 'AbortError' }, 'network'],
    [failed(403, 'Forbidden'), 'failed'],
    [failed(503), 'failed'],
    [{ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }, 'failed'],
  ])('%j is %s', (error, problem) => {
    expect(shopProblemOf(error)).toBe(problem);
  });
});

describe('why a product did not load', () => {
  it.each([
    [failed(404, 'This product link does not exist or has been removed.'), 'notFound'],
    [failed(400, 'Bad'), 'badRequest'],
    [failed(403, 'This shop is private.'), 'private'],
    [failed(500, 'Internal server error'), 'failed'],
    [failed(429), 'failed'],
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, 'network'],
    [{ status: 'TIMEOUT_ERROR', error: 'AbortError' }, 'network'],
    [{ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' }, 'invalidFormat'],
    [{ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }, 'failed'],
  ] as const)('%j is %s', (error, key) => {
    expect(productErrorMessage(error)).toBe(ProductPageMessages[key]);
  });
});
