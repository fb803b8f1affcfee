import type { FastifyRequest } from 'fastify';
import { readRefreshCookie, refreshCookieHeader } from './refresh-cookie';

const withCookie = (cookie: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;

describe('the refresh cookie', () => {
  it('over https is a __Host- cookie: Secure, Path=/ and no Domain', () => {
    const header = refreshCookieHeader('id.secret', 3600, true);
    expect(header).toBe(
      '__Host-kartlink_refresh=id.secret; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=3600',
    );
    expect(header).not.toMatch(/Domain=/i);
  });

  it('over http keeps its plain name, scoped to /api/auth', () => {
    expect(refreshCookieHeader('id.secret', null, false)).toBe(
      'kartlink_refresh=id.secret; Path=/api/auth; HttpOnly; SameSite=Strict',
    );
  });

  it('is read under the name in use only', () => {
    const both = withCookie('kartlink_refresh=plain; __Host-kartlink_refresh=hosted');
    expect(readRefreshCookie(both, true)).toBe('hosted');
    expect(readRefreshCookie(both, false)).toBe('plain');
    expect(readRefreshCookie(withCookie('kartlink_refresh=plain'), true)).toBeUndefined();
  });
});
