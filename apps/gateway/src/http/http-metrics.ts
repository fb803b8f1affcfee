import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { metrics } from '@kartlink/server-kit';

/** The route label of a request no route matched (a 404, or a path the router refused). */
const UNMATCHED = 'unmatched';

/**
 * One observation per answered request: its duration by method, route pattern (never the URL,
 * which carries shop names and short codes) and status. Fastify measured the time already
 * (reply.elapsedTime): nothing is allocated here beyond the first request of a label set.
 */
export function recordHttpMetrics(app: NestFastifyApplication) {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', (request, reply, done) => {
      metrics.observeHttp(
        request.method,
        request.routeOptions.url ?? UNMATCHED,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
}
