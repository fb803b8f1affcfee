import { DefaultErrorMessage } from '@kartlink/contracts';
import { API_ROOT } from '../api';
import { recoverSessionAfter401, reportSessionExpired } from '../base-query';
import { userFacingMessage } from '../errors';
import { reportServerError } from '../server-errors';

/**
 * Uploads with percentage progress. fetch cannot report how much of a body has been sent, so
 * uploads go through XMLHttpRequest, with the rules the RTK Query base query applies to every
 * other call: the bearer token, a 401 refreshes the session and tries once more after 500 ms,
 * a 500 is recorded and toasted. SPEC section 7 adds that uploads are tried again up to 3
 * times, 1 s after the first failure and doubling (capped at 30 s).
 */

/** SPEC sections 8 and 9. */
export const UploadMessages = {
  failed: 'Upload failed. Please try again.',
  noResponse: 'No response received from server',
  noPhotoUrl: 'Invalid response from server. Photo URL not received.',
  network: DefaultErrorMessage.network,
  timedOut: 'Network error: the upload took too long. Please check your connection and try again.',
  cancelled: 'Upload cancelled',
} as const;

/** SPEC section 8, upload error codes (or the server's own errorCode). */
type UploadFailureCode =
  | 'TIMEOUT'
  | 'NETWORK'
  | 'CORS_ERROR'
  | 'FILE_TOO_LARGE'
  | 'UNSUPPORTED_TYPE'
  | 'AUTH_ERROR'
  | 'INVALID_REQUEST'
  | 'UNPROCESSABLE_IMAGE'
  | 'SERVER_ERROR'
  | 'UPLOAD_ERROR'
  | 'UNKNOWN_ERROR'
  | 'ABORTED'
  | (string & {});

export class UploadError extends Error {
  constructor(
    readonly code: UploadFailureCode,
    message: string,
    readonly status?: number,
    /** The parsed answer, when there was one (reorder's invalidIds and the like). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** SPEC section 4: a failure whose message says 'Network error' may be tried again by hand. */
export const offersRetry = (error: unknown): boolean =>
  error instanceof UploadError && error.message.includes('Network error');

const UPLOAD_RETRY = { retries: 3, firstDelayMs: 1000, maxDelayMs: 30_000 } as const;

export interface UploadRequest {
  /** Under the API root, e.g. '/photos/shop'. */
  path: string;
  form: FormData;
  /** Sent instead of `form` after a network failure (SPEC section 7: the shop photo). */
  fallbackForm?: FormData;
  timeoutMs: number;
  /** What a refused upload says when the server gives no usable message. */
  failureMessage?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Where the token comes from and whether a 401 is worth recovering from. */
export interface UploadSession {
  accessToken: () => string | null;
  signedIn: () => boolean;
}

type Outcome =
  | { kind: 'answer'; status: number; text: string }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

function sendOnce(request: UploadRequest, form: FormData, token: string | null): Promise<Outcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = (outcome: Outcome) => {
      request.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    xhr.open('POST', `${API_ROOT}${request.path}`);
    xhr.withCredentials = true;
    xhr.timeout = request.timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => done({ kind: 'answer', status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => done({ kind: 'network' });
    xhr.ontimeout = () => done({ kind: 'timeout' });
    xhr.onabort = () => done({ kind: 'aborted' });
    if (request.signal?.aborted) {
      done({ kind: 'aborted' });
      return;
    }
    request.signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const stringField = (body: unknown, key: string): string | undefined => {
  const value = isRecord(body) ? body[key] : undefined;
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

function codeForStatus(status: number): UploadFailureCode {
  if (status === 413) return 'FILE_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_TYPE';
  if (status === 401 || status === 403) return 'AUTH_ERROR';
  if (status === 400) return 'INVALID_REQUEST';
  if (status === 422) return 'UNPROCESSABLE_IMAGE';
  if (status >= 500) return 'SERVER_ERROR';
  return 'UPLOAD_ERROR';
}

/** Worth another try without asking: no answer at all, or a server that is briefly away. */
const isPassing = (outcome: Outcome) =>
  outcome.kind === 'network' ||
  (outcome.kind === 'answer' && [502, 503, 504].includes(outcome.status));

function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Sends an upload and resolves to the `data` of the success envelope (or the whole body when
 * it has none). Rejects with an UploadError whose message is for people.
 */
export async function sendUpload(request: UploadRequest, session: UploadSession): Promise<unknown> {
  let form = request.form;
  let retried = 0;
  let recovered = false;
  const failureMessage = request.failureMessage ?? UploadMessages.failed;

  for (;;) {
    request.onProgress?.(0);
    const outcome = await sendOnce(request, form, session.accessToken());
    if (outcome.kind === 'aborted') throw new UploadError('ABORTED', UploadMessages.cancelled);

    if (outcome.kind === 'answer' && outcome.status === 401 && session.signedIn()) {
      if (!recovered) {
        recovered = true;
        if (await recoverSessionAfter401()) continue;
      }
      reportSessionExpired();
    }

    if (isPassing(outcome) && retried < UPLOAD_RETRY.retries) {
      const delay = Math.min(UPLOAD_RETRY.firstDelayMs * 2 ** retried, UPLOAD_RETRY.maxDelayMs);
      retried += 1;
      if (outcome.kind === 'network' && request.fallbackForm) form = request.fallbackForm;
      if (!(await wait(delay, request.signal))) {
        throw new UploadError('ABORTED', UploadMessages.cancelled);
      }
      continue;
    }

    if (outcome.kind === 'network') throw new UploadError('NETWORK', UploadMessages.network);
    if (outcome.kind === 'timeout') throw new UploadError('TIMEOUT', UploadMessages.timedOut);

    const { status, text } = outcome;
    const body = parse(text);
    if (status >= 200 && status < 300) {
      if (body === undefined) throw new UploadError('UNKNOWN_ERROR', UploadMessages.noResponse);
      return isRecord(body) && 'data' in body ? body.data : body;
    }
    if (status === 0) throw new UploadError('UNKNOWN_ERROR', UploadMessages.noResponse, status);
    if (status === 500) reportServerError(body);
    const serverMessage = stringField(body, 'error');
    const message = serverMessage ? userFacingMessage(status, serverMessage) : failureMessage;
    // A server message too short or bare to show falls back to the upload's own words.
    const shown = Object.values(DefaultErrorMessage).includes(message as never)
      ? failureMessage
      : message;
    throw new UploadError(
      stringField(body, 'errorCode') ?? codeForStatus(status),
      shown,
      status,
      body,
    );
  }
}

/** SPEC section 8: what a photo upload answers must name the photo's address. */
export function photoAddressOf(data: unknown): string {
  const address = stringField(data, 'photoURL') ?? stringField(data, 'url');
  if (!address) throw new UploadError('UPLOAD_ERROR', UploadMessages.noPhotoUrl);
  return address;
}
