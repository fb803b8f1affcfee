import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { httpStatusOf } from './errors';

/** SPEC section 9: retries wait 1 s, then twice as long each time, never more than 30 s. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** The wait before retry number `attempt` (1 for the first retry). */
export const retryDelayMs = (attempt: number) =>
  Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);

/**
 * SPEC section 9: only a failure that may pass is retried: no answer (network, timeout) or a
 * server error (5xx). A 4xx answer is the answer.
 */
export function isRetryable(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  const status = httpStatusOf(error);
  return status !== undefined && status >= 500;
}

/** Waits retryDelayMs(attempt), or rejects at once when the call is aborted meanwhile. */
export function waitBeforeRetry(attempt: number, _maxRetries: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new Error('Aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, retryDelayMs(attempt));
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}
