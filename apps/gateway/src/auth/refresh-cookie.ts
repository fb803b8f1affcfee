import { REFRESH_COOKIE, SECURE_REFRESH_COOKIE } from '@kartlink/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './auth-cookies';

/**
 * The refresh cookie's name and scope. Over https it is `__Host-kartlink_refresh`: the browser
 * takes it only with Secure, Path=/ and no Domain, so no other host (a sibling subdomain) can
 * set or overwrite it. Over http (local development) a `__Host-` cookie cannot exist: it keeps
 * the plain name, scoped to /api/auth. Only the one in use is read.
 */
function refreshCookieScope(secure: boolean) {
  return secure
    ? { name: SECURE_REFRESH_COOKIE, path: '/' }
    : { name: REFRESH_COOKIE, path: '/api/auth' };
}

/** Reads the refresh token from the request's cookies. */
export function readRefreshCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return readCookie(request, refreshCookieScope(secure).name);
}

/** The Set-Cookie value; maxAge null makes a browser-session cookie, 0 clears it. */
export function refreshCookieHeader(token: string, maxAge: number | null, secure: boolean): string {
  const { name, path } = refreshCookieScope(secure);
  const parts = [
    `${name}=${encodeURIComponent(token)}`,
    `Path=${path}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  if (maxAge !== null) parts.push(`Max-Age=${Math.max(0, maxAge)}`);
  return parts.join('; ');
}

/**
 * The refresh token lives in an HttpOnly cookie: scripts on the page cannot read it. Without
 * "remember me" it is a browser-session cookie.
 */
export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  maxAge: number | null,
  secure: boolean,
) {
  void reply.header('set-cookie', refreshCookieHeader(token, maxAge, secure));
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  void reply.header('set-cookie', refreshCookieHeader('', 0, secure));
}
