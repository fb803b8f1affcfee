/**
 * Work deferred to the end of this turn of the event loop (its check phase), run together in
 * the order given.
 *
 * The NATS client writes what was published at the next microtask checkpoint, and Node reaches
 * one after every I/O callback: under load, each HTTP request parsed and each database answer
 * read would cost a write to the NATS socket of its own. A write is a system call, and on a
 * virtual machine's loopback one costs about a quarter of a millisecond (most of it the
 * receiver's wake-up), a good part of a small read. Publishes deferred here, from every
 * callback of the turn, go out in one write; the wait is the rest of the turn, microseconds.
 * Each piece of work catches its own errors; one that throws anyway does not stop the others.
 */
let queued: Array<() => void> = [];

export function atTurnEnd(work: () => void): void {
  if (queued.length === 0) setImmediate(runQueued);
  queued.push(work);
}

function runQueued() {
  const works = queued;
  queued = [];
  for (const work of works) {
    try {
      work();
    } catch {
      // Its own to catch (see above): the others still run.
    }
  }
}
