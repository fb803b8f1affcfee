import {
  type Attributes,
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { MsgHdrs } from 'nats';
import type { Logger } from './logger';

/**
 * OpenTelemetry traces of the seams Kartlink owns: the gateway's HTTP requests, the NATS
 * requests and their handlers, the JetStream events and the image jobs. Spans are made by hand
 * at these seams (no auto-instrumentation), and the W3C trace context travels in the NATS
 * headers beside the request id.
 *
 * Off unless an OTLP endpoint is configured: then the SDK is not even loaded, no tracer
 * provider is registered, and every helper here is one check of a variable and nothing else.
 */

/** The sampler names of the OpenTelemetry environment specification that the SDK knows. */
export const TRACE_SAMPLERS = [
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
  'always_on',
  'always_off',
  'traceidratio',
] as const;
type TraceSampler = (typeof TRACE_SAMPLERS)[number];

/** The OTEL_* settings of commonEnvSchema. */
export interface TracingConfig {
  APP_VERSION: string;
  OTEL_EXPORTER_OTLP_ENDPOINT: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: string;
  OTEL_SERVICE_NAME: string;
  OTEL_TRACES_SAMPLER: TraceSampler;
  OTEL_TRACES_SAMPLER_ARG: string;
}

export interface Tracing {
  readonly enabled: boolean;
  /** Exports the spans still buffered and stops tracing (the end of a graceful shutdown). */
  shutdown(): Promise<void>;
}

/** Set while tracing is on; the one thing the helpers check. */
let tracer: Tracer | undefined;

export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

/**
 * Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT
 * with /v1/traces added (as the OTLP exporter specification says); none when neither is set.
 */
export function tracesEndpoint(config: TracingConfig): string | undefined {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT)
    return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}

/**
 * Starts tracing for one app when an OTLP endpoint is configured: spans of the app (its
 * service.name is OTEL_SERVICE_NAME, else `app`) batched and sent by OTLP over HTTP (JSON), the
 * W3C trace context propagated. `exporter` replaces the OTLP one (unit tests).
 */
