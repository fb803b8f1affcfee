import 'reflect-metadata';
import { describeConfig } from '@kartlink/config';
import {
  createLogger,
  GracefulShutdown,
  loadServiceConfig,
  startTracing,
} from '@kartlink/server-kit';
import { createGateway } from './app.factory';
import { configSchema } from './config';

async function main() {
  const config = loadServiceConfig('gateway', configSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  logger.info({ config: describeConfig(configSchema, config) }, 'starting');
  const tracing = await startTracing('gateway', config, logger);
  const app = await createGateway(config, logger);
  // On SIGTERM: the HTTP side closes first (new connections refused, requests in progress
  // finished; see http/graceful-close.ts), then NATS is drained and Redis closed, then the last
  // spans are exported.
  new GracefulShutdown({
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await app.close();
      await tracing.shutdown();
    },
  }).listen();
  await app.listen({ port: config.PORT, host: config.HOST });
  // The address people open, not the socket's (0.0.0.0 or 127.0.0.1), so that one address shows.
  logger.info(
    { publicUrl: config.PUBLIC_URL, host: config.HOST, port: config.PORT },
    'gateway listening',
  );
}

void main();
