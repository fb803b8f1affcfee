import {
  AckPolicy,
  connect,
  DeliverPolicy,
  type JetStreamManager,
  nanos,
  type NatsConnection,
  ReplayPolicy,
} from 'nats';
import { pullUntilStopped } from './jetstream-pull';
import type { Logger } from './logger';

export interface DurableConsumerOptions {
  natsUrl: string;
  /** The connection's name, as NATS monitoring shows it. */
  connectionName: string;
  /** Creates the stream if it is missing and answers its name. */
  stream: (manager: JetStreamManager) => Promise<string>;
  durable: string;
  filterSubject: string;
  logger: Logger;
  /**
   * Applies one event. Returning acknowledges it; throwing has it delivered again in 2 s.
   * A malformed event should be logged and returned from, or it would come back for ever.
   */
  handle: (data: Uint8Array, seq: number) => Promise<void>;
  maxAckPending?: number;
  ackWaitMs?: number;
}

export interface DurableConsumer {
  /** Stops taking events, applies those already delivered, and closes the connection. */
  stop(): Promise<void>;
}

/** Events asked for at once; each is applied and acknowledged before the next. */
const FETCH_BATCH = 100;

/**
 * Consumes one subject of a JetStream stream through a durable consumer that a service's
 * replicas share: events published while the service was down are applied when it is back,
 * and each is acknowledged only after it was applied.
 */
export async function consumeDurably(options: DurableConsumerOptions): Promise<DurableConsumer> {
  const connection: NatsConnection = await connect({
    servers: options.natsUrl.split(','),
    name: options.connectionName,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
  });
  const manager = await connection.jetstreamManager();
  const stream = await options.stream(manager);
  await ensureDurableConsumer(manager, stream, {
    durable: options.durable,
    filterSubject: options.filterSubject,
    maxAckPending: options.maxAckPending ?? 1000,
    ackWaitMs: options.ackWaitMs ?? 30_000,
  });
  const consumer = await connection.jetstream().consumers.get(stream, options.durable);
  const pulling = pullUntilStopped(consumer, {
    name: options.durable,
    batch: FETCH_BATCH,
    logger: options.logger,
    onMessage: async (message) => {
      try {
        await options.handle(message.data, message.seq);
        message.ack();
      } catch (err) {
        options.logger.warn({ err, seq: message.seq, durable: options.durable }, 'event retried');
        message.nak(2000);
      }
    },
  });
  return {
    async stop() {
      await pulling.stop();
      // Drained, the connection sends the last acknowledgements before it closes.
      await connection.drain().catch(() => undefined);
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
