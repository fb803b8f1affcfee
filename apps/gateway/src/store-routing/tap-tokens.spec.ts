import { signTap, TAP_TOKEN_MINUTES, tapValid } from './tap-tokens';

const key = Buffer.from('a test key that is long enough.');
const at = Date.UTC(2026, 10, 26, 6, 0, 0);
const minute = Math.floor(at / 60_000);

describe('tap proofs', () => {
  const token = signTap(key, 'priya-sarees', 'red-silk', minute);

  it('are valid for their product for 30 minutes', () => {
    expect(tapValid(key, token, 'priya-sarees', 'red-silk', at)).toBe(true);
    expect(tapValid(key, token, 'priya-sarees', 'red-silk', at + TAP_TOKEN_MINUTES * 60_000)).toBe(
      true,
    );
    expect(
      tapValid(key, token, 'priya-sarees', 'red-silk', at + (TAP_TOKEN_MINUTES + 1) * 60_000),
    ).toBe(false);
  });

  it('are not valid for another product or shop, with another key, or altered', () => {
    expect(tapValid(key, token, 'priya-sarees', 'blue-silk', at)).toBe(false);
    expect(tapValid(key, token, 'other-shop', 'red-silk', at)).toBe(false);
    expect(tapValid(Buffer.from('another key'), token, 'priya-sarees', 'red-silk', at)).toBe(false);
    const later = signTap(key, 'priya-sarees', 'red-silk', minute + 60);
    const forged = `${(minute + 60).toString(36)}.${token.split('.')[1]}`;
    expect(tapValid(key, forged, 'priya-sarees', 'red-silk', at + 60 * 60_000)).toBe(false);
    expect(tapValid(key, later, 'priya-sarees', 'red-silk', at + 60 * 60_000)).toBe(true);
  });

  it('refuses what is no token', () => {
    for (const bad of [undefined, '', 'x', ['a', 'b'], 42, `${token}x`, token.toUpperCase()])
      expect(tapValid(key, bad, 'priya-sarees', 'red-silk', at)).toBe(false);
  });
});
