import { type ApiFailure, DefaultErrorMessage, ErrorCode } from '@kartlink/contracts';
import { isOutage, ServiceError, unavailable } from '@kartlink/server-kit';
import { HttpException, HttpStatus } from '@nestjs/common';

/** The HTTP status of every error code (SPEC section 8). Exhaustive: a new code fails to compile here. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.VALIDATION_ERROR:
    case ErrorCode.BAD_REQUEST:
    case ErrorCode.BLOCKED_STORE_HOST:
      return HttpStatus.BAD_REQUEST;
    case ErrorCode.UNAUTHORIZED:
    case ErrorCode.TOKEN_EXPIRED:
      return HttpStatus.UNAUTHORIZED;
    case ErrorCode.FORBIDDEN:
    case ErrorCode.PRODUCT_LIMIT_EXCEEDED:
    case ErrorCode.ACCOUNT_DISABLED:
      return HttpStatus.FORBIDDEN;
    case ErrorCode.NOT_FOUND:
    case ErrorCode.ROUTE_NOT_FOUND:
      return HttpStatus.NOT_FOUND;
    case ErrorCode.CONFLICT:
      return HttpStatus.CONFLICT;
    case ErrorCode.PRODUCT_ENDED:
    case ErrorCode.NO_LONGER_AVAILABLE:
      return HttpStatus.GONE;
    case ErrorCode.PAYLOAD_TOO_LARGE:
    case ErrorCode.FILE_TOO_LARGE:
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case ErrorCode.UNSUPPORTED_MEDIA_TYPE:
    case ErrorCode.UNSUPPORTED_TYPE:
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case ErrorCode.NO_FILE:
    case ErrorCode.INVALID_FILENAME:
    case ErrorCode.FILENAME_TOO_LONG:
    case ErrorCode.EXTENSION_MISMATCH:
      return HttpStatus.BAD_REQUEST;
    case ErrorCode.UNPROCESSABLE:
    case ErrorCode.FILE_CORRUPT:
    case ErrorCode.NOT_IMAGE:
    case ErrorCode.DIMENSIONS_TOO_SMALL:
    case ErrorCode.UNPROCESSABLE_IMAGE:
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case ErrorCode.RATE_LIMITED:
      return HttpStatus.TOO_MANY_REQUESTS;
    case ErrorCode.INTERNAL_ERROR:
      return HttpStatus.INTERNAL_SERVER_ERROR;
    case ErrorCode.SERVICE_UNAVAILABLE:
      return HttpStatus.SERVICE_UNAVAILABLE;
    case ErrorCode.SERVICE_TIMEOUT:
      return HttpStatus.GATEWAY_TIMEOUT;
    default: {
      const unmapped: never = code;
      throw new Error(`No HTTP status for error code ${String(unmapped)}`);
    }
  }
}

/** Errors Fastify raises before a handler runs (body parsing, limits), by their code. */
const FASTIFY_ERRORS: Record<string, ServiceError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new ServiceError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    'The request body is too large.',
  ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new ServiceError(
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    'This content type is not accepted here. Send JSON with Content-Type: application/json.',
  ),
  FST_ERR_CTP_EMPTY_JSON_BODY: new ServiceError(
    ErrorCode.BAD_REQUEST,
    'The request body is empty but JSON was announced.',
  ),
  FST_ERR_CTP_INVALID_JSON_BODY: new ServiceError(
    ErrorCode.BAD_REQUEST,
    'The request body is not valid JSON.',
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new ServiceError(
    ErrorCode.BAD_REQUEST,
    'The Content-Length header does not match the body.',
  ),
  FST_ERR_CTP_INVALID_TYPE: new ServiceError(
    ErrorCode.BAD_REQUEST,
    'The Content-Type header is not valid.',
  ),
};

const HTTP_STATUS_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.ROUTE_NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  422: ErrorCode.UNPROCESSABLE,
  429: ErrorCode.RATE_LIMITED,
};

