/**
 * Error codes shared by every service, the gateway and the web client.
 * Services throw them inside a ServiceError; the gateway maps each one to an HTTP status.
 */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE: 'UNPROCESSABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  PRODUCT_LIMIT_EXCEEDED: 'PRODUCT_LIMIT_EXCEEDED',
  /** A scheduled product past its end (410): the owner's message, or `redirectTo` the shop. */
  PRODUCT_ENDED: 'PRODUCT_ENDED',
  /** A shop or product hidden by an admin, or of a disabled account (410, issue 21). */
  NO_LONGER_AVAILABLE: 'NO_LONGER_AVAILABLE',
  /** Sign-in to an account an admin disabled (403). */
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  /** A store address whose host the operator's policy blocks (400 at save; warning page at redirect). */
  BLOCKED_STORE_HOST: 'BLOCKED_STORE_HOST',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  SERVICE_TIMEOUT: 'SERVICE_TIMEOUT',
  // Upload failures (SPEC section 5 "Image file checks"): the client reads them as errorCode.
  NO_FILE: 'NO_FILE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FILE_CORRUPT: 'FILE_CORRUPT',
  INVALID_FILENAME: 'INVALID_FILENAME',
  FILENAME_TOO_LONG: 'FILENAME_TOO_LONG',
  EXTENSION_MISMATCH: 'EXTENSION_MISMATCH',
  NOT_IMAGE: 'NOT_IMAGE',
  UNSUPPORTED_TYPE: 'UNSUPPORTED_TYPE',
  DIMENSIONS_TOO_SMALL: 'DIMENSIONS_TOO_SMALL',
  UNPROCESSABLE_IMAGE: 'UNPROCESSABLE_IMAGE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ErrorCode, value);
}

/** One field problem, as SPEC section 8 lists them: a path and a message for people. */
export interface FieldError {
  path: string;
  msg: string;
}

/** What a service sends back over NATS when a request fails. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  details?: { errors?: FieldError[]; [key: string]: unknown };
}

/** Default messages per error category (SPEC section 8, status mapping table). */
export const DefaultErrorMessage = {
  validation: 'Please check your input and try again.',
  auth: 'Authentication failed. Please log in again.',
  permission: 'You do not have permission to perform this action.',
  notFound: 'The requested item was not found.',
  conflict: 'This item already exists. Please choose a different one.',
  rateLimit: 'Too many requests. Please wait a moment and try again.',
  fileUpload: 'File upload failed. Please try again.',
  network: 'Network error. Please check your internet connection and try again.',
  server: 'Server error. Please try again later.',
  unknown: 'An unexpected error occurred. Please try again.',
} as const;
