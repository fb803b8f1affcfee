import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';

/** The Google sign-in's state, bound to the browser that started it (checked at the callback). */
const GOOGLE_STATE_COOKIE = 'kartlink_google_state';
const GOOGLE_STATE_PATH = '/api/auth/google/callback';
/** As long as auth-service keeps the state. */
const GOOGLE_STATE_SECONDS = 600;

/** The one-time sign-in token Google's callback hands the web app, instead of the address. */
export const GOOGLE_SIGN_IN_COOKIE = 'kartlink_google_signin';
const GOOGLE_SIGN_IN_PATH = '/api/auth/session/google';
const GOOGLE_SIGN_IN_SECONDS = 300;

/** A cookie's value in the request, if it came. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

// Lax, not Strict: both are set on the answer to a navigation that came from Google's site.
function setCookie(
  reply: FastifyReply,
  cookie: { name: string; value: string; path: string; maxAge: number; secure: boolean },
) {
  const parts = [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    `Path=${cookie.path}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${cookie.maxAge}`,
  ];
  if (cookie.secure) parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}

export function setGoogleStateCookie(reply: FastifyReply, state: string, secure: boolean) {
  setCookie(reply, {
    name: GOOGLE_STATE_COOKIE,
    value: state,
    path: GOOGLE_STATE_PATH,
    maxAge: GOOGLE_STATE_SECONDS,
    secure,
  });
}

export function clearGoogleStateCookie(reply: FastifyReply, secure: boolean) {
  setCookie(reply, {
    name: GOOGLE_STATE_COOKIE,
    value: '',
    path: GOOGLE_STATE_PATH,
    maxAge: 0,
    secure,
  });
}

/** True when the callback's state is the one this browser was given at the start. */
export function stateMatchesBrowser(request: FastifyRequest, state: string | null): boolean {
  const bound = readCookie(request, GOOGLE_STATE_COOKIE);
  if (!state || !bound) return false;
  const a = Buffer.from(state);
  const b = Buffer.from(bound);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function setGoogleSignInCookie(reply: FastifyReply, token: string, secure: boolean) {
  setCookie(reply, {
    name: GOOGLE_SIGN_IN_COOKIE,
    value: token,
    path: GOOGLE_SIGN_IN_PATH,
    maxAge: GOOGLE_SIGN_IN_SECONDS,
    secure,
  });
}

export function clearGoogleSignInCookie(reply: FastifyReply, secure: boolean) {
  setCookie(reply, {
    name: GOOGLE_SIGN_IN_COOKIE,
    value: '',
    path: GOOGLE_SIGN_IN_PATH,
    maxAge: 0,
    secure,
  });
}
