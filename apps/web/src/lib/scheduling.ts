/**
 * Runs `work` once the browser has a moment (requestIdleCallback, within `timeout` ms; the next
 * task where it has none, as in Safari), or at once if the visitor leaves the page first: for
 * work a visitor must not wait for, kept out of the tasks that show them the page.
 */
export function whenIdle(work: () => void, timeout = 2000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.removeEventListener('pagehide', run);
    work();
  };
  window.addEventListener('pagehide', run);
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout });
  else window.setTimeout(run, 1);
}

/**
 * Resolves in a task of its own: work awaited after it leaves the browser a gap to paint and
 * answer a tap in, rather than adding to the task before.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
