import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { headers as natsHeaders } from 'nats';
import { createLogger } from './logger';
import { runWithRequestContext } from './request-context';
import {
  activeTraceIds,
  currentTraceCarrier,
  injectTraceContext,
  startNatsHandlerSpan,
  startProducerSpan,
  startTracing,
  traceConsumedBatch,
  traceJob,
  traceNatsRequest,
  type Tracing,
  tracesEndpoint,
  tracingEnabled,
  type TracingConfig,
} from './tracing';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

const config = (endpoints: Partial<TracingConfig> = {}): TracingConfig => ({
  APP_VERSION: 'test',
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
  OTEL_SERVICE_NAME: '',
  OTEL_TRACES_SAMPLER: 'parentbased_always_on',
  OTEL_TRACES_SAMPLER_ARG: '1',
  ...endpoints,
});

/** A logger whose lines are kept, parsed. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('test', 'info', {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe('tracing', () => {
  it('sends to the traces endpoint, else to the base endpoint’s /v1/traces', () => {
    expect(tracesEndpoint(config())).toBeUndefined();
    expect(tracesEndpoint(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesEndpoint(
        config({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/v1/traces',
        }),
      ),
    ).toBe('http://tempo:4318/v1/traces');
  });

  describe('without an endpoint', () => {
    it('registers nothing, puts no header and makes no span', async () => {
      const { logger, lines } = capturingLogger();
      const tracing = await startTracing('shop-service', config(), logger);
      expect(tracing.enabled).toBe(false);
      expect(tracingEnabled()).toBe(false);
      // No SDK behind the API: its spans record nothing.
      expect(trace.getTracer('any').startSpan('any').isRecording()).toBe(false);

      const headers = natsHeaders();
      const answer = await traceNatsRequest('', 'shop.product.get', async () => {
        injectTraceContext(headers);
        return 42;
      });
      expect(answer).toBe(42);
      expect(headers.keys()).toEqual([]);
      expect(startNatsHandlerSpan('shop.product.get', headers)).toBeUndefined();
      expect(startProducerSpan('analytics.track.click')).toBeUndefined();
      expect(currentTraceCarrier()).toBeUndefined();
      await expect(traceConsumedBatch('store', [{}], async () => 'done')).resolves.toBe('done');
      await expect(traceJob('images', undefined, async () => 'done')).resolves.toBe('done');

      runWithRequestContext({ requestId: 'r-1' }, () => logger.info('handled'));
      expect(activeTraceIds()).toBeUndefined();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ requestId: 'r-1' });
      expect(lines[0]).not.toHaveProperty('traceId');
      await tracing.shutdown();
    });
  });

  describe('with an exporter', () => {
    const exporter = new InMemorySpanExporter();
    const captured = capturingLogger();
    let tracing: Tracing;
    const spans = () => exporter.getFinishedSpans();
    const named = (name: string) => {
      const found = spans().find((span) => span.name === name);
      if (!found)
        throw new Error(
          `no span ${name} in ${spans()
            .map((s) => s.name)
            .join(', ')}`,
        );
      return found;
    };

    beforeAll(async () => {
      tracing = await startTracing('gateway', config(), captured.logger, exporter);
    });
    beforeEach(() => exporter.reset());
    afterAll(() => tracing.shutdown());

    it('carries a request’s trace context in its NATS headers to the handler’s span', async () => {
      const headers = natsHeaders();
      await traceNatsRequest('t1.', 'shop.product.get', async () => injectTraceContext(headers));
      const client = named('send t1.shop.product.get');
      expect(client.kind).toBe(SpanKind.CLIENT);
      expect(client.attributes).toMatchObject({
        'messaging.system': 'nats',
        'messaging.destination.name': 't1.shop.product.get',
      });
      const [, traceId, parentId] = TRACEPARENT.exec(headers.get('traceparent'))!;
      expect(traceId).toBe(client.spanContext().traceId);
      expect(parentId).toBe(client.spanContext().spanId);

      // The handler side: its span is the client span's child, and its log lines carry the ids.
      const handler = startNatsHandlerSpan('t1.shop.product.get', headers)!;
      runWithRequestContext({ requestId: 'r-2', trace: handler.context }, () =>
        captured.logger.info('request handled'),
      );
      handler.end();
      const server = named('process t1.shop.product.get');
      expect(server.kind).toBe(SpanKind.SERVER);
      expect(server.spanContext().traceId).toBe(traceId);
      expect(server.parentSpanContext?.spanId).toBe(parentId);
      expect(captured.lines.at(-1)).toMatchObject({
        requestId: 'r-2',
        traceId,
        spanId: server.spanContext().spanId,
      });
    });

    it('writes the ids once on a line of a logger that carries them already', () => {
      const raw: string[] = [];
      const logger = createLogger('gateway', 'info', { write: (line: string) => raw.push(line) });
      const handler = startNatsHandlerSpan('any', undefined)!;
      const ids = handler.run(() => activeTraceIds())!;
      handler.run(() => logger.child(ids).info('request completed'));
      handler.run(() => logger.info('in the handler'));
      handler.end();
      expect(raw.map((line) => line.split('"traceId"').length - 1)).toEqual([1, 1]);
      expect(JSON.parse(raw[1]!)).toMatchObject(ids);
    });

    it('starts a new trace for a message without a usable traceparent', () => {
      for (const value of [undefined, 'garbage', `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01`]) {
        const headers = natsHeaders();
        if (value) headers.set('traceparent', value);
        startNatsHandlerSpan('shop.product.get', headers)!.end();
      }
      expect(spans()).toHaveLength(3);
      for (const span of spans()) {
        expect(span.parentSpanContext).toBeUndefined();
        expect(span.spanContext().traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
      }
    });

    it('marks a span failed by the system as an error, and a refusal not', async () => {
      const failing = (code: string) =>
        traceNatsRequest('', `fails.${code}`, () =>
          Promise.reject(Object.assign(new Error(), { code })),
        );
      await expect(failing('SERVICE_TIMEOUT')).rejects.toThrow();
      await expect(failing('NOT_FOUND')).rejects.toThrow();
      expect(named('send fails.SERVICE_TIMEOUT').status.code).toBe(SpanStatusCode.ERROR);
      expect(named('send fails.SERVICE_TIMEOUT').attributes['error.type']).toBe('SERVICE_TIMEOUT');
      expect(named('send fails.NOT_FOUND').status.code).toBe(SpanStatusCode.UNSET);
      expect(named('send fails.NOT_FOUND').attributes['error.type']).toBe('NOT_FOUND');
    });

    it('links a batch’s consumer span to the span that published each event', async () => {
      const published = [startProducerSpan('analytics.track.click')!, startProducerSpan('x')!];
      for (const producer of published) producer.end();
      const batch = published.map((producer) => {
        const headers = natsHeaders();
        for (const [key, value] of Object.entries(producer.headers)) headers.set(key, value);
        return { headers };
      });
      await traceConsumedBatch('analytics-store', [...batch, {}], async () => undefined);
      const consumer = named('process analytics-store');
      expect(consumer.kind).toBe(SpanKind.CONSUMER);
      expect(consumer.attributes['messaging.batch.message_count']).toBe(3);
      const producers = spans().filter((span) => span.kind === SpanKind.PRODUCER);
      expect(producers).toHaveLength(2);
      expect(consumer.links.map((link) => link.context.spanId)).toEqual(
        producers.map((span) => span.spanContext().spanId),
      );
      expect(consumer.links.map((link) => link.context.traceId)).toEqual(
        producers.map((span) => span.spanContext().traceId),
      );
    });

    it('runs a queued job as a child of the span that queued it', async () => {
      const handler = startNatsHandlerSpan('media.image.upload', undefined)!;
      const carrier = handler.run(() => currentTraceCarrier());
      handler.end();
      expect(carrier?.traceparent).toMatch(TRACEPARENT);
      await expect(
        traceJob('media-images', carrier, () => Promise.reject(new Error('sharp failed'))),
      ).rejects.toThrow('sharp failed');
      const job = named('process media-images');
      const queued = named('process media.image.upload');
      expect(job.spanContext().traceId).toBe(queued.spanContext().traceId);
      expect(job.parentSpanContext?.spanId).toBe(queued.spanContext().spanId);
      expect(job.status.code).toBe(SpanStatusCode.ERROR);
    });
  });
});
