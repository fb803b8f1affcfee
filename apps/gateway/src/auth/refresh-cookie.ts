import { REFRESH_COOKIE } from '@kartlink/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

const PATH = '/api/auth';

/** Reads the refresh token from the request's cookies. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The refresh token lives in an HttpOnly cookie that only /api/auth receives: scripts on the
 * page cannot read it. Without "remember me" it is a browser-session cookie.
 */
export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  maxAge: number | null,
  secure: boolean,
) {
  const parts = [
    `${REFRESH_COOKIE}=${encodeURIComponent(token)}`,
    `Path=${PATH}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  if (maxAge !== null) parts.push(`Max-Age=${Math.max(0, maxAge)}`);
  void reply.header('set-cookie', parts.join('; '));
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  const parts = [`${REFRESH_COOKIE}=`, `Path=${PATH}`, 'HttpOnly', 'SameSite=Strict', 'Max-Age=0'];
  if (secure) parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}
