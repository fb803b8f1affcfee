import toast from 'react-hot-toast';
import { SessionKey } from './storage-keys';

const HISTORY_WINDOW_MS = 60 * 60 * 1000;
const TOAST_DURATION_MS = 5000;
const FALLBACK_MESSAGE = 'The server encountered an issue while processing your request';

function readHistory(): number[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SessionKey.recent500Errors) ?? '[]');
    return Array.isArray(stored) ? stored.filter((t): t is number => typeof t === 'number') : [];
  } catch {
    return [];
  }
}

/** Timestamps of the server errors of the last hour, oldest first. */
export function recentServerErrors(now = Date.now()): number[] {
  return readHistory().filter((t) => now - t < HISTORY_WINDOW_MS);
}

function messageFrom(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    for (const key of ['error', 'message'] as const) {
      const value: unknown = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return FALLBACK_MESSAGE;
}

/**
 * SPEC section 8: a 500 answer is remembered for an hour in session storage and shown as a
 * 5-second toast. One toast id, so a burst of failing calls shows one toast, not a stack.
 */
export function reportServerError(body: unknown, now = Date.now()): void {
  sessionStorage.setItem(
    SessionKey.recent500Errors,
    JSON.stringify([...recentServerErrors(now), now]),
  );
  toast.error(
    <span className="toast-message">
      <strong className="toast-message__title">Something went wrong</strong>
      <span>{messageFrom(body)}</span>
    </span>,
    { id: 'server-error', duration: TOAST_DURATION_MS },
  );
}
