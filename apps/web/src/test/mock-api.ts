import type { AuthSession, AuthUser, ErrorCode, FieldError } from '@kartlink/contracts';
import { vi } from 'vitest';
import { TEST_USER } from './render-app';

/** What a mocked route answers: a status and a JSON body, a file, or no answer at all. */
export type Reply =
  | { status: number; body?: unknown }
  | { status: number; file: string; headers: Record<string, string> }
  | { network: true };

export interface ApiCall {
  method: string;
  /** The path under /api, with its query string. */
  path: string;
  body: unknown;
  authorization: string | null;
}

export type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** `{ success: true, data, message? }` */
export const ok = (data: unknown = null, message?: string): Reply => ({
  status: 200,
  body: message === undefined ? { success: true, data } : { success: true, data, message },
});

/** `{ success: false, error, errorCode, errors? }` with the HTTP status. */
export const fail = (
  status: number,
  error?: string,
  errorCode: ErrorCode = 'BAD_REQUEST',
  errors?: FieldError[],
): Reply => ({
  status,
  body: {
    success: false,
    ...(error === undefined ? {} : { error }),
    errorCode,
    ...(errors ? { errors } : {}),
  },
});

export const networkDown: Reply = { network: true };

/** A file the server sends (a picture, a CSV), with its type and the name it gives it. */
export const file = (text: string, type: string, filename?: string): Reply => ({
  status: 200,
  file: text,
  headers: {
    'content-type': type,
    ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}),
  },
});

export function testSession(overrides: Partial<AuthSession> = {}, user: Partial<AuthUser> = {}) {
  return {
    accessToken: 'fresh-access-token',
    expiresIn: 3600,
    isNewUser: false,
    ...overrides,
    user: { ...TEST_USER, ...user },
  } satisfies AuthSession;
}

const API_ROOT = 'http://localhost:3000/api';

/**
 * Replaces fetch with the routes given as 'METHOD /path' (path under /api, without query).
 * A route not given answers 404 ROUTE_NOT_FOUND; GET /auth/providers answers google: false
 * unless given. Every call is recorded.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const all: Record<string, Handler> = { 'GET /auth/providers': ok({ google: false }), ...routes };

  const fetchMock = vi.fn(async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: ApiCall = {
      method: request.method,
      path: url.href.slice(API_ROOT.length),
      // A file sent as it is (text/csv, text/plain) is kept as text.
      body: !text
        ? undefined
        : /^text\//.test(request.headers.get('content-type') ?? '')
          ? text
          : JSON.parse(text),
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = all[`${request.method} ${url.pathname.slice('/api'.length)}`];
    const reply =
      handler === undefined
        ? fail(404, 'Route not found', 'ROUTE_NOT_FOUND')
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    if ('network' in reply) throw new TypeError('Failed to fetch');
    if ('file' in reply)
      return new Response(reply.file, { status: reply.status, headers: reply.headers });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** The calls made to 'METHOD /path'. */
    callsTo: (route: string) =>
      calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === route),
  };
}
