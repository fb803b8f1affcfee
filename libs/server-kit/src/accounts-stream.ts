import {
  ACCOUNTS_STREAM_SUBJECTS,
  accountsStreamName,
  Events,
  type UserDeleted,
} from '@kartlink/contracts';
import { type JetStreamManager, JSONCodec, type NatsConnection, RetentionPolicy } from 'nats';
import { consumeDurably, type DurableConsumer } from './durable-consumer';
import { ensureStream, type StreamReplicas } from './jetstream-replicas';
import type { Logger } from './logger';

/**
 * An account deletion waits this long at most for a service that is down. It names the user
 * (and their shop): kept no longer than a consumer could need it, and (interest retention) gone
 * as soon as every service's durable consumer has acknowledged it.
 */
const ACCOUNTS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Creates the ACCOUNTS stream of this subject prefix if it is missing (auth-service publishes,
 * every service consumes; whichever starts first creates it), with `replicas` copies. Each
 * service creates its durable consumer at startup, before any deletion can be announced: an
 * event is kept until all of them have applied it, then deleted from the stream.
 */
export function ensureAccountsStream(
  manager: JetStreamManager,
  subjectPrefix: string,
  replicas: StreamReplicas = {},
): Promise<string> {
  return ensureStream(
    manager,
    {
      name: accountsStreamName(subjectPrefix),
      subjects: [`${subjectPrefix}${ACCOUNTS_STREAM_SUBJECTS}`],
      maxAgeMs: ACCOUNTS_MAX_AGE_MS,
      retention: RetentionPolicy.Interest,
    },
    replicas,
  );
}

/**
 * Each service's durable consumer of Events.userDeleted: `apply` deletes what the service holds
 * of the account, and must be idempotent (a redelivery, or the event applied at once by a
 * request and again from the stream, finds nothing left and changes nothing). A malformed event
 * is logged and acknowledged; an `apply` that throws has it delivered again.
 */
export async function consumeUserDeleted(options: {
  connection: NatsConnection;
  subjectPrefix: string;
  replicas: number;
  durable: string;
  logger: Logger;
  read: (payload: unknown) => UserDeleted | undefined;
  apply: (event: UserDeleted) => Promise<unknown>;
}): Promise<DurableConsumer> {
  const { subjectPrefix, logger } = options;
  const codec = JSONCodec<unknown>();
  return consumeDurably({
    connection: options.connection,
    stream: (manager) =>
      ensureAccountsStream(manager, subjectPrefix, { replicas: options.replicas, logger }),
    durable: options.durable,
    filterSubject: `${subjectPrefix}${Events.userDeleted}`,
    logger,
    handle: async (messages) => {
      for (const message of messages) {
        let event: UserDeleted | undefined;
        try {
          event = options.read(codec.decode(message.data));
        } catch {
          event = undefined;
        }
        if (!event) {
          logger.warn({ seq: message.seq }, 'malformed user-deleted event dropped');
          continue;
        }
        await options.apply(event);
      }
    },
  });
}
