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
  /** Set when the caller has no shop yet and must finish the setup first. */
  requiresSetup?: boolean;
  /** A refused banner reorder: the ids that are not the owner's banners. */
  invalidIds?: string[];
  /** A refused banner reorder: how many banners the owner has, and how many ids were sent. */
  expected?: number;
  provided?: number;
  requestId?: string;
  /** PRODUCT_ENDED when the owner chose to send visitors back: the shop's page, e.g. /meera. */
  redirectTo?: string;
}