export async function startTracing(
  app: string,
  config: TracingConfig,
  logger: Logger,
  exporter?: SpanExporter,
): Promise<Tracing> {
  const url = tracesEndpoint(config);
  if (!url && !exporter) return { enabled: false, shutdown: () => Promise.resolve() };
  // Loaded only here, so that an app without an endpoint never loads the SDK.
  const [sdk, resources, conventions, otlp] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const serviceName = config.OTEL_SERVICE_NAME || app;
  const provider = new sdk.NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (e.g. the pod's name) added to the service's own.
    resource: resources
      .defaultResource()
      .merge(resources.detectResources({ detectors: [resources.envDetector] }))
      .merge(
        resources.resourceFromAttributes({
          [conventions.ATTR_SERVICE_NAME]: serviceName,
          [conventions.ATTR_SERVICE_VERSION]: config.APP_VERSION,
        }),
      ),
    // The sampler is the SDK's reading of OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG.
    spanProcessors: [
      exporter
        ? new sdk.SimpleSpanProcessor(exporter)
        : new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url })),
    ],
  });
  // The global provider, the W3C trace-context propagator and the AsyncLocalStorage context.
  provider.register();
  tracer = trace.getTracer('kartlink', config.APP_VERSION);
  logger.info(
    { endpoint: url, serviceName, sampler: config.OTEL_TRACES_SAMPLER },
    'exporting traces',
  );
  return {
    enabled: true,
    async shutdown() {
      tracer = undefined;
      await provider
        .shutdown()
        .catch((err: unknown) => logger.warn({ err }, 'traces not all exported at shutdown'));
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** The current span's ids, for log lines; undefined when tracing is off or no span is current. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!tracer) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

// Attributes of the messaging semantic conventions (still incubating there, so named here).
const MESSAGING_SYSTEM = 'messaging.system';
const MESSAGING_DESTINATION = 'messaging.destination.name';
const MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
const MESSAGING_OPERATION_NAME = 'messaging.operation.name';
const MESSAGING_CONSUMER_GROUP = 'messaging.consumer.group.name';
const MESSAGING_BATCH_COUNT = 'messaging.batch.message_count';
const ERROR_TYPE = 'error.type';

/** Error codes that are the system's failure, not the caller's (their spans are errors). */
const FAILURE_CODES = new Set(['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', 'SERVICE_TIMEOUT']);

/** Ends a span; `code` is the error code it failed with (ServiceError codes), if it failed. */
function endSpan(span: Span, code?: string) {
  if (code !== undefined) {
    span.setAttribute(ERROR_TYPE, code);
    if (FAILURE_CODES.has(code)) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'INTERNAL_ERROR';
};

/** Carries the trace context in NATS message headers (traceparent, tracestate). */
const natsSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};
const natsGetter: TextMapGetter<MsgHdrs> = {
  // nats.js answers '' for a header that is not there.
  get: (carrier, key) => carrier.get(key) || undefined,
  keys: (carrier) => carrier.keys(),
};

/** Puts the current trace context into a NATS message's headers; nothing when tracing is off. */
export function injectTraceContext(headers: MsgHdrs): void {
  if (tracer) propagation.inject(context.active(), headers, natsSetter);
}

/**
 * Runs one NATS request in a client span (`send <prefix><subject>`); `send` puts the trace context
 * into the request's headers (injectTraceContext), so that the handler's span is its child.
 */
export function traceNatsRequest<T>(
  prefix: string,
  plainSubject: string,
  send: () => Promise<T>,
): Promise<T> {
  if (!tracer) return send();
  // The subject as it is on the wire, as the handler's span names it.
  const subject = prefix + plainSubject;
  return tracer.startActiveSpan(
    `send ${subject}`,
    { kind: SpanKind.CLIENT, attributes: messaging(subject, 'send') },
    async (span) => {
      try {
        const answer = await send();
        endSpan(span);
        return answer;
      } catch (err) {
        endSpan(span, codeOf(err));
        throw err;
      }
    },
  );
}

/** A handler's span: `context` is where its work runs (runWithRequestContext's `trace`). */
export interface HandlerSpan {
  readonly context: Context;
  /** Runs `fn` (and the work it starts) in the span's context. */
  run<T>(fn: () => T): T;
  /** Ends it; `code` is the error code the handler failed with, if it failed. */
  end(code?: string): void;
}

function handlerSpan(span: Span, parent: Context): HandlerSpan {
  const spanContext = trace.setSpan(parent, span);
  return {
    context: spanContext,
    run: (fn) => context.with(spanContext, fn),
    end: (code) => endSpan(span, code),
  };
}

/**
 * The server span of a NATS message handler (`process <subject>`), a child of the requester's
 * span when the message's headers carry its trace context. Undefined when tracing is off.
 */
export function startNatsHandlerSpan(
  subject: string,
  headers: MsgHdrs | undefined,
): HandlerSpan | undefined {
  if (!tracer) return undefined;
  const parent = headers ? propagation.extract(ROOT_CONTEXT, headers, natsGetter) : ROOT_CONTEXT;
  const span = tracer.startSpan(
    `process ${subject}`,
    { kind: SpanKind.SERVER, attributes: messaging(subject, 'process') },
    parent,
  );
  return handlerSpan(span, parent);
}

/** What the gateway knows of an incoming HTTP request when it starts. */
export interface HttpRequestInfo {
  method: string;
  /** The route's pattern (`/api/shop/:shopUrl`); none when no route matched. */
  route?: string;
  path: string;
  scheme: string;
  headers: Record<string, string | string[] | undefined>;
  clientAddress?: string;
  requestId?: string;
}

export interface HttpSpan extends HandlerSpan {
  /** The trace's and span's ids, for the request's log lines. */
  readonly ids: { traceId: string; spanId: string };
  /** Ends it with the response's status. */
  respond(status: number): void;
}

/**
 * The server span of an incoming HTTP request (`GET /api/shop/:shopUrl`), continuing the trace
 * of a traceparent header (a proxy's or the caller's). Undefined when tracing is off.
 */
export function startHttpServerSpan(request: HttpRequestInfo): HttpSpan | undefined {
  if (!tracer) return undefined;
  const parent = propagation.extract(ROOT_CONTEXT, request.headers, httpGetter);
  const attributes: Attributes = {
    'http.request.method': request.method,
    'url.path': request.path,
    'url.scheme': request.scheme,
  };
  if (request.route) attributes['http.route'] = request.route;
  if (request.clientAddress) attributes['client.address'] = request.clientAddress;
  const userAgent = request.headers['user-agent'];
  if (typeof userAgent === 'string') attributes['user_agent.original'] = userAgent;
  // The request id, so that a trace is found from a log line or an error envelope.
  if (request.requestId) attributes['http.request.header.x-request-id'] = [request.requestId];
  const span = tracer.startSpan(
    request.route ? `${request.method} ${request.route}` : request.method,
    { kind: SpanKind.SERVER, attributes },
    parent,
  );
  return {
    ...handlerSpan(span, parent),
    ids: { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId },
    respond(status: number) {
      span.setAttribute('http.response.status_code', status);
      // A server span is an error on a 5xx only: a 4xx is the client's.
      if (status >= 500) {
        span.setAttribute(ERROR_TYPE, String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}

const httpGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  get: (carrier, key) => carrier[key],
  keys: (carrier) => Object.keys(carrier),
};

/**
 * A producer span for one message published to a JetStream stream (`send <subject>`): its
 * trace context goes in the message's headers (`traceparent` and `tracestate`), for the
 * consumer's span to link to. Undefined when tracing is off.
 */
export function startProducerSpan(
  subject: string,
): { headers: Record<string, string>; end(code?: string): void } | undefined {
  if (!tracer) return undefined;
  const span = tracer.startSpan(`send ${subject}`, {
    kind: SpanKind.PRODUCER,
    attributes: messaging(subject, 'send'),
  });
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return { headers, end: (code) => endSpan(span, code) };
}

/**
 * Runs the handling of a batch of stream messages in a consumer span (`process <consumer>`)
 * linked to the span that published each message (a batch has many parents: links, as the
 * messaging conventions say).
 */
export function traceConsumedBatch<T>(
  consumer: string,
  batch: ReadonlyArray<{ headers?: MsgHdrs }>,
  handle: () => Promise<T>,
): Promise<T> {
  if (!tracer) return handle();
  const links: Link[] = [];
  for (const message of batch) {
    if (!message.headers) continue;
    const linked = trace.getSpanContext(
      propagation.extract(ROOT_CONTEXT, message.headers, natsGetter),
    );
    if (linked) links.push({ context: linked });
  }
  return tracer.startActiveSpan(
    `process ${consumer}`,
    {
      kind: SpanKind.CONSUMER,
      links,
      attributes: {
        [MESSAGING_SYSTEM]: 'nats',
        [MESSAGING_OPERATION_TYPE]: 'process',
        [MESSAGING_OPERATION_NAME]: 'process',
        [MESSAGING_CONSUMER_GROUP]: consumer,
        [MESSAGING_BATCH_COUNT]: batch.length,
      },
    },
    ROOT_CONTEXT,
    async (span) => {
      try {
        const result = await handle();
        endSpan(span);
        return result;
      } catch (err) {
        endSpan(span, codeOf(err));
        throw err;
      }
    },
  );
}

/** The current trace context as a job's data carries it (`traceparent`...); none when off. */
export function currentTraceCarrier(): Record<string, string> | undefined {
  if (!tracer) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/**
 * Runs a queued job in a consumer span (`process <queue>`), a child of the span that queued it
 * when its data carries the trace context (currentTraceCarrier).
 */
export function traceJob<T>(
  queue: string,
  carrier: Record<string, string> | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!tracer) return run();
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  return tracer.startActiveSpan(
    `process ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        [MESSAGING_SYSTEM]: 'bullmq',
        [MESSAGING_DESTINATION]: queue,
        [MESSAGING_OPERATION_TYPE]: 'process',
        [MESSAGING_OPERATION_NAME]: 'process',
      },
    },
    parent,
    async (span) => {
      try {
        const result = await run();
        endSpan(span);
        return result;
      } catch (err) {
        // A job's failure is the system's (it is retried), whatever its reason says.
        endSpan(span, 'INTERNAL_ERROR');
        throw err;
      }
    },
  );
}

function messaging(subject: string, operation: 'send' | 'process'): Attributes {
  return {
    [MESSAGING_SYSTEM]: 'nats',
    [MESSAGING_DESTINATION]: subject,
    [MESSAGING_OPERATION_TYPE]: operation,
    [MESSAGING_OPERATION_NAME]: operation,
  };
}
