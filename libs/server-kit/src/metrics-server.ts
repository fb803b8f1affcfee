import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger';
import { type AppMetrics, metrics as processMetrics } from './metrics';

/** What readiness answers: ready or not, and each check's state (no error text: it is logged). */
interface ReadinessReport {
  ready: boolean;
  checks: Record<string, { ok: boolean }>;
}

export interface MetricsServerOptions {
  /** METRICS_PORT; 0 starts none (see startMetricsServer). */
  port: number;
  host: string;
  logger: Logger;
  /** Readiness of this replica (its NATS connection, its database, ...). */
  ready: () => Promise<ReadinessReport>;
  metrics?: AppMetrics;
}

export interface MetricsServer {
  /** The port it listens on. */
  port: number;
  /** From now on /readyz answers 503 (the app is shutting down). */
  draining(): void;
  close(): Promise<void>;
}

/**
 * The small HTTP server beside an app, for operators and the orchestrator only (never the
 * public port): GET /metrics (Prometheus text), /healthz (the process serves) and /readyz
 * (this replica can do its work: 200, or 503 with the failing checks). Undefined when `port`
 * is 0: tests and tools that start apps on their own leave it off.
 */
export async function startMetricsServer(
  options: MetricsServerOptions,
): Promise<MetricsServer | undefined> {
  if (options.port === 0) return undefined;
  const registry = options.metrics ?? processMetrics;
  let draining = false;
  registry.watchReadiness(() =>
    draining ? Promise.resolve({ ready: false, checks: {} }) : options.ready(),
  );
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const json = (status: number, body: unknown) =>
      send(status, 'application/json; charset=utf-8', JSON.stringify(body));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return json(405, { error: 'only GET and HEAD' });
    }
    switch (path) {
      case '/metrics':
        return void registry.scrape().then(
          (text) => send(200, registry.contentType, text),
          (err: unknown) => {
            options.logger.error({ err }, 'metrics not collected');
            json(500, { error: 'metrics not collected' });
          },
        );
      case '/healthz':
        return json(200, { status: 'ok' });
      case '/readyz':
        if (draining) return json(503, { status: 'not-ready', checks: {}, shuttingDown: true });
        return void options.ready().then(
          (report) =>
            json(report.ready ? 200 : 503, {
              status: report.ready ? 'ready' : 'not-ready',
              checks: report.checks,
            }),
          (err: unknown) => {
            options.logger.warn({ err }, 'readiness not checked');
            json(503, { status: 'not-ready', checks: {} });
          },
        );
      default:
        return json(404, { error: 'not found: /metrics, /healthz and /readyz are served here' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ host: options.host, port }, 'metrics and health listening');
  return {
    port,
    draining: () => {
      draining = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Resolves with `check`'s outcome as ok or not, within `ms`. */
export async function checkWithin(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
