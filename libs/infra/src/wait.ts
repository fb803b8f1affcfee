export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** What is awaited, for the timeout message ("the gateway to be ready"). */
  description?: string;
  /** Gives up at once, with the signal's reason, when aborted. */
  signal?: AbortSignal;
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Calls `fn` until it returns a truthy value, and returns that value. A call that throws counts
 * as "not yet"; its message is quoted when the wait times out.
 */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 100, description = 'a condition', signal }: WaitOptions = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const value = await fn();
      if (value) return value as Truthy<T>;
    } catch (err) {
      lastError = err;
    }
    signal?.throwIfAborted();
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