export interface MappedError {
  status: number;
  body: ApiFailure;
  /** True when this is a bug or an outage that operators must see in the logs. */
  unexpected: boolean;
  /** A service's own limit said when to try again (Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * Turns anything thrown while serving a request into the failure envelope and its status.
 * This is the only place the gateway decides what a client sees when something goes wrong.
 */
export function mapError(error: unknown, request: { method: string; url: string }): MappedError {
  const known = toServiceError(error, request);
  const serviceError = known ?? ServiceError.internal();
  const status = httpStatusOf(serviceError.code);
  const body: ApiFailure = {
    success: false,
    error: serviceError.message,
    errorCode: serviceError.code,
  };
  const errors = serviceError.details?.errors;
  if (errors && errors.length > 0) body.errors = errors;
  if (serviceError.details?.requiresSetup === true) body.requiresSetup = true;
  const redirectTo = serviceError.details?.redirectTo;
  if (typeof redirectTo === 'string' && /^\/[a-z0-9-]+$/.test(redirectTo))
    body.redirectTo = redirectTo;
  copyReorderFacts(serviceError.details, body);
  const retryAfter = serviceError.details?.retryAfterSeconds;
  return {
    status,
    body,
    unexpected: known === undefined || status >= 500,
    ...(status === 429 && Number.isInteger(retryAfter) && (retryAfter as number) > 0
      ? { retryAfterSeconds: retryAfter as number }
      : {}),
  };
}

/** A refused banner reorder says which ids are wrong, or how many were expected (SPEC section 8). */
function copyReorderFacts(details: ServiceError['details'], body: ApiFailure) {
  const { invalidIds, expected, provided } = details ?? {};
  if (Array.isArray(invalidIds) && invalidIds.every((id) => typeof id === 'string'))
    body.invalidIds = invalidIds as string[];
  if (typeof expected === 'number' && typeof provided === 'number') {
    body.expected = expected;
    body.provided = provided;
  }
}

function toServiceError(
  error: unknown,
  request: { method: string; url: string },
): ServiceError | undefined {
  if (error instanceof ServiceError) return error;
  // A server the gateway itself uses is away (JetStream not answering while a NATS cluster
  // elects leaders, Redis or NATS gone): 503 for the client to try again, not 500.
  if (isOutage(error)) return unavailable();
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && FASTIFY_ERRORS[code]) return FASTIFY_ERRORS[code];
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(error.message)) {
      return new ServiceError(
        ErrorCode.ROUTE_NOT_FOUND,
        `There is no API route ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
    const mapped = HTTP_STATUS_CODES[status];
    if (mapped) return new ServiceError(mapped, readableMessage(error, mapped));
    return undefined;
  }
  // Fastify's own 4xx errors (e.g. a malformed URL) carry a statusCode.
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new ServiceError(
      HTTP_STATUS_CODES[statusCode] ?? ErrorCode.BAD_REQUEST,
      DefaultErrorMessage.validation,
    );
  }
  return undefined;
}

/** Framework defaults that tell a person nothing; the category's message says more. */
const GENERIC_PHRASES =
  /^(bad request|unauthorized|forbidden( resource)?|not found|conflict|payload too large|unsupported media type|unprocessable entity|too many requests|internal server error)$/i;

function readableMessage(error: HttpException, code: ErrorCode): string {
  const response = error.getResponse();
  const message =
    typeof response === 'object' && response !== null
      ? (response as { message?: unknown }).message
      : response;
  if (typeof message === 'string' && message.length > 5 && !GENERIC_PHRASES.test(message))
    return message;
  return defaultMessageOf(code);
}

function defaultMessageOf(code: ErrorCode): string {
  const status = httpStatusOf(code);
  if (status === 401) return DefaultErrorMessage.auth;
  if (status === 403) return DefaultErrorMessage.permission;
  if (status === 404) return DefaultErrorMessage.notFound;
  if (status === 409) return DefaultErrorMessage.conflict;
  if (status === 413 || status === 415) return DefaultErrorMessage.fileUpload;
  if (status === 429) return DefaultErrorMessage.rateLimit;
  if (status >= 500) return DefaultErrorMessage.server;
  return DefaultErrorMessage.validation;
}
