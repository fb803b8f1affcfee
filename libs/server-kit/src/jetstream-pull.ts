import type { Consumer, JsMsg } from 'nats';
import type { Logger } from './logger';

export interface PullOptions {
  /** The consumer's name, for log lines. */
  name: string;
  /** Messages one fetch asks for, at most. */
  batch: number;
  /** How long one fetch waits for messages (1000 at least); a stop waits for the fetch in hand. */
  expiresMs?: number;
  /** Handles one message; awaited before the next is taken. Should not throw. */
  onMessage: (message: JsMsg) => Promise<void> | void;
  logger: Logger;
}

export interface PullLoop {
  /** Asks for no more messages and resolves once each one already asked for was handled. */
  stop(): Promise<void>;
}

const DEFAULT_EXPIRES_MS = 1000;
const RETRY_MS = 1000;

/**
 * Takes a JetStream consumer's messages in bounded fetches, one after another, until stopped.
 * A stop lets the fetch in hand end (its batch delivered, or its time up) and hands every one
 * of its messages over: none is left delivered to this replica but unhandled, to come back
 * only after the ack wait. (A `consume()` iterator, closed, drops what is still on the wire.)
 */
export function pullUntilStopped(consumer: Consumer, options: PullOptions): PullLoop {
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RETRY_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopping) {
      try {
        const messages = await consumer.fetch({
          max_messages: options.batch,
          expires: options.expiresMs ?? DEFAULT_EXPIRES_MS,
        });
        for await (const message of messages) {
          try {
            await options.onMessage(message);
          } catch (err) {
            // Left unacknowledged, it comes back after the ack wait.
            options.logger.error(
              { err, seq: message.seq, consumer: options.name },
              'event not handled',
            );
          }
        }
      } catch (err) {
        if (stopping) break;
        options.logger.warn({ err, consumer: options.name }, 'fetching events failed; retrying');
        await pause();
      }
    }
  })();
  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
