import { describe, expect, it } from 'vitest';
import { shopUrlParam, shortCodeParam } from './params';

describe('the address of a public page', () => {
  it('reads the shop URL as the API does: trimmed and lower-cased', () => {
    expect(shopUrlParam('Meera-Finds')).toBe('meera-finds');
    expect(shopUrlParam(' meera ')).toBe('meera');
  });

  it.each([undefined, '', 'ab', 'meera_finds', 'meera finds!', 'dashboard', 'a'.repeat(51)])(
    'refuses the shop URL %j',
    (raw) => {
      expect(shopUrlParam(raw)).toBeNull();
    },
  );

  it('reads short codes lower-cased and refuses what cannot be one', () => {
    expect(shortCodeParam('K3X9pqr')).toBe('k3x9pqr');
    expect(shortCodeParam('summer-sale')).toBe('summer-sale');
    expect(shortCodeParam('no way')).toBeNull();
    expect(shortCodeParam('')).toBeNull();
    expect(shortCodeParam('a'.repeat(41))).toBeNull();
  });
});
