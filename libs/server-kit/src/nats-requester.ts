import type { Provider } from '@nestjs/common';
import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { ErrorCode, Headers } from '@kartlink/contracts';
import {
  createInbox,
  headers as natsHeaders,
  type Msg,
  type NatsConnection,
  type Subscription,
} from 'nats';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, timeout, TimeoutError, toArray } from 'rxjs';
import type { Logger } from './logger';
import { metrics } from './metrics';
import { unavailable } from './outage';
import { natsConnectionOptions, natsCredentials, type NatsCredentials } from './nats-transport';
import { joinReply, joinText } from './reply-chunks';
import { currentRequestId } from './request-context';
import { ServiceError } from './service-error';
import { injectTraceContext, traceNatsRequest } from './tracing';
import { atTurnEnd } from './turn-end';
import { CONFIG, LOGGER, type ServiceConfig } from './service-module';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface RequestOptions {
  /** Overrides the default timeout for a call known to be slower or that must be faster. */
  timeoutMs?: number;
}

/** An answer awaited on the requester's own inbox: its message, or undefined once timed out. */
type Awaited = (message: Msg | undefined) => void;

/**
 * Requests to services over NATS: the current request id in the headers, the environment's
 * subject prefix, an explicit timeout, and every failure turned into a ServiceError.
 */
export class NatsRequester {
  /**
   * The direct requests' inbox on this connection: one subscription, each answer matched to
   * its request by the reply subject's last token. (The client's own request does the same, but
   * makes two errors per request, one for a stack kept in case it times out and one to cancel
   * it once answered: a good part of a small read's cost.)
   */
  private inbox?: {
    connection: NatsConnection;
    prefix: string;
    subscription: Subscription;
    waiting: Map<string, Awaited>;
  };
  private nextToken = 0;

  constructor(
    private readonly client: ClientNats,
    private readonly subjectPrefix: string,
    private readonly defaultTimeoutMs: number,
    private readonly logger: Logger,
  ) {}

  static connect(options: {
    url: string;
    name: string;
    credentials?: NatsCredentials;
    subjectPrefix: string;
    timeoutMs: number;
    logger: Logger;
  }) {
    const client = new ClientNats(
      natsConnectionOptions(options.url, options.name, options.credentials),
    );
    return new NatsRequester(client, options.subjectPrefix, options.timeoutMs, options.logger);
  }

  async request<T>(
    subject: string,
    payload: unknown = {},
    options: RequestOptions = {},
  ): Promise<T> {
    return joinReply<T>(await this.packets(subject, payload, options));
  }

  /**
   * A request whose answer is taken as JSON text, unparsed (a handler answering a TextReply
   * sends it so): for a large answer passed on as it is, or nearly.
   */
  async requestText(
    subject: string,
    payload: unknown = {},
    options: RequestOptions = {},
  ): Promise<string> {
    return joinText(await this.packets(subject, payload, options));
  }

  /**
   * A request of an answer that fits one message (a product, a shop: not a list), over the
   * connection's shared reply subscription: no subscription made and dropped per request, no
   * observable. Asked and answered as Nest's packets, so any handler answers it.
   */
  async requestDirect<T>(
    subject: string,
    payload: unknown = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const answer = await this.direct<T>(subject, payload, options);
    // An answer in pieces is a caller's mistake (request takes it), never half an answer.
    if (answer.isDisposed === false)
      throw this.toServiceError(new Error(`${subject}: an answer in pieces`), subject, 0);
    return answer.response as T;
  }

  /**
   * requestText over the connection's shared reply subscription (as requestDirect): for a
   * text answer nearly always in one message (a TextReply of a few kilobytes is one piece). One
   * that comes in more pieces is asked again as requestText asks it (for reads only).
   */
  async requestTextDirect(
    subject: string,
    payload: unknown = {},
    options: RequestOptions = {},
  ): Promise<string> {
    const answer = await this.direct<unknown>(subject, payload, options);
    if (answer.isDisposed === false) return this.requestText(subject, payload, options);
    return joinText([answer.response]);
  }

