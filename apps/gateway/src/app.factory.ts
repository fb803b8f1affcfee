import type { ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Headers } from '@kartlink/contracts';
import { acceptRequestId, type Logger, NestPinoLogger } from '@kartlink/server-kit';
import { type FastifyReply, type FastifyRequest, type FastifySchema, LogController } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import { GatewayModule } from './app.module';
import { CustomHosts } from './domains/custom-hosts';
import { HostRouting } from './domains/host-routing';
import type { GatewayConfig } from './config';
import { registerCompression } from './http/compression';
import { sendError } from './http/exception.filter';
import { closeConnectionsGracefully } from './http/graceful-close';
import { recordHttpMetrics } from './http/http-metrics';
import { registerJsonParser } from './http/json-body';
import { registerImportBodies } from './products/import-bodies';
import { traceRequests } from './http/request-tracing';
import { registerSecurityHeaders } from './http/security-headers';
import { schemaErrorFormatter, validatorCompiler } from './http/route-schema';
import { createValidationPipe } from './http/validation';
import { setupOpenApi } from './openapi';
import { registerPublicRoutes } from './public/public-routes';
import { registerTrackingRoutes } from './analytics/tracking-routes';
import { registerStoreRoutes } from './store-routing/store-routes';
import { registerImageRoutes } from './media/image-routes';
import { registerQrRoutes } from './share/qr-routes';
import { registerMultipart } from './media/multipart';
import { serveWebApp } from './web/web-app';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The plain Fastify routes' JSON schemas (route-schema.ts); Nest's routes have none. */
  schema?: FastifySchema;
}
const registered = new WeakMap<NestFastifyApplication, RegisteredRoute[]>();

/** Every route the gateway's Fastify has, as registered (Nest's and the plain ones). */
export function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  return registered.get(app) ?? [];
}

function recordRoutes(app: NestFastifyApplication) {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, schema: route.schema });
    });
}

/**
 * Builds the gateway, ready to listen. Tests build it the same way on a spare port; `imports`
 * lets a test mount an extra module behind the real pipeline.
 */
export async function createGateway(
  config: GatewayConfig,
  logger: Logger,
  imports: ModuleMetadata['imports'] = [],
): Promise<NestFastifyApplication> {
  // Each request's Host chooses what it serves before Fastify routes it (custom domains).
  const hostRouting = new HostRouting();
  const adapter = new FastifyAdapter({
    serverFactory: (handler: RequestListener) =>
      createServer((request, response) => hostRouting.handle(request, response, handler)),
    loggerInstance: logger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      acceptRequestId(req.headers[Headers.requestId], randomUUID),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Only the proxies in front count (a hop count or their addresses), never every hop: the
    // client address is the one the nearest trusted proxy saw, whatever the client itself sent.
    trustProxy: config.TRUST_PROXY === 0 ? false : config.TRUST_PROXY,
    // Service timeouts answer first; this only guards against clients that never finish sending.
    requestTimeout: 30_000,
    // While closing, a request on an open connection is refused unread (see graceful-close.ts).
    return503OnClosing: true,
    // A path Fastify's router cannot read (bad percent-encoding, an over-long parameter) gets
    // the envelope every other refusal gets.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      sendError(error, request, reply);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.register(config, logger, imports),
    adapter,
    {
      logger: new NestPinoLogger(logger),
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
  recordRoutes(app);
  registerImportBodies(app);
  // Route schemas are checked by the gateway's Ajv and refused with the envelope's field errors.
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSchemaErrorFormatter(schemaErrorFormatter);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(Headers.requestId, request.id);
    done();
  });
  recordHttpMetrics(app);
  traceRequests(app);
  app.setGlobalPrefix('api');
  // Only a configured origin gets CORS headers, credentials with it; any other origin (and a
  // request without one) gets none at all, so the browser keeps the answer from its page.
  const allowedOrigins = new Set(config.WEB_ORIGIN);
  app.enableCors({
    origin: (origin, allow) => allow(null, origin !== undefined && allowedOrigins.has(origin)),
    credentials: true,
    // Every method the API has (@fastify/cors allows GET, HEAD and POST only unless told).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: [Headers.requestId, 'retry-after'],
  });
  app.useGlobalPipes(createValidationPipe());
  closeConnectionsGracefully(app);
  // Before any route: each route's variant of the headers is read as it is declared.
  registerSecurityHeaders(app, config);
  // Before any route it compresses (the OpenAPI document's included): it hooks each route as
  // it is declared.
  await registerCompression(app);
  setupOpenApi(app, config.APP_VERSION, config.PUBLIC_URL, () => registeredRoutes(app));
  // Before any route: awaiting a plugin builds the routes declared so far at once, and those
  // would miss the error handler Nest installs at init (the one error mapping).
  await registerMultipart(app);
  let notFoundPage: ((nonce?: string) => string) | undefined;
  if (config.WEB_DIST_DIR) {
    notFoundPage = await serveWebApp(app, config.WEB_DIST_DIR, config.PUBLIC_URL);
    if (!notFoundPage)
      logger.warn(
        { dir: config.WEB_DIST_DIR },
        'no built web app there (index.html missing); serving the API only',
      );
  }
  registerPublicRoutes(app);
  registerTrackingRoutes(app);
  registerStoreRoutes(app, notFoundPage);
  registerImageRoutes(app);
  registerQrRoutes(app);
  await app.init();
  hostRouting.attach(app.get(CustomHosts));
  // In place of the JSON parser Nest registers at init.
  registerJsonParser(app);
  return app;
}
