import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type HttpSpan, startHttpServerSpan, tracingEnabled } from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';

/**
 * A server span per HTTP request when tracing is on (server-kit tracing.ts): named by the
 * route's pattern, ended with the response's status. The handler runs in the span's context,
 * so that the service requests it makes are its children, and the request's log lines carry
 * the trace's ids. With tracing off, no hook is added at all.
 */
export function traceRequests(app: NestFastifyApplication) {
  if (!tracingEnabled()) return;
  const spans = new WeakMap<FastifyRequest, HttpSpan>();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    const span = startHttpServerSpan({
      method: request.method,
      route: request.routeOptions.url,
      path: request.url.split('?', 1)[0]!,
      scheme: request.protocol,
      headers: request.headers,
      clientAddress: request.ip,
      requestId: request.id,
    });
    if (span) {
      spans.set(request, span);
      // Fastify's own lines of the request ("incoming request", "request completed").
      request.log = request.log.child(span.ids);
      reply.log = request.log;
    }
    done();
  });
  // After the body is read (its stream's events run outside any context): the handler and the
  // hooks after this one run inside the span's context.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (span) span.run(done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    spans.get(request)?.respond(reply.statusCode);
    done();
  });
}
