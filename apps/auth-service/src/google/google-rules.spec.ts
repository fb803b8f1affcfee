import { DEFAULT_REDIRECT, isNewGoogleUser, sanitizeRedirect } from './google-rules';

describe('sanitizeRedirect', () => {
  it.each([
    ['/dashboard/products', '/dashboard/products'],
    ['/shop/asha?tab=links#top', '/shop/asha?tab=links#top'],
    ['/', '/'],
    ['/a/../settings', '/settings'],
  ])('keeps the path inside the product %s', (value, kept) => {
    expect(sanitizeRedirect(value)).toBe(kept);
  });

  it.each([
    ['an absolute address', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a line break', '/dashboard\r\nSet-Cookie: x=1'],
    ['a relative path without the leading slash', 'dashboard'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['an empty value', ''],
    ['an overlong path', `/${'a'.repeat(2048)}`],
  ])('falls back to the dashboard for %s', (_label, value) => {
    expect(sanitizeRedirect(value)).toBe(DEFAULT_REDIRECT);
  });

  it.each([[undefined], [null], [42], [['/a', '/b']], [{ path: '/a' }]])(
    'falls back to the dashboard for a non-string %p',
    (value) => {
      expect(sanitizeRedirect(value)).toBe(DEFAULT_REDIRECT);
    },
  );

  it('defaults to /dashboard', () => {
    expect(DEFAULT_REDIRECT).toBe('/dashboard');
  });
});

describe('isNewGoogleUser', () => {
  const now = new Date('2025-03-01T10:00:00.000Z');
  const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('is new when this sign-in created the account (the provider says so)', () => {
    expect(isNewGoogleUser({ createdNow: true, createdAt: secondsAgo(3600), now })).toBe(true);
  });

  it('is new when the account is under 10 seconds old', () => {
    expect(isNewGoogleUser({ createdNow: false, createdAt: secondsAgo(9.999), now })).toBe(true);
    expect(isNewGoogleUser({ createdNow: false, createdAt: secondsAgo(0), now })).toBe(true);
  });

  it('is not new from 10 seconds on', () => {
    expect(isNewGoogleUser({ createdNow: false, createdAt: secondsAgo(10), now })).toBe(false);
    expect(isNewGoogleUser({ createdNow: false, createdAt: secondsAgo(86_400), now })).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isNewGoogleUser({ createdNow: false, createdAt: new Date() })).toBe(true);
    expect(isNewGoogleUser({ createdNow: false, createdAt: new Date(Date.now() - 60_000) })).toBe(
      false,
    );
  });
});