  private async direct<T>(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<{ response?: T; isDisposed?: boolean }> {
    const started = performance.now();
    try {
      const answer = await traceNatsRequest(this.subjectPrefix, subject, () =>
        this.sendDirect<T>(subject, payload, options),
      );
      metrics.observeNatsRequest(subject, (performance.now() - started) / 1000);
      return answer;
    } catch (err) {
      metrics.observeNatsRequest(subject, (performance.now() - started) / 1000, errorCode(err));
      throw err;
    }
  }

  private async sendDirect<T>(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<{ response?: T; isDisposed?: boolean }> {
    const headers = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) headers.set(Headers.requestId, requestId);
    injectTraceContext(headers);
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const pattern = `${this.subjectPrefix}${subject}`;
    let answer: { response?: T; err?: unknown; isDisposed?: boolean };
    try {
      const inbox = this.inboxOf(await this.connection());
      const packet = JSON.stringify({ pattern, data: payload, id: randomUUID() });
      const token = String((this.nextToken += 1));
      const reply = await new Promise<Msg | undefined>((resolve, reject) => {
        const timer = setTimeout(() => {
          inbox.waiting.delete(token);
          resolve(undefined);
        }, timeoutMs);
        inbox.waiting.set(token, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        // Sent with the other requests of this turn of the event loop, in one write (turn-end.ts).
        atTurnEnd(() => {
          try {
            inbox.connection.publish(pattern, encoder.encode(packet), {
              reply: `${inbox.prefix}${token}`,
              headers,
            });
          } catch (err) {
            clearTimeout(timer);
            inbox.waiting.delete(token);
            reject(err);
          }
        });
      });
      if (!reply) throw new TimeoutError();
      // NATS's own answer when no replica subscribes: a status 503 without data.
      if (reply.data.length === 0 && reply.headers?.code === 503)
        throw new EmptyResponseException(pattern);
      answer = JSON.parse(decoder.decode(reply.data)) as typeof answer;
    } catch (err) {
      throw this.toServiceError(err, subject, timeoutMs);
    }
    if (answer.err !== undefined) throw this.toServiceError(answer.err, subject, timeoutMs);
    return answer;
  }

  /** The direct requests' inbox on this connection, subscribed at its first request. */
  private inboxOf(connection: NatsConnection) {
    if (this.inbox?.connection === connection && !this.inbox.subscription.isClosed())
      return this.inbox;
    const prefix = `${createInbox()}.`;
    const waiting = new Map<string, Awaited>();
    const subscription = connection.subscribe(`${prefix}*`, {
      callback: (err, message) => {
        if (err) return;
        const token = message.subject.slice(prefix.length);
        const answer = waiting.get(token);
        if (!answer) return; // Timed out already, or a second piece of an answer.
        waiting.delete(token);
        answer(message);
      },
    });
    this.inbox = { connection, prefix, subscription, waiting };
    return this.inbox;
  }

  /** The packets of a request's answer, in order (a large one comes in pieces: reply-chunks.ts). */
  private packets(subject: string, payload: unknown, options: RequestOptions): Promise<unknown[]> {
    return traceNatsRequest(this.subjectPrefix, subject, () =>
      this.sendPackets(subject, payload, options),
    );
  }

  private async sendPackets(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<unknown[]> {
    const headers = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) headers.set(Headers.requestId, requestId);
    injectTraceContext(headers);
    const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const started = performance.now();
    try {
      const packets = await firstValueFrom(
        this.client
          .send<unknown>(`${this.subjectPrefix}${subject}`, record)
          .pipe(timeout(timeoutMs), toArray()),
      );
      metrics.observeNatsRequest(subject, (performance.now() - started) / 1000);
      return packets;
    } catch (err) {
      const failure = this.toServiceError(err, subject, timeoutMs);
      metrics.observeNatsRequest(subject, (performance.now() - started) / 1000, failure.code);
      throw failure;
    }
  }

  /**
   * An event to every subscriber (not a queue group): e.g. cache invalidations. Resolves once
   * the NATS server has taken it (a flush: one round trip, at most the request timeout), so
   * that an answer this service sends after it (on its responder's own connection) cannot reach
   * a client before the server has queued the event for every other replica: a write answered
   * through one gateway is then not read stale through another.
   */
  async publish(subject: string, data: unknown): Promise<void> {
    await firstValueFrom(this.client.emit(`${this.subjectPrefix}${subject}`, data), {
      defaultValue: undefined,
    });
    const connection = this.client.unwrap<NatsConnection>();
    let timer: NodeJS.Timeout | undefined;
    const taken = await Promise.race([
      connection.flush().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.defaultTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!taken) this.logger.warn({ subject }, 'event published but not confirmed by NATS in time');
  }

  /** The underlying connection, to subscribe to events. */
  async connection(): Promise<NatsConnection> {
    await this.client.connect();
    return this.client.unwrap<NatsConnection>();
  }

  get prefix(): string {
    return this.subjectPrefix;
  }

  /** Round trip to the NATS server itself, for readiness. */
  async natsRoundTrip(): Promise<number> {
    await this.client.connect();
    return this.client.unwrap<NatsConnection>().rtt();
  }

  /** Drains the connection (answers on their way are received, publications flushed), then closes it. */
  async close() {
    let connection: NatsConnection | undefined;
    try {
      connection = this.client.unwrap<NatsConnection>();
    } catch {
      // Never connected.
    }
    await connection?.drain().catch(() => undefined);
    await this.client.close();
  }

  /** Nest calls this when the application closes. */
  onApplicationShutdown() {
    return this.close();
  }

  private toServiceError(err: unknown, subject: string, timeoutMs: number): ServiceError {
    if (err instanceof TimeoutError) {
      this.logger.warn({ subject, timeoutMs }, 'service did not answer in time');
      return new ServiceError(
        ErrorCode.SERVICE_TIMEOUT,
        'The request timed out. Please try again in a moment.',
      );
    }
    // NATS knows at once when no replica subscribes: answer 504 now instead of waiting.
    if (err instanceof EmptyResponseException) {
      this.logger.warn({ subject }, 'no replica of the service is running');
      return new ServiceError(
        ErrorCode.SERVICE_TIMEOUT,
        'The service is not answering right now. Please try again in a moment.',
      );
    }
    const modelled = ServiceError.fromPayload(err);
    if (modelled) return modelled;
    this.logger.error({ subject, err }, 'service request failed');
    return unavailable();
  }
}

const errorCode = (err: unknown) => (err instanceof ServiceError ? err.code : 'INTERNAL_ERROR');

/**
 * The NatsRequester of a service that asks others (shop-service asks auth-service for a plan,
 * media-service asks shop-service for a shop, ...), on a connection named for it.
 */
export function natsRequesterProvider(connectionName: string): Provider {
  return {
    provide: NatsRequester,
    inject: [CONFIG, LOGGER],
    useFactory: (config: ServiceConfig & { SERVICE_TIMEOUT_MS: number }, logger: Logger) =>
      NatsRequester.connect({
        url: config.NATS_URL,
        name: connectionName,
        credentials: natsCredentials(config),
        subjectPrefix: config.NATS_SUBJECT_PREFIX,
        timeoutMs: config.SERVICE_TIMEOUT_MS,
        logger,
      }),
  };
}
