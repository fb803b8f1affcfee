import { ServerNats } from '@nestjs/microservices';
import type { NatsContext } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { JsonReply, replyChunks } from './reply-chunks';

const encoder = new TextEncoder();
import { ServiceError } from './service-error';

type ServerOptions = ConstructorParameters<typeof ServerNats>[0];

/** Counts the work in progress and tells when there is none. */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  /** Starts one piece of work; the function returned ends it (once, however often called). */
  begin(): () => void {
    this.count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  /** Resolves once nothing is in progress. */
  idle(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * The NestJS NATS server with two additions.
 *
 * Every subject this service answers on is prefixed (NATS_SUBJECT_PREFIX), so that test runs
 * and environments sharing one NATS never see each other's requests. Handlers keep the plain
 * subjects of libs/contracts.
 *
 * Closing is graceful: the subscriptions are drained (NATS sends this replica no more
 * requests, the other replicas of the queue group get them, and the requests already on their
 * way are still handled), then the handlers in progress finish and their replies are flushed,
 * and only then does the connection close. Nest's own close drops the connection at once.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly requestSubscriptions: Subscription[] = [];
  private readonly inFlight = new InFlight();
  /** The end of each message being handled, until its reply takes it over. */
  private readonly ends = new Map<Msg, () => void>();
  private closing?: Promise<void>;

  constructor(
    private readonly serverOptions: ServerOptions,
    private readonly subjectPrefix: string,
  ) {
    super(serverOptions);
  }

  override async listen(
    callback: (err?: unknown, ...optionalParams: unknown[]) => void,
  ): Promise<void> {
    if (this.subjectPrefix) {
      const handlers = [...this.messageHandlers];
      this.messageHandlers.clear();
      for (const [subject, handler] of handlers)
        this.messageHandlers.set(`${this.subjectPrefix}${subject}`, handler);
    }
    return super.listen(callback);
  }

  /** As Nest's, keeping the subscriptions to drain them. */
  override bindEvents(client: NatsConnection): void {
    const defaultQueue = this.serverOptions?.queue;
    for (const [channel, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? defaultQueue;
      const callback = this.getMessageHandler(channel).bind(this) as (
        err: Error | null,
        message: Msg,
      ) => void;
      this.requestSubscriptions.push(client.subscribe(channel, { queue, callback }));
    }
  }

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    this.ends.set(message, this.inFlight.begin());
    try {
      return await super.handleMessage(channel, message);
    } finally {
      // A request's handler may still be running here (Nest subscribes to its answer): its
      // reply ends it (getPublisher took its end). Anything else ends now.
      this.ends.get(message)?.();
      this.ends.delete(message);
    }
  }

  override getPublisher(
    message: Msg,
    id: string,
    ctx: NatsContext,
  ): (packet: {
    isDisposed?: boolean;
    status?: string;
    response?: unknown;
    err?: unknown;
  }) => unknown {
    const publish = super.getPublisher(message, id, ctx);
    const end = this.ends.get(message);
    if (!message.reply || !end) return publish;
    this.ends.delete(message);
    return (packet) => {
      try {
        const chunks = packet.status === 'error' ? undefined : replyChunks(packet.response);
        if (!chunks && packet.response instanceof JsonReply) {
          // Nest's packet as its serializer writes it, the JSON put in as it is.
          const json = `{"response":${packet.response.json},"isDisposed":${Boolean(packet.isDisposed)},"id":${JSON.stringify(id)}}`;
          return message.respond(encoder.encode(json));
        }
        if (!chunks) return publish(packet);
        chunks.forEach((chunk, i) =>
          publish({ response: chunk, isDisposed: packet.isDisposed && i === chunks.length - 1 }),
        );
      } catch (err) {
        // A reply NATS refuses (too large even in pieces, or the connection gone) fails the
        // request; it must not end the process, which serves every other one.
        this.logger.error(`reply not sent: ${(err as Error).message}`);
        try {
          publish({ err: ServiceError.internal().toPayload(), isDisposed: true });
        } catch {
          // No connection to answer on: the requester times out.
        }
      } finally {
        // Nest marks the last packet of an answer; "no handler" is a single error packet.
        if (packet.isDisposed || packet.status === 'error') end();
      }
    };
  }

  /** Requests being handled now. */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  override close(): Promise<void> {
    this.closing ??= this.drainAndClose();
    return this.closing;
  }

  private async drainAndClose(): Promise<void> {
    await Promise.all(this.requestSubscriptions.map((s) => s.drain().catch(() => undefined)));
    await this.inFlight.idle();
    let connection: NatsConnection | undefined;
    try {
      connection = this.unwrap<NatsConnection>();
    } catch {
      // Never connected: nothing to flush.
    }
    // Draining the connection flushes the replies just written, then closes it.
    await connection?.drain().catch(() => undefined);
    await super.close();
  }
}

/** The app's own NATS user (NATS_USER, NATS_PASSWORD); none where NATS runs without authentication. */
export interface NatsCredentials {
  user?: string;
  pass?: string;
}

export function natsCredentials(config: {
  NATS_USER: string;
  NATS_PASSWORD: string;
}): NatsCredentials {
  return config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {};
}

/** Connection options shared by services and the gateway: reconnect forever, wait for the first connect. */
export function natsConnectionOptions(
  url: string,
  name: string,
  credentials: NatsCredentials = {},
) {
  return {
    servers: url.split(','),
    name,
    ...credentials,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  };
}
