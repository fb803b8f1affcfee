import 'reflect-metadata';
import { describeConfig } from '@kartlink/config';
import {
  createLogger,
  GracefulShutdown,
  loadServiceConfig,
  metrics,
  startMetricsServer,
  startTracing,
} from '@kartlink/server-kit';
import { createGateway } from './app.factory';
import { configSchema } from './config';
import { HealthService } from './health/health.service';

async function main() {
  const config = loadServiceConfig('gateway', configSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  logger.info({ config: describeConfig(configSchema, config) }, 'starting');
  metrics.init({ subjectPrefix: config.NATS_SUBJECT_PREFIX });
  const tracing = await startTracing('gateway', config, logger);
  const app = await createGateway(config, logger);
  // On a port of its own, never the public one: /metrics is for the operators' Prometheus.
  // Ready as the load balancer's /api/health/ready?scope=gateway: its NATS and Redis answer.
  const health = app.get(HealthService);
  const metricsServer = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    logger,
    ready: async () => {
      const { status, checks } = await health.readiness(true);
      return { ready: status === 'ready', checks: { nats: checks.nats, redis: checks.redis } };
    },
  });
  // On SIGTERM: the HTTP side closes first (new connections refused, requests in progress
  // finished; see http/graceful-close.ts), then NATS is drained and Redis closed, then the last
  // spans are exported. The metrics port answers not ready from the start, and closes last.
  new GracefulShutdown({
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      metricsServer?.draining();
      await app.close();
      await tracing.shutdown();
      await metricsServer?.close();
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
