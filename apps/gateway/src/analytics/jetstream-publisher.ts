import {
  createInbox,
  headers,
  type Msg,
  type NatsConnection,
  type PubAck,
  type Subscription,
} from 'nats';
import { startProducerSpan } from '@kartlink/server-kit';

/** How often the publications waiting too long are looked for. */
const SWEEP_MS = 100;

interface Waiting {
  resolve: (ack: PubAck) => void;
  reject: (err: Error) => void;
  deadline: number;
}

interface Queued {
  subject: string;
  data: Uint8Array;
  msgId: string;
  token: string;
  /** The producer span's trace context (traceparent...), when tracing is on. */
  trace?: Record<string, string>;
}

/** What JetStream answers a publication with. */
interface AckBody {
  stream?: string;
  seq?: number;
  duplicate?: boolean;
  domain?: string;
  error?: { code?: number; description?: string };
}

/**
 * Publications to JetStream, each resolved once the stream acknowledged it, many in flight on
 * one subscription. nats.js's `jetstream.publish` makes each one a request of its own: a
 * timer, a generator's promise chain, a muxed request and three Error objects with their stack
 * traces (one thrown away on every success), a tenth of the gateway's time at the click
 * benchmark. Here a publication is one message whose reply subject is under this publisher's
 * inbox: the acknowledgements come on one wildcard subscription, one sweep times the waits out.
 * The message and its checks are nats.js's: the Nats-Msg-Id header (the stream drops a second
 * copy of an id within its window), a 503 status when no stream listens, an `error` answer or one
 * without a stream refused.
 *
 * The publications of a turn of the event loop leave together at its end: nats.js writes its
 * buffer once the code that filled it is done, so the events of the requests of a turn go in one
 * socket write instead of one each (those writes were a twentieth of the gateway's time).
 */
export class JetStreamPublisher {
  private readonly inbox: string;
  private readonly waiting = new Map<string, Waiting>();
  private readonly subscription: Subscription;
  private queue: Queued[] = [];
  private sweeper?: NodeJS.Timeout;
  private sequence = 0;

  constructor(
    private readonly connection: NatsConnection,
    private readonly timeoutMs: number,
  ) {
    const inbox = createInbox();
    this.inbox = `${inbox}.`;
    this.subscription = connection.subscribe(`${inbox}.*`, {
      callback: (err, msg) => (err ? this.failAll(err) : this.answered(msg)),
    });
  }

  /** Publishes `data` on `subject` under the id `msgId`; resolves with the stream's ack. */
  publish(subject: string, data: Uint8Array, msgId: string): Promise<PubAck> {
    return new Promise<PubAck>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('JetStream publisher closed'));
        return;
      }
      const token = (this.sequence++).toString(36);
      // Ended by the stream's answer; the consumers' spans link to it.
      const span = startProducerSpan(subject);
      const waiting = { resolve, reject, deadline: Date.now() + this.timeoutMs };
      if (span) {
        waiting.resolve = (ack) => {
          span.end();
          resolve(ack);
        };
        waiting.reject = (err) => {
          span.end('SERVICE_UNAVAILABLE');
          reject(err);
        };
      }
      this.waiting.set(token, waiting);
      if (this.queue.length === 0) setImmediate(() => this.send());
      this.queue.push({ subject, data, msgId, token, trace: span?.headers });
      this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
    });
  }

  /** Once its subscription is gone (the connection closed): a new publisher is needed. */
  get closed(): boolean {
    return this.subscription.isClosed();
  }

  private send() {
    const queued = this.queue;
    this.queue = [];
    for (const { subject, data, msgId, token, trace } of queued) {
      const header = headers();
      header.set('Nats-Msg-Id', msgId);
      if (trace) for (const [key, value] of Object.entries(trace)) header.set(key, value);
      try {
        this.connection.publish(subject, data, { reply: this.inbox + token, headers: header });
      } catch (err) {
        this.settle(token)?.reject(err as Error);
      }
    }
  }

  private answered(msg: Msg) {
    const waiting = this.settle(msg.subject.slice(this.inbox.length));
    // Too late: its publication was already answered 503 (the stream may still have it).
    if (!waiting) return;
    if (msg.data.length === 0) {
      const status = msg.headers;
      waiting.reject(
        new Error(
          status?.code === 503
            ? 'no JetStream stream listens on the subject (503)'
            : `JetStream answered ${status?.code ?? 'nothing'} ${status?.description ?? ''}`.trim(),
        ),
      );
      return;
    }
    let ack: AckBody;
    try {
      ack = msg.json<AckBody>();
    } catch (err) {
      waiting.reject(err as Error);
      return;
    }
    if (ack.error) {
      waiting.reject(
        new Error(`JetStream refused the message: ${ack.error.code} ${ack.error.description}`),
      );
    } else if (!ack.stream) {
      waiting.reject(new Error('JetStream answered without a stream'));
    } else {
      waiting.resolve({
        stream: ack.stream,
        seq: ack.seq ?? 0,
        duplicate: ack.duplicate ?? false,
        domain: ack.domain,
      } as PubAck);
    }
  }

  private settle(token: string): Waiting | undefined {
    const waiting = this.waiting.get(token);
    if (waiting) this.waiting.delete(token);
    return waiting;
  }

  /** The waits share one timeout, so the Map's order is their deadlines'. */
  private sweep() {
    const now = Date.now();
    for (const [token, waiting] of this.waiting) {
      if (waiting.deadline > now) return;
      this.waiting.delete(token);
      waiting.reject(new Error(`JetStream did not acknowledge within ${this.timeoutMs} ms`));
    }
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private failAll(err: Error) {
    for (const waiting of this.waiting.values()) waiting.reject(err);
    this.waiting.clear();
  }
}
