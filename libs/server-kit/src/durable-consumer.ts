import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  nanos,
  type NatsConnection,
  ReplayPolicy,
} from 'nats';
import { pullUntilStopped } from './jetstream-pull';
import { untilJetStreamAnswers } from './jetstream-replicas';
import type { Logger } from './logger';
import { metrics } from './metrics';
import { traceConsumedBatch } from './tracing';

export interface DurableConsumerOptions {
  /** The app's shared connection (NatsRequester.connection()); the consumer never closes it. */
  connection: NatsConnection;
  /** Creates the stream if it is missing and answers its name. */
  stream: (manager: JetStreamManager) => Promise<string>;
  durable: string;
  filterSubject: string;
  logger: Logger;
  /**
   * Applies the events, one at a time or a batch at a time (`batch`). Returning acknowledges
   * them; throwing has them delivered again after `retryDelayMs`. A malformed event should be
   * logged and returned from, or it would come back for ever.
   */
  handle: (messages: JsMsg[]) => Promise<void>;
  /**
   * Events handled together: up to `size`, or what came within `waitMs` of the first. One at a
   * time without it.
   */
  batch?: { size: number; waitMs: number };
  maxAckPending?: number;
  ackWaitMs?: number;
  retryDelayMs?: number;
  /** A stop waits this long for the events in hand (a store that hangs), then leaves them. */
  stopWaitMs?: number;
}

export interface DurableConsumer {
  /**
   * Stops taking events and applies those already delivered (none is left to come back after
   * the ack wait), then sends the acknowledgements.
   */
  stop(): Promise<void>;
}

/**
 * Consumes one subject of a JetStream stream through a durable consumer that a service's
 * replicas share: events published while the service was down are applied when it is back,
 * and each is acknowledged only after it was applied. The one way every service consumes a
 * stream, on the connection it already has.
 */
export async function consumeDurably(options: DurableConsumerOptions): Promise<DurableConsumer> {
  const { connection, durable, logger } = options;
  const batchSize = options.batch?.size ?? 1;
  const maxAckPending = options.maxAckPending ?? 1000;
  const { stream, consumer } = await untilJetStreamAnswers(async () => {
    const manager = await connection.jetstreamManager();
    const name = await options.stream(manager);
    await ensureDurableConsumer(manager, name, {
      durable,
      filterSubject: options.filterSubject,
      maxAckPending,
      ackWaitMs: options.ackWaitMs ?? 30_000,
    });
    return { stream: name, consumer: await connection.jetstream().consumers.get(name, durable) };
  }, logger);
  // Its lag (pending, ack pending) is read from the server at each scrape of /metrics.
  const unwatch = metrics.watchConsumer(stream, durable, consumer);

  const retryDelayMs = options.retryDelayMs ?? 2000;
  let buffer: JsMsg[] = [];
  let timer: NodeJS.Timeout | undefined;
  let handling: Promise<void> = Promise.resolve();
  const apply = async (messages: JsMsg[]) => {
    try {
      // A consumer span linked to each event's publisher, when tracing is on.
      await traceConsumedBatch(durable, messages, () => options.handle(messages));
      for (const message of messages) message.ack();
    } catch (err) {
      logger.warn({ err, events: messages.length, durable }, 'events not applied; retrying');
      for (const message of messages) message.nak(retryDelayMs);
    }
  };
  // Hands the buffered events over, one batch after another.
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const messages = buffer;
    buffer = [];
    if (messages.length > 0) handling = handling.then(() => apply(messages));
    return handling;
  };
  const pulling = pullUntilStopped(consumer, {
    name: durable,
    batch: Math.min(Math.max(batchSize * 2, 100), maxAckPending),
    logger,
    onMessage: (message) => {
      buffer.push(message);
      if (buffer.length >= batchSize) return flush();
      timer ??= setTimeout(() => void flush(), options.batch!.waitMs);
    },
  });
  logger.info({ stream, consumer: durable }, 'consuming events');
  return {
    async stop() {
      unwatch();
      let waited: NodeJS.Timeout | undefined;
      const finish = async () => {
        await pulling.stop();
        await flush();
      };
      await Promise.race([
        finish(),
        new Promise((done) => (waited = setTimeout(done, options.stopWaitMs ?? 10_000))),
      ]);
      clearTimeout(waited);
      // The acknowledgements leave before the app closes the connection.
      await connection.flush().catch(() => undefined);
    },
  };
}

/**
 * A durable pull consumer with explicit acks on one subject of a stream, created or updated
 * to these settings. Replicas of a service share it: each message goes to one of them.
 */
export async function ensureDurableConsumer(
  manager: JetStreamManager,
  stream: string,
  options: { durable: string; filterSubject: string; maxAckPending: number; ackWaitMs: number },
): Promise<void> {
  const settings = {
    ack_wait: nanos(options.ackWaitMs),
    max_ack_pending: options.maxAckPending,
    filter_subject: options.filterSubject,
  };
  const existing = await manager.consumers.info(stream, options.durable).catch(() => undefined);
  if (existing) {
    const { ack_wait, max_ack_pending, filter_subject } = existing.config;
    if (
      ack_wait !== settings.ack_wait ||
      max_ack_pending !== settings.max_ack_pending ||
      filter_subject !== settings.filter_subject
    )
      await manager.consumers.update(stream, options.durable, settings);
    return;
  }
  try {
    await manager.consumers.add(stream, {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      replay_policy: ReplayPolicy.Instant,
      ...settings,
    });
  } catch (err) {
    if (!/already in use|already exists/i.test((err as Error).message)) throw err;
  }
}
