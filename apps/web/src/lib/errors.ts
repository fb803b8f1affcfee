import { DefaultErrorMessage, type FieldError } from '@kartlink/contracts';

/** SPEC section 8 error categories; each has a default message for people. */
type ErrorCategory = keyof typeof DefaultErrorMessage;

/** Status mapping of SPEC section 8; `undefined` means no response arrived. */
export function errorCategory(status: number | undefined): ErrorCategory {
  if (status === undefined) return 'network';
  switch (status) {
    case 400:
    case 422:
      return 'validation';
    case 401:
      return 'auth';
    case 403:
      return 'permission';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 413:
    case 415:
      return 'fileUpload';
    case 429:
      return 'rateLimit';
    case 500:
    case 502:
    case 503:
    case 504:
      return 'server';
    default:
      return 'unknown';
  }
}

// "500", "HTTP 500", "Status code 500", "Request failed with status code 500"...
const BARE_STATUS = /^(?:request failed with )?(?:http|status(?: code)?|error)?\s*\d{3}$/i;

/**
 * SPEC section 8: a server message longer than 5 characters that is not a bare status code
 * and not 'internal server' is shown as is; otherwise the category default applies.
 */
export function userFacingMessage(status: number | undefined, serverMessage?: string | null) {
  const message = serverMessage?.trim() ?? '';
  const usable =
    message.length > 5 && !BARE_STATUS.test(message) && !/internal server/i.test(message);
  return usable ? message : DefaultErrorMessage[errorCategory(status)];
}

type UnknownRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null;

function numberAt(record: UnknownRecord, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' ? value : undefined;
}

function stringAt(record: UnknownRecord | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The HTTP status carried by an error of any shape the app meets: an RTK Query error
 * (`status`, or `originalStatus` when the body was not JSON) or an HTTP client error
 * (`response.status`).
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (!isRecord(error)) return undefined;
  const response = isRecord(error.response) ? error.response : undefined;
  return (
    numberAt(error, 'status') ??
    numberAt(error, 'originalStatus') ??
    (response && numberAt(response, 'status'))
  );
}

/** What the app needs to know about a thrown value: plain data, safe for history state. */
interface ErrorFacts {
  message: string;
  status?: number;
  url?: string;
}

const UNKNOWN_ERROR_MESSAGE = 'An unexpected error occurred';

export function describeError(error: unknown): ErrorFacts {
  if (!isRecord(error)) {
    return { message: typeof error === 'string' && error ? error : UNKNOWN_ERROR_MESSAGE };
  }
  const response = isRecord(error.response) ? error.response : undefined;
  const config = isRecord(error.config) ? error.config : undefined;
  const body = isRecord(error.data) ? error.data : undefined;
  const facts: ErrorFacts = {
    message:
      stringAt(error, 'message') ??
      stringAt(body, 'error') ??
      stringAt(body, 'message') ??
      stringAt(error, 'error') ??
      UNKNOWN_ERROR_MESSAGE,
  };
  const status = httpStatusOf(error);
  if (status !== undefined) facts.status = status;
  const url = stringAt(error, 'url') ?? stringAt(response, 'url') ?? stringAt(config, 'url');
  if (url !== undefined) facts.url = url;
  return facts;
}

// SPEC section 8 lists "cannot read property"; current engines say "cannot read properties".
const CRITICAL_MESSAGE =
  /out of memory|stack overflow|cannot read propert(?:y|ies)|is not a function|is undefined|is null|unexpected token/i;

/** SPEC section 8: which render errors take the user to an error page instead of a notice. */
export function isCriticalError({ status, url, message }: ErrorFacts): boolean {
  if (status !== undefined && status >= 500) return true;
  if (status === 401 && url?.includes('/auth/')) return true;
  return CRITICAL_MESSAGE.test(message);
}

/** The error page a critical error leads to. */
export function errorPagePath(status: number | undefined): '/400' | '/404' | '/500' {
  if (status === 404) return '/404';
  if (status === 400) return '/400';
  return '/500';
}

/** Navigation state the error pages read. */
export interface ErrorPageState {
  error: ErrorFacts;
}

export function errorMessageFromState(state: unknown): string | undefined {
  if (!isRecord(state) || !isRecord(state.error)) return undefined;
  return stringAt(state.error, 'message');
}

/** The body of a failed API answer (`{ success: false, error, errorCode, errors }`), if any. */
function failureBody(error: unknown): UnknownRecord | undefined {
  if (!isRecord(error)) return undefined;
  return isRecord(error.data) ? error.data : undefined;
}

/** The server's own message for people (the envelope's `error`), when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  return stringAt(failureBody(error), 'error')?.trim() || undefined;
}

/** The envelope's `errorCode`, e.g. 'CONFLICT' or 'TOKEN_EXPIRED'. */
export function errorCodeOf(error: unknown): string | undefined {
  return stringAt(failureBody(error), 'errorCode');
}

/** Where the server sends the visitor instead (a scheduled product past its end: its shop). */
export function redirectOf(error: unknown): string | undefined {
  const to = stringAt(failureBody(error), 'redirectTo');
  // Only a page of this site: never an address elsewhere.
  return to && /^\/[a-z0-9-]+$/.test(to) ? to : undefined;
}

/** The envelope's field problems (SPEC section 5: a list of path and msg). */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const list = failureBody(error)?.errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.msg === 'string'
      ? [{ path: item.path, msg: item.msg }]
      : [],
  );
}

/** No answer came back at all: offline, timed out, or the server is unreachable. */
export function isNetworkError(error: unknown): boolean {
  return httpStatusOf(error) === undefined;
}
