import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** How often connections that went idle during a close are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * How the gateway's HTTP side closes (Fastify's close, which Nest's app.close() calls first,
 * before NATS and Redis): the port stops listening, so new connections are refused; a request
 * arriving on an open connection is answered 503 before it is read (return503OnClosing), the
 * readiness probe included, so that a load balancer sends it elsewhere; the requests in
 * progress finish, answered with `Connection: close`; and keep-alive connections are closed as
 * soon as they are idle, so the close never waits for a client's keep-alive timeout.
 */
export function closeConnectionsGracefully(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  let closing = false;
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  fastify.addHook('preClose', async () => {
    closing = true;
    const server = fastify.server;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.once('close', () => clearInterval(sweep));
  });
}
