import type { ErrorCode, FieldError } from './errors';

/** Every successful API answer. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

/** Every failed API answer, with the HTTP status of SPEC section 8. */
export interface ApiFailure {
  success: false;
  error: string;
  errorCode: ErrorCode;
  errors?: FieldError[];
  requestId?: string;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
