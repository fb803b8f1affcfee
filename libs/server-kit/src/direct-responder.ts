import { Headers } from '@kartlink/contracts';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger';
import { metrics } from './metrics';
import { InFlight } from './nats-transport';
import { replyPacking } from './reply-chunks';
import { acceptRequestId, runWithRequestContext } from './request-context';
import { failurePayload } from './rpc';
import { startNatsHandlerSpan } from './tracing';
import { atTurnEnd } from './turn-end';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Answers one subject on a plain NATS subscription (in the service's queue group), without
 * Nest's per-message machinery (its contexts, interceptors and observables are most of a small
 * read's cost): for the hottest reads. Requests and answers are Nest's packets, so any
 * requester (Nest's client, NatsRequester) asks it as it asks a message handler, and the
 * handler's context, errors and log line are those of rpc.ts. An answer larger than one
 * message (or a TextReply) goes in pieces as PrefixedNatsServer sends it (reply-chunks.ts): its
 * requester then asks with `request` or `requestText`, not `requestDirect` (one message only).
 */
export class DirectResponder {
  private subscription?: Subscription;
  private readonly inFlight = new InFlight();

  constructor(
    private readonly options: {
      subject: string;
      queue: string;
      logger: Logger;
      handle: (data: unknown) => Promise<unknown>;
    },
  ) {}

  start(connection: NatsConnection) {
    this.subscription = connection.subscribe(this.options.subject, {
      queue: this.options.queue,
      callback: (err, message) => {
        if (err) return this.options.logger.warn({ err }, 'direct requests interrupted');
        const end = this.inFlight.begin();
        void this.answer(message).finally(end);
      },
    });
  }

  /** No more requests (the other replicas get them); those under way are answered. */
  async stop() {
    await this.subscription?.drain().catch(() => undefined);
    await this.inFlight.idle();
  }

  private async answer(message: Msg) {
    const { logger, subject } = this.options;
    const started = performance.now();
    let id: unknown;
    let json: string;
    let chunks: unknown[] | undefined;
    // The handler's span (tracing.ts), a child of the requester's: none when tracing is off.
    const span = startNatsHandlerSpan(subject, message.headers);
    try {
      const packet = JSON.parse(decoder.decode(message.data)) as { id?: unknown; data?: unknown };
      id = packet.id;
      const requestId = acceptRequestId(message.headers?.get(Headers.requestId), randomUUID);
      json = await runWithRequestContext({ requestId, trace: span?.context }, async () => {
        const response = await this.options.handle(packet.data);
        logger.info({ subject, durationMs: elapsed(started) }, 'request handled');
        metrics.observeNatsHandled(subject, (performance.now() - started) / 1000);
        span?.end();
        const packed = replyPacking(response);
        if ('chunks' in packed) {
          chunks = packed.chunks;
          return '';
        }
        const body = packed.json;
        return `{${body === undefined ? '' : `"response":${body},`}"isDisposed":true,"id":${JSON.stringify(id)}}`;
      });
    } catch (err) {
      const payload = failurePayload(err, logger);
      logger.info({ subject, code: payload.code, durationMs: elapsed(started) }, 'request failed');
      metrics.observeNatsHandled(subject, (performance.now() - started) / 1000, payload.code);
      span?.end(payload.code);
      json = JSON.stringify({ err: payload, isDisposed: true, id });
    }
    if (!message.reply) return;
    // Sent with the other answers of this turn of the event loop, in one write (turn-end.ts).
    // Waited for: stop() waits for the answers under way, sent included.
    const pieces = chunks;
    await new Promise<void>((sent) =>
      atTurnEnd(() => {
        try {
          if (!pieces) message.respond(encoder.encode(json));
          else
            pieces.forEach((chunk, i) =>
              message.respond(
                encoder.encode(
                  `{"response":${JSON.stringify(chunk)},"isDisposed":${i === pieces.length - 1},"id":${JSON.stringify(id)}}`,
                ),
              ),
            );
        } catch (err) {
          logger.error({ err }, 'reply not sent');
        }
        sent();
      }),
    );
  }
}

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10;
