import { Inject, Injectable } from '@nestjs/common';
import {
  type DependencyCheck,
  type PublicServiceHealth,
  type Readiness,
  SERVICE_NAMES,
  type ServiceHealth,
  type ServiceName,
  Subjects,
} from '@kartlink/contracts';
import { LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import { ServiceClient } from '../services/service-client';
import { REDIS } from '../tokens';

/** Readiness probes must answer quickly even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 2000;

type ServiceCheck = DependencyCheck & { status?: ServiceHealth['status'] };

/**
 * Health as anyone may ask it: generic states only. Versions, timings and error texts (a
 * database's or Redis's message) stay in the log, written when something is not well; the
 * services' own probes read their full answer over NATS.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Asks one service how it is (the service checks its own database); answers its state. */
  async service(name: ServiceName): Promise<PublicServiceHealth> {
    const health = await this.askService(name);
    if (health.status !== 'ok') this.logger.warn({ health }, `${name}-service is not healthy`);
    return {
      service: health.service,
      status: health.status,
      checks: { database: { ok: health.checks.database.ok } },
    };
  }

  /** Every check; with `gatewayOnly`, the services are reported but do not decide. */
  async readiness(gatewayOnly = false): Promise<Readiness> {
    const [nats, redis, ...services] = await Promise.all([
      measure(() => withTimeout(this.services.natsRoundTrip(), CHECK_TIMEOUT_MS)),
      measure(() => withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS)),
      ...SERVICE_NAMES.map((name) => this.serviceCheck(name)),
    ]);
    const byName = Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, services[i]]));
    const ready = nats.ok && redis.ok && (gatewayOnly || services.every((s) => s.ok));
    if (!nats.ok || !redis.ok || services.some((s) => !s.ok))
      this.logger.warn(
        { checks: { nats, redis, services: byName }, gatewayOnly },
        ready ? 'ready, but not every check passed' : 'not ready',
      );
    return {
      status: ready ? 'ready' : 'not-ready',
      checks: {
        nats: { ok: nats.ok },
        redis: { ok: redis.ok },
        services: Object.fromEntries(
          SERVICE_NAMES.map((name, i) => [name, publicState(services[i])]),
        ) as Readiness['checks']['services'],
      },
    };
  }

  private askService(name: ServiceName): Promise<ServiceHealth> {
    return this.services.request<ServiceHealth>(
      Subjects.health(name),
      {},
      { timeoutMs: CHECK_TIMEOUT_MS },
    );
  }

  private async serviceCheck(name: ServiceName): Promise<ServiceCheck> {
    let health: ServiceHealth | undefined;
    const check = await measure(async () => {
      health = await this.askService(name);
      if (health.status !== 'ok') throw new Error(health.checks.database.error ?? 'degraded');
    });
    return health ? { ...check, status: health.status } : check;
  }
}

function publicState({ ok, status }: ServiceCheck) {
  return status ? { ok, status } : { ok };
}

async function measure(fn: () => Promise<unknown>): Promise<DependencyCheck> {
  const started = performance.now();
  try {
    await fn();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const error = err instanceof ServiceError ? err.code : (err as Error).message;
    return { ok: false, latencyMs: Math.round(performance.now() - started), error };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
