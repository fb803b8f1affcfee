import {
  cookieValue,
  signTap,
  signViewer,
  TAP_TOKEN_MINUTES,
  tapValid,
  VIEWER_COOKIE,
  viewerOf,
} from './tap-tokens';

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

describe('the viewer cookie', () => {
  const userId = '7d1c2f4e-9a0b-4c3d-8e5f-6a7b8c9d0e1f';
  const value = signViewer(key, userId, minute + 60);

  it('names its user until it expires', () => {
    expect(viewerOf(key, value, at)).toBe(userId);
    expect(viewerOf(key, value, at + 60 * 60_000)).toBe(userId);
    expect(viewerOf(key, value, at + 61 * 60_000)).toBeUndefined();
  });

  it('cannot be made for another user, another expiry or with another key', () => {
    const other = '0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e';
    expect(viewerOf(key, value.replace(userId, other), at)).toBeUndefined();
    const [, , mac] = value.split('.');
    expect(viewerOf(key, `${userId}.${(minute + 9999).toString(36)}.${mac}`, at)).toBeUndefined();
    expect(viewerOf(Buffer.from('another key'), value, at)).toBeUndefined();
    for (const bad of [undefined, '', 'x', `${value}x`, userId])
      expect(viewerOf(key, bad, at)).toBeUndefined();
  });

  it('is read from a Cookie header among others', () => {
    const header = `a=1; ${VIEWER_COOKIE}=${encodeURIComponent(value)}; kartlink_refresh=zzz`;
    expect(cookieValue(header, VIEWER_COOKIE)).toBe(value);
    expect(cookieValue('a=1', VIEWER_COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, VIEWER_COOKIE)).toBeUndefined();
  });
});
